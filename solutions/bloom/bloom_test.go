package bloom

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

func TestNoFalseNegatives(t *testing.T) {
	const n = 100_000
	for _, size := range []struct {
		m uint64
		k uint
	}{{10 * n, 7}, {999_983, 3}, {64, 2}, {1, 1}} {
		f := New(size.m, size.k)
		for i := range uint64(n) {
			f.Add(key(i))
		}
		for i := range uint64(n) {
			if !f.Test(key(i)) {
				t.Fatalf("m=%d k=%d: key %d added but Test = false", size.m, size.k, i)
			}
		}
	}
}

func TestEmptyFilter(t *testing.T) {
	f := New(1000, 3)
	for _, k := range [][]byte{nil, {}, []byte("a"), key(0)} {
		if f.Test(k) {
			t.Errorf("empty filter: Test(%q) = true", k)
		}
	}
}

func TestEmptyAndNilKeys(t *testing.T) {
	f := New(1000, 3)
	f.Add(nil)
	if !f.Test(nil) || !f.Test([]byte{}) {
		t.Error("after Add(nil), Test(nil) or Test([]byte{}) = false: both are the empty key")
	}
	g := New(1000, 3)
	g.Add([]byte{})
	if !g.Test(nil) {
		t.Error("after Add([]byte{}), Test(nil) = false")
	}
}

// TestKeyNotRetained changes the key's bytes after Add: the filter must still
// answer for the value that was added, so it hashed the bytes, not kept them.
func TestKeyNotRetained(t *testing.T) {
	f := New(1<<16, 4)
	k := []byte("retained?")
	f.Add(k)
	copy(k, "RETAINED!")
	if !f.Test([]byte("retained?")) {
		t.Error("Test(original value) = false after the caller changed its slice")
	}
	if f.Test(k) {
		t.Error("the changed slice tests positive: the filter seems to read the caller's memory")
	}
}

func TestMAndKExact(t *testing.T) {
	for _, m := range []uint64{1, 63, 64, 65, 1000, 999_983, 1 << 20} {
		for _, k := range []uint{1, 2, 7, 30} {
			f := New(m, k)
			if f.M() != m || f.K() != k {
				t.Errorf("New(%d, %d): M() = %d, K() = %d", m, k, f.M(), f.K())
			}
			if want := (m + 63) / 64; uint64(len(f.bits)) != want {
				t.Errorf("New(%d, %d): %d words of bits, want %d", m, k, len(f.bits), want)
			}
		}
	}
}

// TestPositionsInRange checks the reduction to [0, m) at the extremes of g.
func TestPositionsInRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range []uint64{1, 2, 63, 64, 65, 999_983, math.MaxUint64} {
		f := &Filter{m: m}
		for _, g := range []uint64{0, 1, math.MaxUint64, math.MaxUint64 - 1, rng.Uint64(), rng.Uint64()} {
			if p := f.position(g); p >= m {
				t.Errorf("m=%d: position(%#x) = %d, out of range", m, g, p)
			}
		}
	}
}

// TestFalsePositiveRate adds n keys, tests N others and compares the number of
// false positives with N*p, p = FalsePositiveRate(M(), n, K()). The count is
// binomial(N, p) (the k positions of different keys are independent hashes),
// so it lies within 6 standard deviations of the mean except with probability
// about 2e-9; 0.5% of the mean is added for the formula, which is an
// approximation (the exact rate is slightly higher for finite m).
func TestFalsePositiveRate(t *testing.T) {
	const n, tests = 100_000, 1_000_000
	for _, size := range []struct {
		m uint64
		k uint
	}{{10 * n, 7}, {479_001, 3}, {2_000_003, 14}} {
		t.Run(fmt.Sprintf("m=%d,k=%d", size.m, size.k), func(t *testing.T) {
			f := New(size.m, size.k)
			for i := range uint64(n) {
				f.Add(key(i))
			}
			fp := 0
			for i := uint64(n); i < n+tests; i++ {
				if f.Test(key(i)) {
					fp++
				}
			}
			p := FalsePositiveRate(f.M(), n, f.K())
			mean, sd := tests*p, math.Sqrt(tests*p*(1-p))
			if d := math.Abs(float64(fp) - mean); d > 6*sd+0.005*mean {
				t.Errorf("%d false positives in %d tests (rate %.5f), want %.0f ± %.0f (rate %.5f)",
					fp, tests, float64(fp)/tests, mean, 6*sd+0.005*mean, p)
			}
		})
	}
}

// TestBitStorage checks that New(m, k) allocates about m/8 bytes: 1 MiB for
// 8 Mi bits, plus a small constant. TotalAlloc is process-wide, so a runtime
// or testing goroutine may allocate during one measurement; the smallest of a
// few measurements is New's own.
func TestBitStorage(t *testing.T) {
	got := uint64(math.MaxUint64)
	for range 5 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f := New(8<<20, 7)
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(f)
		got = min(got, after.TotalAlloc-before.TotalAlloc)
	}
	if got < 1<<20 || got > 1<<20+4096 {
		t.Errorf("New(8<<20, 7) allocated %d bytes, want 1 MiB (%d) plus at most 4 KiB", got, 1<<20)
	}
}

func TestNoAllocations(t *testing.T) {
	f := New(1000, 5)
	k := key(42)
	if a := testing.AllocsPerRun(100, func() { f.Add(k); f.Test(k) }); a != 0 {
		t.Errorf("Add and Test allocate %.1f times per call", a)
	}
}

func TestNewWithEstimates(t *testing.T) {
	f := NewWithEstimates(1000, 0.01)
	if f.M() != 9586 || f.K() != 7 {
		t.Errorf("NewWithEstimates(1000, 0.01): m = %d, k = %d, want 9586, 7", f.M(), f.K())
	}
	f = NewWithEstimates(0, 0.5)
	if f.M() != 1 || f.K() != 1 {
		t.Errorf("NewWithEstimates(0, 0.5): m = %d, k = %d, want 1, 1", f.M(), f.K())
	}
}

// The expected values below were computed independently with 50-digit
// arithmetic (Python mpmath); the comments give the exact real values.
func TestOptimalM(t *testing.T) {
	for _, c := range []struct {
		n    uint64
		p    float64
		want uint64
	}{
		{1000, 0.01, 9586},           // 9585.058...
		{1_000_000, 0.01, 9_585_059}, // 9585058.377...
		{1_000_000, 0.001, 14_377_588},
		{100, 1e-9, 4314}, // 4313.276...
		{12345, 0.05, 76974},
		{1, 0.5, 2}, // 1.4427...
		{0, 0.5, 1}, // 0, raised to the minimum of 1
		{math.MaxUint64, 1e-300, math.MaxUint64},
	} {
		if got := OptimalM(c.n, c.p); got != c.want {
			t.Errorf("OptimalM(%d, %g) = %d, want %d", c.n, c.p, got, c.want)
		}
	}
}

func TestOptimalK(t *testing.T) {
	for _, c := range []struct {
		m, n   uint64
		want   uint
		reason string
	}{
		{9586, 1000, 7, "x = 6.64: rate 0.010139 at 6, 0.010035 at 7"},
		{10, 1, 7, "x = 6.93: rate 0.008436 at 6, 0.008194 at 7"},
		{10_000_000, 1_000_000, 7, "same ratio as 10 bits per key"},
		{2886, 1000, 2, "x = 2.0004: the floor wins, rate 0.24993 at 2, 0.27005 at 3"},
		{2885, 1000, 2, "x = 1.9997: the ceiling wins, rate 0.29293 at 1, 0.25005 at 2"},
		{4328, 1000, 3, "x = 2.99994: the ceiling wins"},
		{1000, 1000, 1, "x = 0.69: the floor 0 is not allowed"},
		{1, 1000, 1, "x = 0.0007"},
		{1000, 0, 1, "no keys"},
		{1, 0, 1, "no keys"},
	} {
		if got := OptimalK(c.m, c.n); got != c.want {
			t.Errorf("OptimalK(%d, %d) = %d, want %d (%s)", c.m, c.n, got, c.want, c.reason)
		}
	}
}

func TestFalsePositiveRateFormula(t *testing.T) {
	for _, c := range []struct {
		m, n uint64
		k    uint
		want float64
	}{
		{9586, 1000, 7, 0.010034531962677978},
		{10_000_000, 1_000_000, 7, 0.0081937220658624174},
		{1000, 1000, 1, 0.63212055882855768}, // 1 - 1/e
		{1000, 0, 5, 0},                      // no keys: no false positives
		{1e18, 1, 1, 1e-18},                  // where 1 - e^-t would give 0
		{64, 1000, 3, 1},
	} {
		got := FalsePositiveRate(c.m, c.n, c.k)
		if math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("FalsePositiveRate(%d, %d, %d) = %.17g, want %.17g", c.m, c.n, c.k, got, c.want)
		}
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"New(0, 1)":                  func() { New(0, 1) },
		"New(1, 0)":                  func() { New(1, 0) },
		"OptimalM(1000, 0)":          func() { OptimalM(1000, 0) },
		"OptimalM(1000, 1)":          func() { OptimalM(1000, 1) },
		"OptimalM(1000, -0.5)":       func() { OptimalM(1000, -0.5) },
		"OptimalM(1000, 2)":          func() { OptimalM(1000, 2) },
		"OptimalM(1000, NaN)":        func() { OptimalM(1000, math.NaN()) },
		"OptimalM(1000, +Inf)":       func() { OptimalM(1000, math.Inf(1)) },
		"OptimalK(0, 1000)":          func() { OptimalK(0, 1000) },
		"OptimalK(0, 0)":             func() { OptimalK(0, 0) },
		"FalsePositiveRate(0, 1, 1)": func() { FalsePositiveRate(0, 1, 1) },
		"NewWithEstimates(10, 0)":    func() { NewWithEstimates(10, 0) },
	} {
		func() {
			defer func() {
				r := recover()
				if r == nil {
					t.Errorf("%s did not panic", name)
				} else if msg, _ := r.(string); !strings.HasPrefix(msg, "bloom: ") {
					t.Errorf("%s panicked with %v, want a message starting with \"bloom: \"", name, r)
				}
			}()
			f()
		}()
	}
}
