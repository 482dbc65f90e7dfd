package countingbloom

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// key returns the 8-byte little-endian encoding of i: distinct i, distinct keys.
func key(i uint64) []byte {
	return binary.LittleEndian.AppendUint64(nil, i)
}

// counter reads counter i directly.
func (f *Filter) counter(i uint64) uint64 { return f.words[i/16] >> (4 * (i % 16)) & 15 }

func TestAddRemoveRoundTrip(t *testing.T) {
	const n = 50_000
	f := New(10*n, 7)
	for i := range uint64(n) {
		f.Add(key(i))
	}
	for i := range uint64(n) {
		if !f.Test(key(i)) {
			t.Fatalf("key %d added but Test = false", i)
		}
	}
	for i := range uint64(n) {
		if !f.Remove(key(i)) {
			t.Fatalf("Remove(key %d) = false for a key added once", i)
		}
	}
	for i, w := range f.words {
		if w != 0 {
			t.Fatalf("word %d = %#x after every key was removed; want 0", i, w)
		}
	}
}

func TestSaturationSticks(t *testing.T) {
	f := New(1000, 3)
	a := []byte("a")
	for i := range 100 {
		f.Add(a)
		if want := uint(min(i+1, 15)); f.Count(a) != want {
			t.Fatalf("after %d adds Count = %d, want %d", i+1, f.Count(a), want)
		}
	}
	for range 99 {
		if !f.Remove(a) {
			t.Fatal("Remove of a saturated key returned false")
		}
	}
	if !f.Test(a) || f.Count(a) != 15 {
		t.Errorf("after 100 adds and 99 removes: Test = %v, Count = %d; want true, 15", f.Test(a), f.Count(a))
	}
}

func TestCoincidingPositionsMoveByTwo(t *testing.T) {
	for _, k := range []uint{1, 2, 3, 5} {
		f := New(1, k)
		f.Add([]byte("x"))
		if got := f.Count([]byte("y")); got != min(k, 15) {
			t.Errorf("m=1, k=%d: one Add makes the counter %d, want %d", k, got, k)
		}
		f.Add([]byte("x"))
		f.Remove([]byte("x"))
		if got := f.counter(0); got != uint64(min(k, 15)) {
			t.Errorf("m=1, k=%d: Add, Add, Remove leaves %d, want %d", k, got, k)
		}
		f.Remove([]byte("x"))
		if f.Test([]byte("x")) {
			t.Errorf("m=1, k=%d: Test = true after removing every Add", k)
		}
	}
}

func TestRemoveAbsentChangesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	f := New(64, 3)
	for i := range uint64(20) {
		f.Add(key(i))
	}
	before := append([]uint64(nil), f.words...)
	removed := 0
	for range 10_000 {
		k := key(1000 + rng.Uint64N(1<<40))
		if !f.Test(k) {
			if f.Remove(k) {
				t.Fatal("Remove of a key testing false returned true")
			}
			removed++
		}
	}
	if removed == 0 {
		t.Fatal("no key tested false: the test proves nothing")
	}
	for i := range before {
		if f.words[i] != before[i] {
			t.Fatalf("word %d changed by Removes of keys testing false", i)
		}
	}
}

func TestNoNeighbourBorrow(t *testing.T) {
	// Removing a key more often than it was added is the caller's error, but it must not
	// reach into the neighbouring counters.
	f := New(16, 2)
	f.Add([]byte("a"))
	f.Remove([]byte("a"))
	f.Add([]byte("b"))
	before := append([]uint64(nil), f.words...)
	for range 5 {
		f.Remove([]byte("b"))
		f.Remove([]byte("b"))
	}
	for i := range uint64(16) {
		if f.counter(i) > 15 || (before[0]>>(4*i)&15 == 0 && f.counter(i) != 0) {
			t.Fatalf("counter %d = %d after extra removes", i, f.counter(i))
		}
	}
}

func TestEmptyAndNilKeys(t *testing.T) {
	f := New(1000, 3)
	if f.Test(nil) || f.Remove(nil) || f.Count(nil) != 0 {
		t.Error("empty filter: Test, Remove or Count of nil is not false, false, 0")
	}
	f.Add(nil)
	if !f.Test([]byte{}) || f.Count([]byte{}) != 1 {
		t.Error("after Add(nil), the empty key is not present once")
	}
	if !f.Remove([]byte{}) || f.Test(nil) {
		t.Error("Remove([]byte{}) did not remove nil")
	}
}

func TestMAndKExact(t *testing.T) {
	for _, m := range []uint64{1, 15, 16, 17, 1000, 1 << 20} {
		for _, k := range []uint{1, 2, 7, 30} {
			f := New(m, k)
			if f.M() != m || f.K() != k {
				t.Errorf("New(%d, %d): M() = %d, K() = %d", m, k, f.M(), f.K())
			}
			if want := (m + 15) / 16; uint64(len(f.words)) != want {
				t.Errorf("New(%d, %d): %d words, want %d", m, k, len(f.words), want)
			}
		}
	}
}

// TestFalsePositiveRateAfterRemoves adds 2n keys, removes n of them, and compares the false
// positives among N keys never added with N·(1 − e^(−kn/m))^k: within 6 standard deviations
// and 1% of the mean (the formula is an approximation), which a right filter misses with odds
// about 2e-9.
func TestFalsePositiveRateAfterRemoves(t *testing.T) {
	const n, tests = 100_000, 1_000_000
	for _, size := range []struct {
		m uint64
		k uint
	}{{10 * n, 7}, {479_001, 3}} {
		t.Run(fmt.Sprintf("m=%d,k=%d", size.m, size.k), func(t *testing.T) {
			f := New(size.m, size.k)
			for i := range uint64(2 * n) {
				f.Add(key(i))
			}
			for i := uint64(0); i < 2*n; i += 2 {
				if !f.Remove(key(i)) {
					t.Fatalf("Remove(key %d) = false", i)
				}
			}
			fp := 0
			for i := uint64(2 * n); i < 2*n+tests; i++ {
				if f.Test(key(i)) {
					fp++
				}
			}
			p := math.Pow(1-math.Exp(-float64(size.k)*n/float64(size.m)), float64(size.k))
			mean, sd := tests*p, math.Sqrt(tests*p*(1-p))
			if d := math.Abs(float64(fp) - mean); d > 6*sd+0.01*mean {
				t.Errorf("%d false positives in %d tests (rate %.5f), want %.0f ± %.0f (rate %.5f)",
					fp, tests, float64(fp)/tests, mean, 6*sd+0.01*mean, p)
			}
		})
	}
}

// TestCounterStorage checks that New(m, k) allocates m/2 bytes: 1 MiB for 2 Mi counters.
func TestCounterStorage(t *testing.T) {
	got := uint64(math.MaxUint64)
	for range 5 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f := New(2<<20, 7)
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(f)
		got = min(got, after.TotalAlloc-before.TotalAlloc)
	}
	if got < 1<<20 || got > 1<<20+4096 {
		t.Errorf("New(2<<20, 7) allocated %d bytes, want 1 MiB plus at most 4 KiB", got)
	}
}

func TestNoAllocations(t *testing.T) {
	f := New(1000, 5)
	k := key(42)
	if a := testing.AllocsPerRun(100, func() { f.Add(k); f.Test(k); f.Count(k); f.Remove(k) }); a != 0 {
		t.Errorf("Add, Test, Count and Remove allocate %.1f times per call", a)
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"New(0, 1)": func() { New(0, 1) },
		"New(1, 0)": func() { New(1, 0) },
		"New(0, 0)": func() { New(0, 0) },
	} {
		func() {
			defer func() {
				r := recover()
				if msg, _ := r.(string); !strings.HasPrefix(msg, "countingbloom: ") {
					t.Errorf("%s panicked with %v, want a message starting with \"countingbloom: \"", name, r)
				}
			}()
			f()
		}()
	}
}

// Benchmarks: the filter at n = 10^6 keys, m = 10n counters, k = 7.
const benchN = 1_000_000

func BenchmarkAdd(b *testing.B) {
	f := New(10*benchN, 7)
	i := uint64(0)
	k := make([]byte, 8)
	for b.Loop() {
		binary.LittleEndian.PutUint64(k, i%benchN)
		f.Add(k)
		i++
	}
}

func BenchmarkTest(b *testing.B) {
	f := New(10*benchN, 7)
	k := make([]byte, 8)
	for i := range uint64(benchN) {
		binary.LittleEndian.PutUint64(k, i)
		f.Add(k)
	}
	i := uint64(0)
	for b.Loop() {
		binary.LittleEndian.PutUint64(k, i%(2*benchN))
		f.Test(k)
		i++
	}
}
