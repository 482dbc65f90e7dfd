package concurrentset

import (
	"slices"

	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfSizes are the set sizes the growth test measures at: doubling from 3,125 to 200,000, a
// span of 64, as for the skip list. The judge runs the performance tests in a program built
// without the race detector, which would make every call five to fifteen times slower.
var PerfSizes = harness.Sizes(3125, 200_000, 2)

// RangeSizes are the numbers of keys a Range yields in the growth along r, on a set of RangeN
// keys: doubling from 16 to 1,024, a span of 64.
var RangeSizes = harness.Sizes(16, 1024, 2)

// RangeN is the size of the set the Ranges along r walk.
const RangeN = 50_000

// ShortRange is how many keys a Range yields in the growth along n: a few, so that a Range that
// walks from the head (Θ(n)) shows against one that starts from the last node before lo.
const ShortRange = 8

// rangeKeys is the number of keys the Ranges of one timed batch along r yield in all.
const rangeKeys = 1 << 13

// geometric ends the hints of a search that grows with n: the other cause a walk of O(n) nodes
// fits, whichever way the search goes.
const geometric = "draw each tower's height geometrically: a node reaches each next level with probability " +
	"1/2, so that each level holds about half the nodes of the one below (heights drawn uniformly crowd the " +
	"top level, heights capped low or all 1 crowd level 0)"

// performance measures Add (while the set grows), Contains, Remove, Len and a short Range
// against the reference as n grows, then Range as r grows, all on one goroutine.
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		values := harness.DistinctInts(t, PerfSizes[len(PerfSizes)-1])
		var sorted []int
		lenSeries := growthOf("Len", "n",
			"Len walks the set to count its keys: keep a counter (an atomic.Int64) that each Add "+
				"returning true raises and each Remove returning true lowers")
		shortRange := growthOf("Range", "n",
			"Range walks level 0 from the head to reach lo: find the last node before lo top-down, as "+
				"Contains does, then walk level 0 from there")
		k := harness.Keyed[Set]{
			Insert: func(s Set, v int) { s.Add(v) },
			Lookup: func(s Set, v int) { s.Contains(v) },
			Delete: func(s Set, v int) { s.Remove(v) },
			InsertSeries: growthOf("Add", "n",
				"Add walks a number of nodes that grows with n to find its place: search from the top "+
					"level down, recording the predecessor and successor on every level (a walk along level 0, "+
					"or a slice shifted, is O(n)), and "+geometric),
			LookupSeries: growthOf("Contains", "n",
				"Contains walks a number of nodes that grows with n: ride the upper levels until the next "+
					"key would overshoot, then drop a level (never walk level 0 alone), and "+geometric),
			DeleteSeries: growthOf("Remove", "n",
				"Remove walks a number of nodes that grows with n: find the predecessors with the same "+
					"top-down search as Add (never a walk along level 0 or a slice shifted), then lock, validate "+
					"and unlink the node on each of its levels, and "+geometric),
			Extra: []harness.Query[Set]{
				{Series: lenSeries, Batch: harness.KeyedBatch, Run: func(s Set, n, count, rep int) {
					for range count {
						s.Len()
					}
				}},
				{Series: shortRange, Batch: harness.KeyedBatch / 10, Run: func(s Set, n, count, rep int) {
					for i := range count {
						at := (n/2 + i*ShortRange) % (n - ShortRange)
						for range s.Range(sorted[at], sorted[at+ShortRange-1]) {
						}
					}
				}},
			},
		}
		ladder := k.Ladder(PerfSizes, values, learner.New, reference.New)
		before := ladder.Before
		ladder.Before = func(n int) {
			before(n)
			sorted = slices.Sorted(slices.Values(values[:n]))
		}
		along := ladder.Queries
		harness.JudgeGrowth(t, func(m *harness.Meter) []*growth.Series {
			return ladder.Measure(m)
		}, func(m *harness.Meter) []*growth.Series {
			for _, q := range along {
				if d := growth.Decide(q.Series); d.Status == growth.Wrong || d.Status == growth.Slow {
					return nil
				}
			}
			return ranges(t, m, learner, reference)
		})
	}}
}

// ranges measures Range as r grows, on a set of RangeN keys 0, 2, 4, ...: each call yields r
// keys, from a window that moves along the middle of the set.
func ranges(t *harness.T, m *harness.Meter, learner, reference API) []*growth.Series {
	series := growthOf("Range", "r",
		"Range costs more than O(1) per key it yields: walk level 0 from the first key >= lo and "+
			"yield each key as you reach it (no slice to collect and sort, no search per key)")
	fill := func(s Set) Set {
		for k := range RangeN {
			s.Add(2 * k)
		}
		return s
	}
	l := t.Invoke(harness.Call{Method: "Add"}, func() any { return fill(learner.New()) }).(Set)
	ref := fill(reference.New())
	run := func(s Set, r int) func(count, rep int) {
		return func(count, rep int) {
			for i := range count {
				lo := 2 * (RangeN/4 + (i*37)%(RangeN/2))
				for range s.Range(lo, lo+2*(r-1)) {
				}
			}
		}
	}
	t.Invoke(harness.Call{Method: "Range"}, func() any { run(l, 64)(16, 0); return nil })
	run(ref, 64)(16, 0)
	for _, r := range RangeSizes {
		if !m.PairAt(series, r, max(16, rangeKeys/r), run(l, r), run(ref, r), nil, nil) || m.Proven(series) {
			break
		}
	}
	return []*growth.Series{series}
}

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: keep a node's links " +
	"in the node (one allocation per Add), draw heights from math/rand/v2's global functions, and take " +
	"no lock in Contains, Len and Range"
