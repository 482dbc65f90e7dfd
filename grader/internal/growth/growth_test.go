package growth

import (
	"math"
	"strings"
	"testing"
)

// series builds samples at sizes 3125·4^i with the reference costing ref(n) and the learner
// learner(n), in nanoseconds.
func series(expected string, ref, learner func(n float64) float64) *Series {
	s := &Series{Op: "Search", Axis: "n", Expected: expected}
	for n := 3125; n <= 200000; n *= 4 {
		s.Add(Sample{Size: n, Learner: learner(float64(n)), Reference: ref(float64(n))})
	}
	return s
}

func logn(c float64) func(float64) float64 {
	return func(n float64) float64 { return c * math.Log2(n) }
}

func TestDecide(t *testing.T) {
	for _, tc := range []struct {
		reason   string
		s        *Series
		ok       bool
		unsure   bool
		observed string
	}{
		{"the reference against itself", series("O(log n)", logn(30), logn(30)), true, false, "O(log n)"},
		{"a constant factor slower", series("O(log n)", logn(30), logn(200)), true, false, "O(log n)"},
		{"cache effects: the ratio drifts by 2.5", series("O(log n)", logn(30), func(n float64) float64 {
			return 30 * math.Log2(n) * (1 + 1.5*math.Log(n/3125)/math.Log(64))
		}), true, false, "O(log n)"},
		{"a linear scan", series("O(log n)", logn(30), func(n float64) float64 { return 2 * n }), false, false, "O(n)"},
		{"a table that never grows", series("O(1)", func(float64) float64 { return 40 }, func(n float64) float64 { return 40 + n/64 }), false, false, "O(n)"},
		{"quadratic", series("O(1)", func(float64) float64 { return 40 }, func(n float64) float64 { return n * n / 1e4 }), false, false, "O(n²)"},
		{"right growth, far too slow", series("O(1)", func(float64) float64 { return 40 }, func(float64) float64 { return 5000 }), false, false, "O(1)"},
		{"near the time limit", series("O(1)", func(float64) float64 { return 40 }, func(float64) float64 { return 2800 }), true, true, "O(1)"},
	} {
		d := Decide(tc.s)
		if d.OK != tc.ok || d.Unsure != tc.unsure || d.Observed != tc.observed {
			t.Errorf("%s: got ok=%v unsure=%v observed=%s (slope %.2f, growth %.1f, ratio %.1f: %s); want ok=%v unsure=%v observed=%s",
				tc.reason, d.OK, d.Unsure, d.Observed, d.Slope, d.Growth, d.Ratio, d.Reason, tc.ok, tc.unsure, tc.observed)
		}
		if d.Reason == "" || strings.Contains(d.Reason, "%!") {
			t.Errorf("%s: bad reason %q", tc.reason, d.Reason)
		}
	}
}

func TestAddKeepsFastest(t *testing.T) {
	s := &Series{}
	s.Add(Sample{Size: 10, Learner: 50, Reference: 20})
	s.Add(Sample{Size: 10, Learner: 40, Reference: 25})
	s.Add(Sample{Size: 20, Learner: 60, Reference: 30})
	if len(s.Samples) != 2 || s.Samples[0].Learner != 40 || s.Samples[0].Reference != 20 {
		t.Fatalf("got %+v", s.Samples)
	}
}

func TestAxisNames(t *testing.T) {
	trie := &Series{Op: "Search", Axis: "words", Expected: "O(L)"}
	length := &Series{Op: "Insert", Axis: "L", Expected: "O(L)"}
	for n := 1000; n <= 64000; n *= 4 {
		trie.Add(Sample{Size: n, Learner: float64(n), Reference: 100})
		length.Add(Sample{Size: n, Learner: float64(n) * float64(n) / 1000, Reference: float64(n)})
	}
	if d := Decide(trie); d.OK || d.Observed != "O(n·L)" {
		t.Errorf("trie scanning words: %+v", d)
	}
	if d := Decide(length); d.OK || d.Observed != "O(L²)" {
		t.Errorf("quadratic in length: %+v", d)
	}
}

// TestOwnSlope checks the linear-scan rule: a linear scan against a reference that slows down
// in the caches is wrong; a reference against itself on cold memory, both climbing, is not.
func TestOwnSlope(t *testing.T) {
	scan := &Series{Op: "Search", Axis: "n", Expected: "O(log n)"}
	cold := &Series{Op: "Search", Axis: "words", Expected: "O(L)"}
	for i, n := range []int{3125, 6250, 12500, 25000, 50000, 100000} {
		f := float64(n) / 3125
		scan.Add(Sample{Size: n, Learner: 1400 * f, Reference: 240 * math.Pow(f, 0.45)})
		noise := []float64{1, 1.2, 1.6, 2.2, 3, 3.7}[i] // one side's luck, growing as it did once
		cold.Add(Sample{Size: n, Learner: 200 * math.Pow(f, 0.8) * noise, Reference: 200 * math.Pow(f, 0.8)})
	}
	if d := Decide(scan); d.OK || d.Observed != "O(n)" {
		t.Errorf("a linear scan against a cache-bound reference: %+v", d)
	}
	if d := Decide(cold); !d.OK && !d.Unsure {
		t.Errorf("a reference against itself on cold memory: %+v", d)
	}
}

// TestOneOutlier checks that one sample thrown off by the machine does not make a right
// solution grow: a flat ratio with its first sample at a third of the others.
func TestOneOutlier(t *testing.T) {
	s := &Series{Op: "Remove", Axis: "n", Expected: "O(1)"}
	for i, n := range []int{15625, 31250, 62500, 125000, 250000} {
		ratio := 1.2
		if i == 0 {
			ratio = 0.4
		}
		s.Add(Sample{Size: n, Learner: 60 * ratio * math.Pow(float64(n)/15625, 0.5), Reference: 60 * math.Pow(float64(n)/15625, 0.5)})
	}
	if d := Decide(s); !d.OK {
		t.Errorf("one low first sample made a flat ratio wrong: %+v", d)
	}
}

// TestScanOnLoadedMachine checks the scan rule on a skip list's Search as measured once on a
// loaded machine: a linear scan (own slope 1.0) against a reference slowed down in the caches
// (own slope 0.75), so the ratio grew only 2.6 times over a span of 64. The same reference
// against a right list with a cache-unfriendly layout (own slope 0.73) stays right.
func TestScanOnLoadedMachine(t *testing.T) {
	sizes := []int{3125, 6250, 12500, 25000, 50000, 100000, 200000}
	ref := []float64{113, 172, 274, 598, 613, 1484, 2619}
	scan := &Series{Op: "Search", Axis: "n", Expected: "O(log n)"}
	right := &Series{Op: "Search", Axis: "n", Expected: "O(log n)"}
	for i, n := range sizes {
		scan.Add(Sample{Size: n, Learner: []float64{829, 1580, 3327, 6421, 13433, 24476, 50437}[i], Reference: ref[i]})
		right.Add(Sample{Size: n, Learner: 140 * math.Pow(float64(n)/3125, 0.73), Reference: ref[i]})
	}
	if d := Decide(scan); d.OK || d.Observed != "O(n)" {
		t.Errorf("a linear scan against a reference slowed by the caches: %+v", d)
	}
	if d := Decide(right); !d.OK {
		t.Errorf("a right list whose own time climbs at 0.73: %+v", d)
	}
}
