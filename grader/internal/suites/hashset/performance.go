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

// PatternSizes are the set sizes the patterned-keys test measures at: doubling from 16,384 to
// 262,144, a span of 16. A hash that keeps the key's low bits puts keys that are multiples of
// 2^20 in one bucket, and is about a hundred times slower than the reference at the first size;
// below it, a growth window of the reference takes too little time to measure well.
var PatternSizes = harness.Sizes(16_384, 262_144, 2)

// patternShift is the power of two every key of the patterned-keys test is a multiple of.
const patternShift = 20

// patterned measures Add against the reference on keys that are all multiples of 2^20, and
// fails when it grows faster than O(1): with no mixing of the key's bits, they share one
// bucket. Add alone tells, since every operation looks in the same bucket. The axis is called
// "keys", apart from the growth test's n, so that each test's measurements keep their own row.
func patterned(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/patterned-keys", Kind: harness.Performance, Run: func(t *harness.T) {
		values := patternedKeys(t, PatternSizes[len(PatternSizes)-1])
		harness.JudgeGrowth(t, func(m *harness.Meter) []*kgrowth.Series {
			k := harness.Keyed[HashSet]{
				Insert: func(s HashSet, v int) { s.Add(v) },
				InsertSeries: &kgrowth.Series{Op: "Add", Axis: "keys", Expected: "O(1)",
					Hint: mixHint, SlowHint: mixHint},
			}
			return k.Ladder(PatternSizes, values, learner.New, reference.New).Measure(m)
		})
	}}
}

// patternedKeys draws n distinct ints that are multiples of 2^20, over the whole int range.
func patternedKeys(t *harness.T, n int) []int {
	seen := make(map[int]bool, n)
	out := make([]int, 0, n)
	for len(out) < n {
		v := int(t.Rand().Uint64() << patternShift)
		if v != 0 && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// mixHint is said when keys with a pattern make an operation slow.
const mixHint = "keys that are all multiples of 2^20 pile into one bucket: your hash keeps the key's " +
	"low bits. Mix every bit of the key into the index, for example with Fibonacci hashing, " +
	"(uint64(key) * 0x9E3779B97F4A7C15) >> (64 - b) for 2^b buckets"

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: " +
	"mix the key's bits with a cheap multiplication, keep buckets in one slice, and avoid allocating per call"
