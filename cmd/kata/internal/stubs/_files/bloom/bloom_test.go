package bloom

import (
	"math"
	"strconv"
	"testing"
)

// These are quick examples to read and extend; the judge (kata run bloom) runs many more.

// runOrSkip runs body and turns the stub's "not implemented" panic into a skipped test, so the
// examples stay quiet until you have written the code. Any other panic is a real failure.
func runOrSkip(t *testing.T, body func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			if r == "not implemented" {
				t.Skip("not implemented yet: run `kata run bloom` once you have written it")
			}
			panic(r)
		}
	}()
	body()
}

// TestWorkedExample replays the example from the package documentation.
func TestWorkedExample(t *testing.T) {
	runOrSkip(t, func() {
		f := New(1024, 3)
		f.Add([]byte("gopher"))
		if !f.Test([]byte("gopher")) {
			t.Error(`Test("gopher") = false after Add("gopher"); want true (no false negatives)`)
		}
		// With one key in 1024 bits and k = 3, a false positive has odds of about 2.5·10⁻⁸.
		if f.Test([]byte("rustacean")) {
			t.Error(`Test("rustacean") = true, but it was never added; want false (almost surely)`)
		}
		if f.M() != 1024 || f.K() != 3 {
			t.Errorf("M(), K() = %d, %d after New(1024, 3); want 1024, 3", f.M(), f.K())
		}

		g := NewWithEstimates(1000, 0.01)
		if g.M() != 9586 || g.K() != 7 {
			t.Errorf("M(), K() = %d, %d after NewWithEstimates(1000, 0.01); want 9586, 7",
				g.M(), g.K())
		}
	})
}

// TestNoFalseNegatives adds 1000 keys through one reused buffer (the filter must not keep a
// reference to it), checks that every one is found, and that the false-positive rate on 10000
// keys never added is near the 1% the filter was sized for.
func TestNoFalseNegatives(t *testing.T) {
	runOrSkip(t, func() {
		f := NewWithEstimates(1000, 0.01)
		var buf []byte
		for i := range 1000 {
			buf = strconv.AppendInt(buf[:0], int64(i), 10)
			f.Add(buf)
		}
		for i := range 1000 {
			if key := strconv.Itoa(i); !f.Test([]byte(key)) {
				t.Fatalf("Test(%q) = false, but it was added; want true (no false negatives)", key)
			}
		}
		fp := 0
		for i := 1000; i < 11000; i++ {
			if f.Test([]byte(strconv.Itoa(i))) {
				fp++
			}
		}
		// Expected about 100 (1%); 300 leaves a wide margin for chance.
		if fp > 300 {
			t.Errorf("%d false positives in 10000 keys never added (%.1f%%); want about 1%%",
				fp, float64(fp)/100)
		}
	})
}

// TestEmptyAndNilKeys checks that the empty key is a key like any other.
func TestEmptyAndNilKeys(t *testing.T) {
	runOrSkip(t, func() {
		f := New(64, 2)
		f.Add(nil)
		if !f.Test(nil) || !f.Test([]byte{}) {
			t.Error("after Add(nil), Test(nil) or Test([]byte{}) = false; want true for both")
		}
		g := New(64, 2)
		g.Add([]byte{})
		if !g.Test([]byte{}) {
			t.Error("after Add([]byte{}), Test([]byte{}) = false; want true")
		}
	})
}

// TestSizingFormulas checks OptimalM, OptimalK and FalsePositiveRate on a few exact values.
func TestSizingFormulas(t *testing.T) {
	runOrSkip(t, func() {
		for _, c := range []struct {
			n    uint64
			p    float64
			want uint64
		}{
			{1000, 0.01, 9586}, // 9585.06… rounded up
			{1, 0.5, 2},        // 1/ln 2 = 1.44… rounded up
			{0, 0.01, 1},       // at least 1
		} {
			if got := OptimalM(c.n, c.p); got != c.want {
				t.Errorf("OptimalM(%d, %g) = %d; want %d", c.n, c.p, got, c.want)
			}
		}
		for _, c := range []struct {
			m, n   uint64
			want   uint
			reason string
		}{
			{9586, 1000, 7, "(m/n)·ln 2 = 6.64…, and 7 gives the lower rate"},
			{214, 100, 2, "(m/n)·ln 2 = 1.48…, yet 2 gives the lower rate: do not just round"},
			{300, 100, 2, "(m/n)·ln 2 = 2.07…, and 2 gives the lower rate"},
			{50, 100, 1, "(m/n)·ln 2 = 0.34…, but k is at least 1"},
			{1000, 0, 1, "no keys"},
		} {
			if got := OptimalK(c.m, c.n); got != c.want {
				t.Errorf("OptimalK(%d, %d) = %d; want %d: %s", c.m, c.n, got, c.want, c.reason)
			}
		}
		want := math.Pow(1-math.Exp(-7.0*1000/9586), 7) // 0.01003…
		if got := FalsePositiveRate(9586, 1000, 7); math.Abs(got-want) > 1e-12 {
			t.Errorf("FalsePositiveRate(9586, 1000, 7) = %g; want %g", got, want)
		}
		if got := FalsePositiveRate(1024, 0, 3); got != 0 {
			t.Errorf("FalsePositiveRate(1024, 0, 3) = %g for an empty filter; want 0", got)
		}
	})
}

// TestPanics checks the documented panics on arguments that make no sense.
func TestPanics(t *testing.T) {
	runOrSkip(t, func() {
		mustPanic(t, "New(0, 3)", func() { New(0, 3) })
		mustPanic(t, "New(1024, 0)", func() { New(1024, 0) })
		mustPanic(t, "OptimalM(1000, 0)", func() { OptimalM(1000, 0) })
		mustPanic(t, "OptimalM(1000, 1)", func() { OptimalM(1000, 1) })
		mustPanic(t, "OptimalK(0, 1000)", func() { OptimalK(0, 1000) })
		mustPanic(t, "FalsePositiveRate(0, 1000, 7)", func() { FalsePositiveRate(0, 1000, 7) })
	})
}

// mustPanic reports an error unless f panics. The stub's "not implemented" panic is passed on,
// so that runOrSkip skips the test.
func mustPanic(t *testing.T, call string, f func()) {
	t.Helper()
	defer func() {
		r := recover()
		if r == "not implemented" {
			panic(r)
		}
		if r == nil {
			t.Errorf("%s did not panic; want a panic", call)
		}
	}()
	f()
}
