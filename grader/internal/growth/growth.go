// Package growth decides whether an operation's cost grows as expected, from CPU times measured
// side by side for the graded code and the reference at several sizes.
//
// It never looks at absolute times alone: a learner's laptop may be ten times slower than the
// machine the reference was tuned on, and busy. What it judges is the ratio learner/reference at
// each size, measured in the same run, which the machine's speed and load mostly cancel out of:
//
//   - Growth: the slope of log(ratio) against log(size). A solution of the right growth keeps
//     the ratio roughly flat, however slow it is; a linear scan where the reference takes
//     O(log n) makes the ratio grow almost like n.
//   - Time limit: at the largest size measured, the graded code may take TimeFactor times the
//     reference plus TimeFloor per operation, like a contest judge's limit of a multiple of the
//     judges' solution.
//
// Decisions keep a margin, as Kattis's problem tools do with time limits: a verdict is given only
// when it would not change if the threshold were 1.5 times more lenient (or stricter, for
// accepting); in between, the result is Unsure and the caller measures again.
package growth

import (
	"fmt"
	"math"
	"sort"
)

// Sample is one measurement: CPU nanoseconds per operation at one size.
type Sample struct {
	Size      int
	Learner   float64
	Reference float64
	Capped    bool // the learner's measurement stopped at its budget: the true time is higher
}

// Ratio is the learner's time over the reference's.
func (s Sample) Ratio() float64 { return s.Learner / math.Max(s.Reference, 1e-3) }

// Series is one operation's samples along one axis.
type Series struct {
	Op       string   // "Search"
	Axis     string   // what grows: "n" (elements), "L" (word length), "m" (bits), "words"
	Expected string   // "O(log n)"
	Samples  []Sample // in increasing size
	Hint     string   // what to say when the growth is wrong
	SlowHint string   // what to say when the growth is right but the time limit is passed
	// Amortized marks an operation timed over whole growth windows (insertion as the
	// structure grows): its cost per call is lumpy (a slice doubling, fresh memory), and only
	// the ratio judges it.
	Amortized bool
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
			return
		}
	}
	s.Samples = append(s.Samples, x)
}

// Thresholds. They were chosen with kata's stress command (kata dev stress), which runs the
// references, right-growth variants a constant factor slower and wrong-growth variants many
// times with and without load, and counts false flags and misses.
const (
	// GrowthLimit is how much the ratio may grow over the sizes measured before the growth is
	// wrong. A right solution's ratio drifts by at most about 2 with cache effects and noise;
	// a wrong one's grows with the size span (a fixed table chaining through slices, whose
	// scans are cheap, by 8 to 15 over a span of 64).
	GrowthLimit = 5.0
	// MinSlope is the slope of log ratio over log size below which the growth is never wrong,
	// whatever the ratio did between two noisy points.
	MinSlope = 0.35
	// WrongSlope is the slope from which a series judged too slow is also said to grow wrongly.
	WrongSlope = 0.45
	// SteadySlope and SteadyGrowth: three or more sizes, spanning SteadySpan or more, with at
	// least this slope and this growth are a wrong growth rate even below GrowthLimit.
	SteadySlope  = 0.7
	SteadyGrowth = 6.0
	// OwnSlope is the slope of the graded code's own time, beyond the expected class's, from
	// which a climbing ratio counts as a wrong growth, when the reference's own slope is at
	// most RefSlope.
	OwnSlope = 0.8
	RefSlope = 0.6
	// LinearSpan is the least span of sizes over which the graded code's own slope counts.
	LinearSpan = 16
	// ScanSlope, ScanGap and ScanGrowth: the graded code's own time climbing at least this
	// steeply, this much more steeply than the reference's, with the ratio growing this much,
	// over five sizes or more spanning LinearSpan, is a scan even when the reference itself
	// slows down in the caches, as a skip list's pointer chasing does on a loaded machine
	// (own slopes to 0.75). Right solutions' own slopes stayed at 0.73 or below in every
	// stress run, loaded included; a linear scan's are 1.0 to 1.1.
	ScanSlope  = 0.9
	ScanGap    = 0.2
	ScanGrowth = 2.0
	// SteadySpan is the least span of sizes over which a steady climb counts: over a span of 4,
	// one noisy window (a large copy landing in it) can fake a slope above 1.
	SteadySpan = 8
	// TimeFactor and TimeFloor make the time limit: at the largest size measured the graded code
	// may take TimeFactor times the reference, plus TimeFloor nanoseconds, per operation.
	TimeFactor = 30.0
	TimeFloor  = 1000.0
	// Margin is the safety factor of every decision.
	Margin = 1.5
)

// Decision is the judgement on one series.
type Decision struct {
	OK       bool
	Unsure   bool    // near a threshold: measure again before deciding
	Observed string  // the growth class observed: "O(log n)", "O(n)"
	Slope    float64 // slope of log(ratio) over log(size)
	Growth   float64 // how much the ratio grew over the sizes measured, per the fitted slope
	Ratio    float64 // learner/reference at the largest size measured
	Reason   string  // one line, for a person
}

// Decide judges a series.
//
// The growth is wrong when the ratio grew by more than GrowthLimit (times the margin) over the
// sizes measured with a slope of at least MinSlope, or when at least three sizes show a steady
// slope of SteadySlope or more and a growth of SteadyGrowth: a memmove-based O(n) insertion is
// cheap at small sizes and shows its growth only as a steady climb. The time limit is passed when
// the graded code takes more than TimeFactor times the reference plus TimeFloor at the largest
// size (times the margin).
func Decide(s *Series) Decision {
	d := Decision{OK: true, Observed: s.Expected}
	if len(s.Samples) == 0 {
		return Decision{Unsure: true, Reason: "not measured"}
	}
	first, last := s.Samples[0], s.Samples[len(s.Samples)-1]
	d.Ratio = last.Ratio()
	limit := TimeFactor*last.Reference + TimeFloor
	if len(s.Samples) >= 2 {
		d.Slope = slope(s.Samples)
		d.Growth = math.Pow(float64(last.Size)/float64(first.Size), d.Slope)
	}
	wide := len(s.Samples) >= 3 && last.Size >= SteadySpan*first.Size
	steady := wide && d.Slope >= SteadySlope && d.Growth >= SteadyGrowth
	// A reference that outgrows the caches slows down too, so the ratio understates a linear
	// scan: the graded code's own time climbing like n while the reference's stays well below
	// (and the ratio climbs as well) is a wrong growth too. When the reference's own time
	// climbs nearly as steeply (a trie's walks through cold memory), only the ratio can tell.
	own := ownSlope(s.Samples) - expectedSlope(s)
	refOwn := refSlope(s.Samples) - expectedSlope(s)
	linear := !s.Amortized && len(s.Samples) >= 4 && last.Size >= LinearSpan*first.Size &&
		own >= OwnSlope && refOwn <= RefSlope && d.Slope >= MinSlope && d.Growth >= GrowthLimit/Margin
	// Only along n, for costs that do not walk a word: there the reference's own structure
	// outgrows the caches as the graded code's does. A trie's walks through memory that gets
	// colder as words are added slow the two sides by how their nodes are laid out, and along
	// the other axes (copies of one value, removals) a right structure's cache misses can climb
	// while the reference's time stays flat; the other rules judge those.
	scan := !s.Amortized && s.Axis == "n" && s.Expected != "O(L)" && len(s.Samples) >= 5 && last.Size >= LinearSpan*first.Size &&
		own >= ScanSlope && own-refOwn >= ScanGap && d.Growth >= ScanGrowth
	grew := d.Slope >= MinSlope && d.Growth >= GrowthLimit*Margin || steady || linear || scan
	slow := last.Learner > limit*Margin || last.Capped && last.Learner > limit
	switch {
	case grew || slow:
		d.OK = false
		// Too slow, and growing: the ratio's slope, or the graded code's own slope when the
		// reference also slows down as the structure outgrows the caches.
		if grew || len(s.Samples) >= 2 && (d.Slope >= WrongSlope || d.Slope >= MinSlope && own >= OwnSlope) {
			excess := d.Slope
			if d.Slope < WrongSlope && own >= OwnSlope {
				excess = own
			}
			if len(s.Samples) < 3 {
				excess = min(excess, 1) // two sizes cannot tell O(n²) from O(n) with noise
			}
			d.Observed = observed(s, excess)
			d.Reason = fmt.Sprintf("%s grows like %s, expected %s: %s slower than the reference at %s = %d, %s at %s = %d",
				s.Op, d.Observed, s.Expected, times(last.Ratio()), s.Axis, last.Size, times(first.Ratio()), s.Axis, first.Size)
		} else {
			d.Reason = fmt.Sprintf("%s is %s slower than the reference at %s = %d (%.0f ns against %.0f ns per call): over the time limit",
				s.Op, times(d.Ratio), s.Axis, last.Size, last.Learner, last.Reference)
		}
		return d
	case d.Slope >= MinSlope && d.Growth >= GrowthLimit/Margin, last.Learner > limit:
		d.Unsure = true
	}
	d.Reason = fmt.Sprintf("%s grows like the reference (%s at %s = %d)", s.Op, times(d.Ratio), s.Axis, last.Size)
	return d
}

// times formats a ratio: "57×", "1.3×".
func times(r float64) string {
	if r >= 10 {
		return fmt.Sprintf("%.0f×", r)
	}
	return fmt.Sprintf("%.1f×", r)
}

// observed names the growth class of a wrong series from the excess slope over the expected.
func observed(s *Series, excess float64) string {
	switch {
	case s.Axis == "L":
		if excess >= WrongSlope {
			return "O(L²)"
		}
		return fmt.Sprintf("O(L^%.1f)", 1+excess)
	case s.Expected == "O(L)":
		return "O(n·L)"
	case excess >= 1.6:
		return "O(" + s.Axis + "²)"
	case excess >= WrongSlope:
		return "O(" + s.Axis + ")"
	}
	return fmt.Sprintf("O(%s^%.1f)", s.Axis, excess)
}

// slope fits log(ratio) against log(size) by least squares.
func slope(samples []Sample) float64 {
	return fit(samples, Sample.Ratio)
}

// ownSlope fits log(learner's time) against log(size): about 1 for a linear scan, whatever the
// reference does.
func ownSlope(samples []Sample) float64 {
	return fit(samples, func(s Sample) float64 { return s.Learner })
}

// expectedSlope is the slope of log time over log size the expected cost has along the series'
// axis: 1 for O(L) along L, 0 otherwise (O(1), O(k), and O(log n) up to a small slope).
func expectedSlope(s *Series) float64 {
	if s.Axis == "L" && s.Expected == "O(L)" {
		return 1
	}
	return 0
}

// refSlope fits log(reference's time) against log(size).
func refSlope(samples []Sample) float64 {
	return fit(samples, func(s Sample) float64 { return s.Reference })
}

// fit is the slope of log(y(sample)) against log(size), by the Theil–Sen estimator: the median
// of the slopes between every two sizes. One sample thrown off by the machine (a burst of page
// reclaim, another process's cache traffic) moves a least-squares line a lot, and the median
// hardly at all.
func fit(samples []Sample, y func(Sample) float64) float64 {
	var slopes []float64
	for i := range samples {
		for j := i + 1; j < len(samples); j++ {
			dx := math.Log(float64(samples[j].Size)) - math.Log(float64(samples[i].Size))
			if dx == 0 {
				continue
			}
			dy := math.Log(math.Max(y(samples[j]), 1e-9)) - math.Log(math.Max(y(samples[i]), 1e-9))
			slopes = append(slopes, dy/dx)
		}
	}
	if len(slopes) == 0 {
		return 0
	}
	sort.Float64s(slopes)
	k := len(slopes)
	if k%2 == 1 {
		return slopes[k/2]
	}
	return (slopes[k/2-1] + slopes[k/2]) / 2
}
