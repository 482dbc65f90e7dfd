// Package growth decides whether an operation's cost grows as expected, from CPU times measured
// side by side for the graded code and the reference at several sizes.
//
// It never looks at absolute times alone: a learner's laptop may be ten times slower than the
// machine the reference was tuned on, and busy. What it judges is the ratio learner/reference at
// each size, measured in the same run, which the machine's speed and load mostly cancel out of.
//
// A right solution's ratio is not flat, though. The two sides lay out their memory differently:
// a table of pointers to nodes misses the caches more and more as it outgrows them, where a flat
// array of keys misses once, and a loaded machine shares its caches with other work. At worst
// a right solution pays one more cache miss per call than the reference at the top of the
// ladder and none at the bottom: for a call of 15 ns, a drift of 5 to 7. Measured over the
// kit's own right solutions in many layouts, quiet and loaded, the drift stayed within that. A
// wrong growth rate is judged only where it must exceed it by a margin:
//
//   - Wrong growth: over a span of sizes of DecideSpan (16) or more, the ratio grew by
//     WrongGrowth (10) or more, as fitted by the median of the slopes between every two sizes.
//     An O(n) operation where O(1) is expected grows 16× over that span and 64× over the
//     ladders' usual span, O(n) against O(log n) about 12× and 45×. Other processes sharing
//     the caches can push a right solution past WrongGrowth too (14.5× over a span of 64 on a
//     CI machine), so the caller measures a growth proven wrong by a small margin again, and
//     the fastest samples decide.
//   - Too slow: at the largest sizes measured, the graded code takes more than TimeFactor times
//     the reference plus TimeFloor per call, judged on the median of the last three sizes (one
//     sample is not enough on a busy machine), with a margin.
//   - Wrong allocation: over such a span, the heap bytes allocated per call (where counted)
//     grew WrongGrowth times past the expected class and reached AllocFloor: counted bytes are
//     not disturbed by load, and they show an O(L²) copy that time hides at short lengths.
//   - Unsure: the ratio grew by DoubtGrowth or more without reaching WrongGrowth, the span is
//     still narrower than DecideSpan, or the time is within the margin of the limit. The caller
//     measures more (a second measurement, the fastest sample per size kept); Final then gives
//     the graded code the benefit of what is left of the doubt, since a false verdict on right
//     code is the worst a judge can give.
package growth

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// Sample is one measurement: CPU nanoseconds per operation at one size, for the graded code and
// the reference. The child records it and the result reports it as it is (result.Point).
type Sample struct {
	Size      int     `json:"size"`
	Learner   float64 `json:"learner_ns"`
	Reference float64 `json:"reference_ns"`
	// Capped is set when the learner's measurement stopped at its budget: the true time is
	// higher.
	Capped bool `json:"capped,omitempty"`
	// Heap bytes allocated per call by each side, where counted (0 where not: the growth of the
	// structure is timed, not counted).
	LearnerBytes   float64 `json:"learner_bytes,omitempty"`
	ReferenceBytes float64 `json:"reference_bytes,omitempty"`
}

// Ratio is the learner's time over the reference's.
func (s Sample) Ratio() float64 { return s.Learner / math.Max(s.Reference, 1e-3) }

// excess is the learner's time over the time limit at this sample's size.
func (s Sample) excess() float64 { return s.Learner / (TimeFactor*s.Reference + TimeFloor) }

// Series is one operation's samples along one axis.
type Series struct {
	Op       string   // "Search"
	Axis     string   // what grows: "n" (elements), "L" (word length), "m" (bits), "words", "W" (stored words)
	Expected Class    // "O(log n)"
	Samples  []Sample // in increasing size
	Hint     string   // what to say when the growth is wrong
	SlowHint string   // what to say when the growth is right but the time limit is passed
	// HintNow, if set, says both, from the measurements as they stand when the series is
	// judged: a hint that rests on another series' samples, which a pass measured again adds to.
	HintNow func() string
}

// Add records a sample, keeping the fastest of repeated measurements at one size.
func (s *Series) Add(x Sample) {
	for i := range s.Samples {
		if s.Samples[i].Size == x.Size {
			old := &s.Samples[i]
			if x.Learner < old.Learner || old.Capped && !x.Capped {
				old.Learner, old.Capped = x.Learner, x.Capped
			}
			old.Reference = math.Min(old.Reference, x.Reference)
			old.LearnerBytes = math.Min(old.LearnerBytes, x.LearnerBytes)
			old.ReferenceBytes = math.Min(old.ReferenceBytes, x.ReferenceBytes)
			return
		}
	}
	s.Samples = append(s.Samples, x)
	sort.Slice(s.Samples, func(i, j int) bool { return s.Samples[i].Size < s.Samples[j].Size })
}

// span is the largest size measured over the smallest.
func (s *Series) span() float64 {
	if len(s.Samples) == 0 {
		return 0
	}
	return float64(s.Samples[len(s.Samples)-1].Size) / float64(s.Samples[0].Size)
}

// oneSize reports whether the series was measured at one size only, or at sizes less than twice
// apart (the budget stopped the second's window early): too little to show a growth.
func (s *Series) oneSize() bool { return len(s.Samples) < 2 || s.span() < 2 }

// capped reports whether the measurements stopped at the budget.
func (s *Series) capped() bool {
	for _, x := range s.Samples {
		if x.Capped {
			return true
		}
	}
	return false
}

// Thresholds. They were chosen from kata's stress command (kata dev stress), which measures the
// references, right variants in other memory layouts and wrong-growth variants many times, quiet
// and with other gradings alongside; the recordings under testdata/ are replayed by the tests.
const (
	// DecideSpan is the least span of sizes over which a growth is judged wrong or right: over
	// it a wrong growth rate exceeds WrongGrowth, while one noisy window cannot fake it.
	DecideSpan = 16
	// WrongGrowth is how much the ratio must grow over the span for the growth to be wrong. The
	// kit's right solutions drifted by up to 6.7 (a skip list whose Erase of one value's copies
	// reaches ever colder nodes, past the second-level cache, on a loaded machine).
	WrongGrowth = 10.0
	// DoubtGrowth is the growth from which a series is measured again before it is judged.
	DoubtGrowth = 3.0
	// WrongSlope is the excess slope from which a too-slow series is said to grow like the next
	// class up, when its growth alone did not prove it.
	WrongSlope = 0.45
	// TimeFactor and TimeFloor make the time limit: the graded code may take TimeFactor times
	// the reference, plus TimeFloor nanoseconds, per operation. The floor is a few dozen cache
	// misses: a right trie whose nodes are maps takes 0.6 to 3 µs per Search where the
	// reference takes 30 ns, by how much of its far larger structure the caches hold.
	TimeFactor = 30.0
	TimeFloor  = 2000.0
	// Margin is how far past the time limit the median of the last sizes must be before the
	// code is too slow; between the limit and the margin it is measured again.
	Margin = 1.5
	// TimeSizes is how many of the largest sizes the time limit is judged on, by their median.
	TimeSizes = 3
	// AllocFloor is the least heap allocation per call, at the largest size, from which the
	// growth of a series' allocations is judged: below it the bytes are the language's (a
	// conversion, a closure), not the algorithm's.
	AllocFloor = 64 << 10
)

// Status is what a decision says of a series. It crosses from the test program to the judge
// as its name ("right"), and the result shows it as the contract's ok and observed.
type Status int

const (
	// Unsure: not measured enough to say; measure more. Once measuring is over: not judged.
	Unsure Status = iota
	// Right: measured over DecideSpan or more, it grows as expected and is within the time limit.
	Right
	// Wrong: it grows faster than expected.
	Wrong
	// Slow: it is over the time limit (its growth may be right or not proven).
	Slow
)

var statusNames = [...]string{Unsure: "unsure", Right: "right", Wrong: "wrong", Slow: "slow"}

// OK reports whether the growth was judged right.
func (s Status) OK() bool { return s == Right }

// Failed reports whether the growth was judged wrong or too slow: a time limit exceeded.
func (s Status) Failed() bool { return s == Wrong || s == Slow }

// Judged reports whether the series was judged at all: right, wrong or too slow.
func (s Status) Judged() bool { return s != Unsure }

// String is the status's name: "unsure", "right", "wrong", "slow".
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// MarshalText writes the status's name.
func (s Status) MarshalText() ([]byte, error) {
	if s < 0 || int(s) >= len(statusNames) {
		return nil, fmt.Errorf("growth: no status %d", int(s))
	}
	return []byte(statusNames[s]), nil
}

// UnmarshalText reads a status's name.
func (s *Status) UnmarshalText(b []byte) error {
	for i, name := range statusNames {
		if string(b) == name {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("growth: unknown status %q", b)
}

// Decision is the judgement on one series.
type Decision struct {
	Status   Status
	Observed Class   // the growth class observed: "O(log n)", "O(n)"; empty when not judged
	Slope    float64 // slope of log(ratio) over log(size), by the median of pairwise slopes
	Growth   float64 // how much the ratio grew over the sizes measured, per the fitted slope
	Ratio    float64 // learner/reference at the largest size measured
	Excess   float64 // the median time over the limit at the last TimeSizes sizes (1 = at it)
	Reason   string  // one line, for a person
	// Counted says that a Wrong status rests on the heap bytes counted per call, which no load
	// disturbs, and not on time.
	Counted bool
}

// Decide judges a series as it stands: Unsure where more measurements could change the answer.
func Decide(s *Series) Decision {
	if len(s.Samples) == 0 {
		return Decision{Status: Unsure, Reason: "not measured"}
	}
	first, last := s.Samples[0], s.Samples[len(s.Samples)-1]
	d := Decision{Ratio: last.Ratio(), Excess: excess(s.Samples)}
	if len(s.Samples) >= 2 {
		d.Slope = fit(s.Samples)
		d.Growth = math.Pow(s.span(), d.Slope)
	}
	wide := s.span() >= DecideSpan && len(s.Samples) >= 3
	allocExcess := allocSlope(s.Samples) - expectedSlope(s)
	switch {
	case wide && last.LearnerBytes >= AllocFloor && math.Pow(s.span(), allocExcess) >= WrongGrowth:
		// Bytes allocated per call are counted, not timed: no load disturbs them. A walk that
		// copies the word at every letter allocates O(L²) bytes, which its time hides up to the
		// contract's lengths behind the cost of one allocation per letter.
		d.Status, d.Counted = Wrong, true
		d.Observed = observed(s, allocExcess)
		d.Reason = fmt.Sprintf("%s allocates like %s, expected %s: %s per call at %s = %d, %s at %s = %d (the reference: %s)",
			s.Op, d.Observed, s.Expected, size(last.LearnerBytes), s.Axis, last.Size, size(first.LearnerBytes), s.Axis, first.Size,
			size(last.ReferenceBytes))
	case wide && d.Growth >= WrongGrowth:
		d.Status = Wrong
		d.Observed = observed(s, nameSlope(s, d.Slope))
		d.Reason = fmt.Sprintf("%s grows like %s, expected %s: %s slower than the reference at %s = %d, %s at %s = %d",
			s.Op, d.Observed, s.Expected, times(last.Ratio()), s.Axis, last.Size, times(first.Ratio()), s.Axis, first.Size)
	case d.Excess > Margin:
		d.Status = Slow
		d.Observed = slowObserved(s, d)
		d.Reason = fmt.Sprintf("%s %s: over the time limit of %.0f× + %.0f ns%s",
			s.Op, slower(last, s.Axis), TimeFactor, TimeFloor, unproven(s, d))
	case !wide || d.Growth >= DoubtGrowth || d.Excess > 1:
		d.Status = Unsure
		d.Reason = fmt.Sprintf("%s: %s the reference at %s = %d, growth %.1f over a span of %.0f: not yet decided",
			s.Op, times(d.Ratio), s.Axis, last.Size, d.Growth, s.span())
	default:
		d.Status = Right
		d.Observed = s.Expected
		d.Reason = fmt.Sprintf("%s grows like the reference (%s the reference's time at %s = %d)", s.Op, times(d.Ratio), s.Axis, last.Size)
	}
	return d
}

// Final judges a series once no more will be measured. settled says whether its ladder ran to
// its end. Then what Decide left unsure is settled: a series measured over DecideSpan whose
// growth stayed below WrongGrowth and whose time stayed within the margin is right, since the
// doubt is within what memory effects explain. A ladder that stopped early, once an operation
// was proven wrong or the graded code spent the measuring budget (which a solution within the
// time limit never does), leaves its other series short: one stopped at the budget over the
// time limit is too slow, and any other is not judged, right so far or not, since a cheap O(n)
// (a memmove) can look flat over the first sizes and climb over the last.
func Final(s *Series, settled bool) Decision {
	d := Decide(s)
	if d.Status == Wrong || d.Status == Slow || len(s.Samples) == 0 {
		return d
	}
	last := s.Samples[len(s.Samples)-1]
	switch {
	case !settled && s.capped() && (d.Excess > 1 || last.Capped && last.excess() > Margin):
		// The budget stopped the measuring: a solution within the time limit never spends it.
		// The median of the last sizes is over the limit, or the last size's time, where the
		// budget ran out and which is a lower bound, is past the margin by itself: a reference
		// slowed by the load at the size before can pull the median under the limit.
		d.Status = Slow
		d.Observed = slowObserved(s, d)
		d.Reason = fmt.Sprintf("%s %s: too slow to measure within the time limit%s",
			s.Op, slower(last, s.Axis), unproven(s, d))
	case !settled:
		d.Status, d.Observed = Unsure, ""
		why := "another operation was proven wrong or too slow"
		if s.capped() {
			why = "the graded code had spent its measuring budget"
		}
		d.Reason = fmt.Sprintf("%s: not judged, measured up to %s = %d (%s the reference), where the measuring stopped: %s",
			s.Op, s.Axis, last.Size, times(d.Ratio), why)
	case d.Status == Right:
	case s.span() >= DecideSpan && len(s.Samples) >= 3:
		d.Status = Right
		d.Observed = s.Expected
		d.Reason = fmt.Sprintf("%s grows like the reference (%s the reference's time at %s = %d; its ratio drifted %.1f× over a span of %.0f, within what memory layouts explain)",
			s.Op, times(d.Ratio), s.Axis, last.Size, d.Growth, s.span())
	default:
		d.Reason = fmt.Sprintf("%s: not judged, measured only up to %s = %d", s.Op, s.Axis, last.Size)
	}
	return d
}

// ShownRight reports whether a series judged d shows its growth right by the standard of a
// right series: sizes spanning DecideSpan, over which its ratio grew less than DoubtGrowth,
// and over which the graded code's own time per call grew less than the span beyond the
// expected cost's growth. Short of that, a call far too slow is most often the first sign of a
// wrong growth, and its hint must not say that the growth is right. The ratio alone can hide
// one: on a busy machine the reference's time of an O(1) Remove rose 8× between n = 3,125 and
// 50,000, and the ratio of a Remove that shifts the slice grew only 2.2× while its own time
// grew 19×.
func ShownRight(s *Series, d Decision) bool {
	n := len(s.Samples)
	if n < 3 || s.span() < DecideSpan || d.Growth >= DoubtGrowth {
		return false
	}
	first, last := s.Samples[0], s.Samples[n-1]
	return last.Learner/first.Learner < math.Pow(s.span(), 1+expectedSlope(s))
}

// slowObserved is what a series too slow shows as observed: the expected class only where its
// growth was shown right (ShownRight), so that only the constant is over the limit. Otherwise
// its growth was not proven wrong either, and what it shows is what was measured: how much the
// graded code's own time per call grew over the span of sizes, or that one size was measured.
func slowObserved(s *Series, d Decision) Class {
	switch {
	case ShownRight(s, d):
		return s.Expected
	case s.oneSize():
		return "1 size measured"
	}
	first, last := s.Samples[0], s.Samples[len(s.Samples)-1]
	return Class(fmt.Sprintf("grew %s over %.0f×", times(last.Learner/first.Learner), s.span()))
}

// unproven says, for a series too slow whose growth was not shown right, what its time and its
// ratio to the reference did, and that this does not prove a wrong growth; nothing where the
// growth was shown right.
func unproven(s *Series, d Decision) string {
	switch {
	case ShownRight(s, d):
		return ""
	case s.oneSize():
		return " (measured at one size: its growth is not known)"
	}
	first, last := s.Samples[0], s.Samples[len(s.Samples)-1]
	why := fmt.Sprintf("over a span of %.0f× its ratio grew %s, short of the %.0f× that proves one (a right "+
		"structure's ratio drifts up to that much as it outgrows the caches)", s.span(), times(d.Growth), WrongGrowth)
	if s.span() < DecideSpan {
		why = fmt.Sprintf("the measuring stopped at a span of %.0f×, short of the %d× over which a growth is judged",
			s.span(), DecideSpan)
	}
	return fmt.Sprintf("; from %s = %d to %s = %d its time per call grew %s and its ratio to the reference went "+
		"from %s to %s, which does not prove a growth faster than %s: %s", s.Axis, first.Size, s.Axis, last.Size,
		times(last.Learner/first.Learner), times(first.Ratio()), times(last.Ratio()), s.Expected, why)
}

// slower says how much slower than the reference the graded code is at a sample: "is 57×
// slower than the reference at n = 1000 (5700 ns against 100 ns per call)", or, where the
// reference was not timed at that size, its time alone.
func slower(x Sample, axis string) string {
	if x.Reference <= 0 {
		return fmt.Sprintf("takes %.0f ns per call at %s = %d, where the reference was not timed", x.Learner, axis, x.Size)
	}
	return fmt.Sprintf("is %s slower than the reference at %s = %d (%.0f ns against %.0f ns per call)",
		times(x.Ratio()), axis, x.Size, x.Learner, x.Reference)
}

// excess is the median of the samples' times over the limit at the last TimeSizes sizes.
func excess(samples []Sample) float64 {
	var xs []float64
	for _, x := range samples[max(0, len(samples)-TimeSizes):] {
		xs = append(xs, x.excess())
	}
	return median(xs)
}

// expectedSlope is the slope of log cost over log size that the expected cost has along the
// series' axis: 1 where the axis is a term of it (O(L) along the word's length L, O(log n + r)
// along the members returned r), 0 along every other axis (O(1), O(k), and O(log n), whose slope
// is small).
func expectedSlope(s *Series) float64 {
	if s.Expected.LinearIn(s.Axis) {
		return 1
	}
	return 0
}

// Class is a growth class in big-O notation, as the registry declares an operation's expected
// cost and the judge names the growth it observed: "O(log n)", "O(log n + r)", "O(n²)".
type Class string

// BigO reports whether the class is in big-O notation, "O(...)": every expected class is, and
// every class observed but a too slow row's measurement ("grew 48× over 64×").
func (c Class) BigO() bool { return strings.HasPrefix(string(c), "O(") }

// LinearIn reports whether the class, "O(a + b)", has the axis as one of its terms: the cost
// grows in proportion to it.
func (c Class) LinearIn(axis string) bool {
	inner, ok := strings.CutPrefix(string(c), "O(")
	inner, ok2 := strings.CutSuffix(inner, ")")
	if !ok || !ok2 {
		return false
	}
	for _, term := range strings.Split(inner, "+") {
		if strings.TrimSpace(term) == axis {
			return true
		}
	}
	return false
}

// size formats a number of bytes: "512 B", "1.5 KiB", "2.0 MiB".
func size(b float64) string {
	switch {
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", b/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", b/(1<<10))
	}
	return fmt.Sprintf("%.0f B", b)
}

// times formats a ratio: "57×", "1.3×".
func times(r float64) string {
	switch {
	case r >= 10:
		return fmt.Sprintf("%.0f×", r)
	case r >= 0.1 || r == 0:
		return fmt.Sprintf("%.1f×", r)
	}
	return fmt.Sprintf("%.2g×", r) // "0.031×", not "0.0×"
}

// nameSlope is the slope a wrong growth's class is named by: the slope fitted over every size,
// or the one over the upper half of the sizes where it is lower. At the smallest sizes a walk's
// nodes may still fit the caches, and the next sizes' misses then make a walk of n nodes look
// like n²: an Erase walking n/8 nodes measured 162 ns at n = 3,125 and 6.7 µs at 12,500, then
// grew in proportion to n.
func nameSlope(s *Series, slope float64) float64 {
	if k := len(s.Samples); k >= 4 {
		// Never below the least slope named a class beyond the expected one: the growth was
		// proven over every size, and the upper half alone may be noise.
		return min(slope, max(fit(s.Samples[min(k/2, k-3):]), WrongSlope))
	}
	return slope
}

// observed names the growth class of a series from its slope beyond the expected class's.
func observed(s *Series, excess float64) Class {
	switch {
	case expectedSlope(s) == 1:
		if excess >= WrongSlope {
			return Class("O(" + s.Axis + "²)")
		}
		return Class(fmt.Sprintf("O(%s^%.1f)", s.Axis, 1+excess))
	case s.Expected == "O(L)" && s.Axis == "words":
		return "O(n·L)"
	case s.Expected == "O(L)":
		return Class("O(L + " + s.Axis + ")")
	case excess >= 1.6:
		return Class("O(" + s.Axis + "²)")
	case excess >= WrongSlope:
		return Class("O(" + s.Axis + ")")
	}
	return Class(fmt.Sprintf("O(%s^%.1f)", s.Axis, excess))
}

// fit is the slope of log(ratio) against log(size).
func fit(samples []Sample) float64 { return fitBy(samples, Sample.Ratio, 1e-9) }

// allocSlope is the slope of log(bytes allocated per call) against log(size), over the samples
// whose bytes were counted: a measurement that allocated too little in all for the runtime's
// count to be exact reads 0 and is left out, so that code that allocates nothing, or little at
// small sizes, has no slope it did not show.
func allocSlope(samples []Sample) float64 {
	counted := slices.DeleteFunc(slices.Clone(samples), func(x Sample) bool { return x.LearnerBytes <= 0 })
	return fitBy(counted, func(x Sample) float64 { return x.LearnerBytes }, 1)
}

// fitBy is the slope of log(y) against log(size), y at least floor, by the Theil–Sen
// estimator: the median of the slopes between every two sizes. One sample thrown off by the
// machine (a burst of page reclaim, another process's cache traffic) moves a least-squares
// line a lot, and the median hardly at all.
func fitBy(samples []Sample, y func(Sample) float64, floor float64) float64 {
	var slopes []float64
	for i := range samples {
		for j := i + 1; j < len(samples); j++ {
			dx := math.Log(float64(samples[j].Size)) - math.Log(float64(samples[i].Size))
			if dx == 0 {
				continue
			}
			dy := math.Log(math.Max(y(samples[j]), floor)) - math.Log(math.Max(y(samples[i]), floor))
			slopes = append(slopes, dy/dx)
		}
	}
	return median(slopes)
}

// median is the middle of xs (the mean of the two middle ones for an even count), 0 if empty.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	xs = append([]float64(nil), xs...)
	sort.Float64s(xs)
	k := len(xs)
	if k%2 == 1 {
		return xs[k/2]
	}
	return (xs[k/2-1] + xs[k/2]) / 2
}
