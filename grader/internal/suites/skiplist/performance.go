package skiplist

import (
	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfSizes are the list sizes the performance test measures at: doubling from 3,125 to
// 200,000, a span of 64.
var PerfSizes = harness.Sizes(3125, 200_000, 2)

// performance measures Add (while the list grows), Search and Erase against the reference, and
// fails when one grows faster than O(log n).
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		values := harness.DistinctInts(t, PerfSizes[len(PerfSizes)-1])
		harness.JudgeGrowth(t, func(m *harness.Meter) []*growth.Series {
			k := harness.Keyed[Skiplist]{
				Insert: func(s Skiplist, v int) { s.Add(v) },
				Lookup: func(s Skiplist, v int) { s.Search(v) },
				Delete: func(s Skiplist, v int) { s.Erase(v) },
				InsertSeries: &growth.Series{Op: "Add", Axis: "n", Expected: "O(log n)", SlowHint: slowHint,
					Hint: "Add walks the bottom level (or shifts a slice) to find its place: search " +
						"from the top lane as Search does, remembering the last node on each level (the " +
						"update vector), and splice the new node in there"},
				LookupSeries: &growth.Series{Op: "Search", Axis: "n", Expected: "O(log n)", SlowHint: slowHint,
					Hint: "your search never leaves level 1: ride the upper lanes until the next " +
						"key would overshoot, then drop a level (and check that your coin ever comes " +
						"up heads: if every tower has height 1 there are no upper lanes)"},
				DeleteSeries: &growth.Series{Op: "Erase", Axis: "n", Expected: "O(log n)", SlowHint: slowHint,
					Hint: "Erase walks the bottom level (or shifts a slice): find the node with " +
						"the same top-down search, keeping the update vector, and unlink it on every " +
						"level it reaches"},
			}
			return k.Ladder(PerfSizes, values, learner.New, reference.New).Measure(m)
		})
	}}
}

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: " +
	"allocate one node per Add (not per level or per call), and draw levels from a fast random source"
