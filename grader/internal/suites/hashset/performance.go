package hashset

import (
	kgrowth "kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfSizes are the set sizes the performance test measures at: doubling from 15,625 to
// 1,000,000, a span of 64. A table that never grows, chained through linked lists, is only
// clearly slow at the top of it.
var PerfSizes = harness.Sizes(15_625, 1_000_000, 2)

// performance measures Add (over whole doubling windows while the set grows), Contains and
// Remove against the reference, and fails when one grows faster than O(1).
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		values := harness.DistinctInts(t, PerfSizes[len(PerfSizes)-1])
		harness.JudgeGrowth(t, func(m *harness.Meter) []*kgrowth.Series {
			k := harness.Keyed[HashSet]{
				Insert: func(s HashSet, v int) { s.Add(v) },
				Lookup: func(s HashSet, v int) { s.Contains(v) },
				Delete: func(s HashSet, v int) { s.Remove(v) },
				InsertSeries: &kgrowth.Series{Op: "Add", Axis: "n", Expected: "O(1)", SlowHint: slowHint,
					Hint: "your table never grows: with a fixed number of buckets, chains grow like n. " +
						"Count the keys and, past a load factor, double the buckets and re-insert every key " +
						"(or Add scans for the key: it must look only in the key's bucket)"},
				LookupSeries: &kgrowth.Series{Op: "Contains", Axis: "n", Expected: "O(1)", SlowHint: slowHint,
					Hint: "your table never grows: with a fixed number of buckets, chains grow like n. " +
						"Double the buckets when the load passes a threshold, so chains stay short"},
				DeleteSeries: &kgrowth.Series{Op: "Remove", Axis: "n", Expected: "O(1)", SlowHint: slowHint,
					Hint: "Remove grows with the number of keys: it must look only in the key's bucket, " +
						"and the table must grow so that bucket stays short"},
			}
			return k.Ladder(PerfSizes, values, learner.New, reference.New).Measure(m)
		})
	}}
}

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: " +
	"mix the key's bits with a cheap multiplication, keep buckets in one slice, and avoid allocating per call"
