package growth

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// series builds samples at sizes 3125·2^i up to 200,000 with the reference costing ref(n) and
// the learner learner(n), in nanoseconds.
func series(expected Class, ref, learner func(n float64) float64) *Series {
	s := &Series{Op: "Search", Axis: "n", Expected: expected}
	for n := 3125; n <= 200000; n *= 2 {
		s.Add(Sample{Size: n, Learner: learner(float64(n)), Reference: ref(float64(n))})
	}
	return s
}

// measured is a series of op along n from samples measured in a run, each {size, learner's ns,
// reference's ns}.
func measured(op string, expected Class, samples [][3]float64) *Series {
	s := &Series{Op: op, Axis: "n", Expected: expected}
	for _, x := range samples {
		s.Add(Sample{Size: int(x[0]), Learner: x[1], Reference: x[2]})
	}
	return s
}

func logn(c float64) func(float64) float64 {
	return func(n float64) float64 { return c * math.Log2(n) }
}

func flat(c float64) func(float64) float64 {
	return func(float64) float64 { return c }
}

// drift is a right solution whose ratio climbs by total over the ladder, as a pointer-heavy
// layout's does against a flat reference while both outgrow the caches.
func drift(ref func(float64) float64, factor, total float64) func(float64) float64 {
	return func(n float64) float64 {
		return ref(n) * factor * math.Pow(total, math.Log(n/3125)/math.Log(64))
	}
}

func TestFinal(t *testing.T) {
	for _, tc := range []struct {
		reason   string
		s        *Series
		status   Status
		observed Class
	}{
		{"the reference against itself", series("O(log n)", logn(30), logn(30)), Right, "O(log n)"},
		{"a constant factor slower", series("O(log n)", logn(30), logn(200)), Right, "O(log n)"},
		{"a pointer-heavy layout: the ratio drifts 5× over 64×", series("O(1)", flat(40), drift(flat(40), 0.5, 5)), Right, "O(1)"},
		{"a linear scan", series("O(log n)", logn(30), func(n float64) float64 { return 2 * n }), Wrong, "O(n)"},
		{"a table that never grows", series("O(1)", flat(40), func(n float64) float64 { return 40 + n/64 }), Wrong, "O(n)"},
		{"quadratic", series("O(1)", flat(40), func(n float64) float64 { return n * n / 1e4 }), Wrong, "O(n²)"},
		{"right growth, far too slow", series("O(1)", flat(40), flat(5000)), Slow, "O(1)"},
		{"right growth, within the margin of the time limit", series("O(1)", flat(40), flat(2800)), Right, "O(1)"},
	} {
		d := Final(tc.s, true)
		if d.Status != tc.status || d.Observed != tc.observed {
			t.Errorf("%s: got status %d observed %q (slope %.2f, growth %.1f, ratio %.1f: %s); want status %d observed %q",
				tc.reason, d.Status, d.Observed, d.Slope, d.Growth, d.Ratio, d.Reason, tc.status, tc.observed)
		}
		if d.Reason == "" || strings.Contains(d.Reason, "%!") {
			t.Errorf("%s: bad reason %q", tc.reason, d.Reason)
		}
	}
}

// TestUnsureUntilTheSpan checks that nothing is proven wrong or right before the sizes span
// DecideSpan: a linear scan within the time limit over four doublings (a span of 8) is still
// unsure, and so is a flat ratio.
func TestUnsureUntilTheSpan(t *testing.T) {
	scan := &Series{Op: "Search", Axis: "n", Expected: "O(1)"}
	right := &Series{Op: "Search", Axis: "n", Expected: "O(1)"}
	for n := 1000; n <= 8000; n *= 2 {
		scan.Add(Sample{Size: n, Learner: float64(n) / 50, Reference: 40})
		right.Add(Sample{Size: n, Learner: 50, Reference: 40})
	}
	for _, s := range []*Series{scan, right} {
		if d := Decide(s); d.Status != Unsure {
			t.Errorf("decided over a span of 8: %+v", d)
		}
	}
	// Left short without reaching the budget (another operation was proven wrong first), a
	// series stays not judged; stopped by the budget within the time limit (another operation
	// spent it), too; stopped by the budget over the time limit, it is too slow.
	if d := Final(right, true); d.Status != Unsure || d.Observed != "" {
		t.Errorf("a series left short is judged: %+v", d)
	}
	last := len(right.Samples) - 1
	right.Samples[last].Capped = true
	if d := Final(right, true); d.Status != Unsure || d.Observed != "" {
		t.Errorf("a series within the time limit is judged when another spent the budget: %+v", d)
	}
	if d := Final(right, false); !strings.Contains(d.Reason, "measuring budget") {
		t.Errorf("a series stopped by the budget does not say so: %s", d.Reason)
	}
	right.Samples[last].Capped = false
	if d := Final(right, false); !strings.Contains(d.Reason, "another operation was proven wrong") {
		t.Errorf("a series stopped by another's wrong growth does not say so: %s", d.Reason)
	}
	right.Samples[last].Capped = true
	right.Samples[last].Learner, right.Samples[last-1].Learner = 5000, 5000
	if d := Final(right, true); d.Status != Slow || d.Observed == "" {
		t.Errorf("a series stopped at the budget over the time limit is not too slow: %+v", d)
	}
}

// TestTimeLimitIsRobust checks that one slow sample does not pass the time limit: the limit is
// judged on the median of the last TimeSizes sizes.
func TestTimeLimitIsRobust(t *testing.T) {
	s := series("O(L)", flat(30), flat(900))   // 30× the reference: within the limit
	s.Samples[len(s.Samples)-1].Learner = 3217 // one sample of a busy moment, 107×
	if d := Final(s, true); d.Status != Right {
		t.Errorf("one slow sample passed the time limit: %+v", d)
	}
	for i := range s.Samples[len(s.Samples)-2:] {
		s.Samples[len(s.Samples)-2+i].Learner = 6000 // 200×: past the limit with its margin
	}
	if d := Final(s, true); d.Status != Slow {
		t.Errorf("two of the last three sizes over the limit are not too slow: %+v", d)
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
	if d := Final(s, true); d.Status != Right {
		t.Errorf("one low first sample made a flat ratio wrong: %+v", d)
	}
}

// TestAllocations checks the allocation rule along a word's length: bytes per call growing like
// L² (a prefix copied at every letter) are wrong, like L (a node per letter) right, and a
// few hundred bytes are never judged, however they grow.
func TestAllocations(t *testing.T) {
	for _, tc := range []struct {
		reason string
		bytes  func(l float64) float64
		status Status
	}{
		{"a copy of the prefix at every letter", func(l float64) float64 { return l * l / 2 }, Wrong},
		{"a node per letter", func(l float64) float64 { return 216 * l }, Right},
		{"a few bytes that grow", func(l float64) float64 { return l / 8 }, Right},
	} {
		s := &Series{Op: "Search", Axis: "L", Expected: "O(L)"}
		for l := 31; l <= 1984; l *= 4 {
			s.Add(Sample{Size: l, Learner: 3 * float64(l), Reference: 2 * float64(l), LearnerBytes: tc.bytes(float64(l))})
		}
		if d := Final(s, true); d.Status != tc.status {
			t.Errorf("%s: %+v", tc.reason, d)
		}
	}
}

func TestAddKeepsFastestInOrder(t *testing.T) {
	s := &Series{}
	s.Add(Sample{Size: 20, Learner: 60, Reference: 30})
	s.Add(Sample{Size: 10, Learner: 50, Reference: 20})
	s.Add(Sample{Size: 10, Learner: 40, Reference: 25})
	if len(s.Samples) != 2 || s.Samples[0].Size != 10 || s.Samples[0].Learner != 40 || s.Samples[0].Reference != 20 {
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
	if d := Final(trie, true); d.Status != Wrong || d.Observed != "O(n·L)" {
		t.Errorf("trie scanning words: %+v", d)
	}
	if d := Final(length, true); d.Status != Wrong || d.Observed != "O(L²)" {
		t.Errorf("quadratic in length: %+v", d)
	}
}

// TestCostOfSeveralTerms checks an expected cost with several terms, a range query's
// O(log n + r): along r it is linear (the bytes of the r members returned are right, r² wrong),
// and along n it is logarithmic (n is wrong).
func TestCostOfSeveralTerms(t *testing.T) {
	const expected = "O(log n + r)"
	right := &Series{Op: "RangeByRank", Axis: "r", Expected: expected}
	square := &Series{Op: "RangeByRank", Axis: "r", Expected: expected}
	scan := &Series{Op: "RangeByRank", Axis: "n", Expected: expected}
	for x := 16; x <= 4096; x *= 4 {
		r := float64(x)
		right.Add(Sample{Size: x, Learner: 6 * r, Reference: 5 * r, LearnerBytes: 48 * r, ReferenceBytes: 24 * r})
		square.Add(Sample{Size: x, Learner: r * r, Reference: 5 * r, LearnerBytes: 24 * r, ReferenceBytes: 24 * r})
		scan.Add(Sample{Size: 100 * x, Learner: 100 * r, Reference: 200, LearnerBytes: 192, ReferenceBytes: 192})
	}
	if d := Final(right, true); d.Status != Right {
		t.Errorf("linear in r, allocating the members returned: %+v", d)
	}
	if d := Final(square, true); d.Status != Wrong || d.Observed != "O(r²)" {
		t.Errorf("quadratic in r: %+v", d)
	}
	if d := Final(scan, true); d.Status != Wrong || d.Observed != "O(n)" {
		t.Errorf("a scan along n: %+v", d)
	}
}

// recording is one run of kata dev stress --record, the fields the replay needs.
type recording struct {
	Exercise   string `json:"exercise"`
	Variant    string `json:"variant"`
	Right      bool   `json:"right"`
	Loaded     bool   `json:"loaded"`
	Complexity []struct {
		Op       string `json:"op"`
		Axis     string `json:"axis"`
		Expected Class  `json:"expected"`
		Points   []struct {
			Size       int     `json:"size"`
			Learner    float64 `json:"learner_ns"`
			Reference  float64 `json:"reference_ns"`
			Capped     bool    `json:"capped"`
			LearnerB   float64 `json:"learner_bytes"`
			ReferenceB float64 `json:"reference_bytes"`
		} `json:"points"`
	} `json:"complexity"`
}

// TestRecordedRuns replays real measurements: every run that kata dev stress --record made of
// the references, the right variants and the wrong-growth variants under grader/testdata, on a
// quiet 2-core machine and with two other gradings alongside (testdata/*.jsonl). A right
// variant's series must never be proven wrong, at any prefix of its sizes (where the ladder
// could have stopped early), nor be too slow; a wrong variant must have a series judged wrong
// or too slow.
func TestRecordedRuns(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	if len(files) == 0 {
		t.Fatal("no recordings under testdata/")
	}
	runs := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for line := 1; sc.Scan(); line++ {
			var r recording
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			runs++
			where := r.Exercise + "/" + r.Variant
			if r.Loaded {
				where += " (loaded)"
			}
			flagged := false
			for _, c := range r.Complexity {
				s := &Series{Op: c.Op, Axis: c.Axis, Expected: c.Expected}
				for _, p := range c.Points {
					s.Add(Sample{Size: p.Size, Learner: p.Learner, Reference: p.Reference, Capped: p.Capped,
						LearnerBytes: p.LearnerB, ReferenceBytes: p.ReferenceB})
				}
				if len(s.Samples) == 0 {
					continue
				}
				d := Final(s, true)
				flagged = flagged || d.Status == Wrong || d.Status == Slow
				if !r.Right {
					continue
				}
				if d.Status != Right {
					t.Errorf("%s:%d: %s, right, %s along %s: %s", name, line, where, c.Op, c.Axis, d.Reason)
				}
				for k := 3; k < len(s.Samples); k++ {
					prefix := &Series{Op: s.Op, Axis: s.Axis, Expected: s.Expected, Samples: s.Samples[:k]}
					if d := Decide(prefix); d.Status == Wrong {
						t.Errorf("%s:%d: %s, right, %s along %s, first %d sizes: %s", name, line, where, c.Op, c.Axis, k, d.Reason)
					}
				}
			}
			if !r.Right && !flagged {
				t.Errorf("%s:%d: %s, wrong growth, accepted", name, line, where)
			}
		}
		f.Close()
	}
	t.Logf("%d recorded runs replayed", runs)
}

// TestShownRight checks when a series too slow counts as shown to grow right, so that its hint
// may say so: a right solution far slower than the reference is, and a Remove that shifts the
// slice, measured on a busy machine whose reference drifted up 8× with it, is not, though its
// ratio grew only 2.2×.
func TestShownRight(t *testing.T) {
	for _, c := range []struct {
		name string
		s    *Series
		want bool
	}{
		{"right, 40× slower, drifting with the caches", measured("Remove", "O(1)", [][3]float64{
			{3125, 2000, 50}, {6250, 2600, 70}, {12500, 4000, 110}, {25000, 6500, 170}, {50000, 9000, 260}}), true},
		{"O(n), the reference drifting 8×", measured("Remove", "O(1)", [][3]float64{
			{3125, 16000, 53}, {6250, 36000, 110}, {12500, 80000, 200}, {25000, 170000, 330}, {50000, 300000, 450}}), false},
		{"right, but over too short a span", measured("Remove", "O(1)", [][3]float64{
			{3125, 2000, 50}, {6250, 2600, 70}, {12500, 4000, 110}}), false},
		{"O(L) along L, 40× slower", &Series{Op: "Search", Axis: "L", Expected: "O(L)", Samples: []Sample{
			{Size: 31, Learner: 1200, Reference: 30}, {Size: 124, Learner: 5000, Reference: 120},
			{Size: 496, Learner: 21000, Reference: 500}, {Size: 1984, Learner: 90000, Reference: 2100}}}, true},
	} {
		if got := ShownRight(c.s, Decide(c.s)); got != c.want {
			t.Errorf("%s: ShownRight = %v, want %v (%+v)", c.name, got, c.want, Decide(c.s))
		}
	}
}

// A row too slow whose growth was not shown right never shows the expected class: it shows how
// much its time per call grew, and its reason says that this does not prove a wrong growth. The
// samples are a RangeByRank that walks to start, measured on a loaded machine, where the
// reference's own time jumped between two sizes and hid the growth from the ratio.
func TestSlowRowShowsItsGrowth(t *testing.T) {
	s := measured("RangeByRank", "O(log n + r)", [][3]float64{
		{3125, 3711, 146}, {6250, 7587, 115}, {12500, 15455, 108}, {25000, 29540, 746},
		{50000, 48391, 714}, {100000, 84789, 720}, {200000, 178060, 701}})
	d := Final(s, true)
	if !d.Status.Failed() || d.Observed == s.Expected || !strings.HasPrefix(string(d.Observed), "grew 48×") ||
		!strings.Contains(d.Reason, "does not prove") || !strings.Contains(d.Reason, "its ratio grew 6.3×, short of the 10×") {
		t.Errorf("got status %v observed %q: %s", d.Status, d.Observed, d.Reason)
	}
	// Measured at one size, with the reference not timed there: no ratio against 0 ns.
	one := &Series{Op: "Add", Axis: "n", Expected: "O(k)", Samples: []Sample{{Size: 24, Learner: 39e6, Capped: true}}}
	d = Final(one, false)
	if d.Status != Slow || d.Observed == one.Expected || strings.Contains(d.Reason, "against 0 ns") ||
		!strings.Contains(d.Reason, "not timed") {
		t.Errorf("one size: got status %v observed %q: %s", d.Status, d.Observed, d.Reason)
	}
	// A second size the budget cut short, 1.5% above the first: still one size, not "grew 1.0×
	// over 1×" (a Bloom filter's Add that recounts the whole array).
	near := &Series{Op: "Add", Axis: "n", Expected: "O(k)", Samples: []Sample{
		{Size: 3125, Learner: 395747, Reference: 390}, {Size: 3173, Learner: 415227, Reference: 355, Capped: true}}}
	if d = Final(near, false); d.Status != Slow || d.Observed != "1 size measured" {
		t.Errorf("a window cut short: got status %v observed %q: %s", d.Status, d.Observed, d.Reason)
	}
}

// A ladder the budget stopped, whose last size is far over the time limit, is too slow even when
// the median of the last sizes is not: the samples are an Add whose table grows 1,024 buckets at
// a time, measured with both cores busy, where the reference's time at n = 62,500 was 4× its
// usual and pulled that size's excess just under the limit.
func TestBudgetStopOverTheLimit(t *testing.T) {
	s := measured("Add", "O(1)", [][3]float64{
		{15625, 586, 32.5}, {31250, 1434, 33.4}, {62500, 6442, 149.3}, {125000, 28693, 33.4}})
	s.Samples[len(s.Samples)-1].Capped = true
	if d := Final(s, false); d.Status != Slow || !strings.Contains(d.Reason, "short of the 16×") {
		t.Errorf("got status %v, and a reason that does not say the span was too short: %s", d.Status, d.Reason)
	}
	// The same ladder stopped with its last size under the margin stays not judged: one size's
	// time alone, within the margin, is noise as often as not.
	s.Samples[len(s.Samples)-1].Learner = 4000
	if d := Final(s, false); d.Status != Unsure {
		t.Errorf("last size within the margin: got status %v: %s", d.Status, d.Reason)
	}
}

// A walk of n/8 nodes that fits the caches at the smallest size grows like n², by its fit over
// every size, and like n over the upper half: it is named O(n), as its numbers support. The
// samples are a skip list capped at 4 levels, measured alongside another grading.
func TestWrongClassFollowsTheUpperSizes(t *testing.T) {
	s := measured("Erase", "O(log n)", [][3]float64{
		{3125, 162, 55}, {6250, 704, 76}, {12500, 6703, 42}, {25000, 16176, 208}, {50000, 34643, 53}})
	if d := Final(s, true); d.Status != Wrong || d.Observed != "O(n)" {
		t.Errorf("got status %v observed %q: %s", d.Status, d.Observed, d.Reason)
	}
}

// A growth proven wrong over every size is never named below O(n), however flat the upper half
// of its sizes looks: the skip list capped at 4 levels, measured alone, whose Erase's last
// sizes were noisy.
func TestWrongClassNeverBelowLinear(t *testing.T) {
	s := measured("Erase", "O(log n)", [][3]float64{
		{3125, 150, 60}, {6250, 700, 60}, {12500, 6000, 60}, {25000, 9000, 60}, {50000, 10000, 60}})
	if d := Final(s, true); d.Status != Wrong || d.Observed != "O(n)" {
		t.Errorf("got status %v observed %q: %s", d.Status, d.Observed, d.Reason)
	}
}

// TestTimesKeepsSmallRatios checks that a ratio far below the reference's keeps a digit that is
// not zero: a word-list trie measured 0.03× the reference along L and was shown "0.0×".
func TestTimesKeepsSmallRatios(t *testing.T) {
	for r, want := range map[float64]string{57.4: "57×", 1.26: "1.3×", 0.0312: "0.031×", 0: "0.0×"} {
		if got := times(r); got != want {
			t.Errorf("times(%v) = %q, want %q", r, got, want)
		}
	}
}
