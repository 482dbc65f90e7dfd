package skiplist

import (
	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfSizes are the list sizes the performance test measures at: a span of 64, up to 200,000.
var PerfSizes = harness.Sizes(3125, 200_000, 2)

// performance measures Add (while the list grows), Search and Erase against the reference, and
// fails when one grows faster than O(log n).
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		n := PerfSizes[len(PerfSizes)-1]
		values := make([]int, n)
		for i := range values {
			values[i] = int(t.Rand().Uint64() >> 2) // distinct with overwhelming probability
		}
		harness.JudgeGrowth(t, func(m *harness.Meter) []*growth.Series {
			ladder := harness.Ladder[Skiplist]{
				Sizes: PerfSizes, New: learner.New, Ref: reference.New,
				Grow: harness.Op[Skiplist]{
					Series: &growth.Series{Op: "Add", Axis: "n", Expected: "O(log n)",
						Hint: "Add walks the bottom level (or shifts a slice) to find its place: search " +
							"from the top lane as Search does, remembering the last node on each level (the " +
							"update vector), and splice the new node in there",
						SlowHint: slowHint},
					Run: func(s Skiplist, from, to int) {
						for _, v := range values[from:to] {
							s.Add(v)
						}
					},
				},
				Queries: []harness.Op[Skiplist]{
					{
						Series: &growth.Series{Op: "Search", Axis: "n", Expected: "O(log n)",
							Hint: "your search never leaves level 1: ride the upper lanes until the next " +
								"key would overshoot, then drop a level (and check that your coin ever comes " +
								"up heads: if every tower has height 1 there are no upper lanes)",
							SlowHint: slowHint},
						Batch: 1000,
						Run: func(s Skiplist, n, batch int) {
							for i := range batch {
								v := values[(i*7919)%n]
								s.Search(v + i&1) // present, then (almost surely) absent
							}
						},
					},
					{
						Series: &growth.Series{Op: "Erase", Axis: "n", Expected: "O(log n)",
							Hint: "Erase walks the bottom level (or shifts a slice): find the node with " +
								"the same top-down search, keeping the update vector, and unlink it on every " +
								"level it reaches",
							SlowHint: slowHint},
						Batch: 1000,
						Run: func(s Skiplist, n, batch int) {
							for i := range batch {
								s.Erase(values[(i*7919)%n])
							}
						},
						Undo: func(s Skiplist, n, batch int) {
							for i := range batch {
								s.Add(values[(i*7919)%n])
							}
						},
					},
				},
			}
			return ladder.Measure(m)
		})
	}}
}

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: " +
	"allocate one node per Add (not per level or per call), and draw levels from a fast random source"
