package randomizedset

import (
	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfSizes are the set sizes the performance test measures at: doubling from 3,125 to 200,000,
// a span of 64.
var PerfSizes = harness.Sizes(3125, 200_000, 2)

// performance measures Insert (while the set grows), Remove and GetRandom against the reference,
// and GetRandom again on sets that a long history of removals left small; it fails when
// one grows faster than O(1).
func performance(learner, reference API) harness.Test {
	keyed := func() harness.Keyed[RandomizedSet] {
		return harness.Keyed[RandomizedSet]{
			Insert: func(s RandomizedSet, v int) { s.Insert(v) },
			Delete: func(s RandomizedSet, v int) { s.Remove(v) },
			InsertSeries: growthOf("Insert", "n",
				"Insert grows with the set: check membership with the index map, not by "+
					"scanning the slice, and append"),
			DeleteSeries: growthOf("Remove", "n",
				"Remove grows with the set: swap the element with the last one, fix the moved "+
					"element's index, then shrink the slice (deleting from the middle shifts everything after it)"),
			Extra: []harness.Query[RandomizedSet]{{
				Series: growthOf("GetRandom", "n",
					"GetRandom grows with the set: keep the values in a slice and pick a uniform "+
						"index; walking a map to a random position takes O(n)"),
				Batch: harness.KeyedBatch,
				Run:   drawBatch,
			}},
		}
	}
	byRemovals := func(m *harness.Meter, values []int) []*growth.Series {
		return afterRemovals(m, values, learner, reference)
	}
	return harness.KeyedGrowth(PerfSizes, learner.New, reference.New, keyed, byRemovals)
}

// ChurnLive is how many values the afterRemovals ladder's sets hold: each of its steps inserts a value
// and removes the one inserted ChurnLive steps before.
const ChurnLive = 64

// afterRemovals measures, along the number of values inserted and removed again (PerfSizes of them),
// Insert and Remove together, and GetRandom on the ChurnLive values left: a removal that leaves
// something behind (a dead slot never compacted, which GetRandom draws again and again) makes
// them grow with the removals, where the set itself stays small.
func afterRemovals(m *harness.Meter, values []int, learner, reference API) []*growth.Series {
	l := &harness.Ladder[RandomizedSet]{
		Sizes: PerfSizes, New: learner.New, Ref: reference.New,
		Grow: harness.Grower[RandomizedSet]{
			Series: growthOf("Remove", "removals",
				"Insert and Remove slow down as values are removed, though the set stays small: "+
					"a removal must leave nothing behind (move the last value into the hole, shrink "+
					"the slice, delete the map entry)"),
			Run: func(s RandomizedSet, from, to int) {
				for i := from; i < to; i++ {
					s.Insert(values[i])
					if i >= ChurnLive {
						s.Remove(values[i-ChurnLive])
					}
				}
			},
		},
		Queries: []harness.Query[RandomizedSet]{{
			Series: growthOf("GetRandom", "removals",
				"GetRandom slows down as values are removed, though the set stays small: a removed "+
					"value must not leave a dead slot for GetRandom to draw and skip (move the last value "+
					"into the hole and shrink the slice, or compact the slots once most are dead)"),
			Batch: harness.KeyedBatch,
			Run:   drawBatch,
		}},
	}
	return l.Measure(m)
}

// drawBatch is a timed batch of count GetRandom calls.
func drawBatch(s RandomizedSet, n, count, rep int) {
	for range count {
		s.GetRandom()
	}
}

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual design " +
	"keeps one slice of values and one map from value to index"
