package randomizedset

import (
	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfSizes are the set sizes the performance test measures at: doubling from 3,125 to 200,000,
// a span of 64.
var PerfSizes = harness.Sizes(3125, 200_000, 2)

// performance measures Insert (while the set grows), Remove and GetRandom against the reference,
// and fails when one grows faster than O(1).
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		values := harness.DistinctInts(t, PerfSizes[len(PerfSizes)-1])
		harness.JudgeGrowth(t, func(m *harness.Meter) []*growth.Series {
			k := harness.Keyed[RandomizedSet]{
				Insert: func(s RandomizedSet, v int) { s.Insert(v) },
				Delete: func(s RandomizedSet, v int) { s.Remove(v) },
				InsertSeries: &growth.Series{Op: "Insert", Axis: "n", Expected: "O(1)", SlowHint: slowHint,
					Hint: "Insert grows with the set: check membership with the index map, not by " +
						"scanning the slice, and append"},
				DeleteSeries: &growth.Series{Op: "Remove", Axis: "n", Expected: "O(1)", SlowHint: slowHint,
					Hint: "Remove grows with the set: swap the element with the last one, fix the moved " +
						"element's index, then shrink the slice (deleting from the middle shifts everything after it)"},
				Extra: []harness.Query[RandomizedSet]{{
					Series: &growth.Series{Op: "GetRandom", Axis: "n", Expected: "O(1)", SlowHint: slowHint,
						Hint: "GetRandom grows with the set: keep the values in a slice and pick a uniform " +
							"index; walking a map to a random position takes O(n)"},
					Batch: harness.KeyedBatch,
					Run: func(s RandomizedSet, n, count, rep int) {
						for range count {
							s.GetRandom()
						}
					},
				}},
			}
			return k.Ladder(PerfSizes, values, learner.New, reference.New).Measure(m)
		})
	}}
}

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: keep one " +
	"slice of values and one map from value to index, and allocate nothing per call"
