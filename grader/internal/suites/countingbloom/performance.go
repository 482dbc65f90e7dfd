package countingbloom

import (
	"slices"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// Performance sizes: the number of keys present (doubling from 3,125 to 200,000) in a filter of
// PerfCounters counters, and the number of counters (quadrupling from 2^14 to 2^26) of a filter
// holding PerfFixedKeys keys. Both spans are 64 or more; neither may change the cost of an
// operation, which is O(k).
var (
	PerfKeys      = harness.Sizes(3125, 200_000, 2)
	PerfCounters  = 1 << 24
	PerfMs        = harness.Sizes(1<<14, 1<<26, 4)
	PerfFixedKeys = 1000
)

// perfK is the number of hash functions of the measured filters.
const perfK = 7

// Hints of a wrong growth, by operation.
var growthHints = map[string]string{
	"Add":    "Add must only raise the key's k counters: a counting Bloom filter stores no keys and scans no counters",
	"Remove": "Remove must only check and lower the key's k counters: it compares no keys and scans no counters",
	"Test":   "Test must only check the key's k counters: it compares no keys and scans no counters",
	"Count":  "Count is the smallest of the key's k counters: read those k, never scan the array",
}

// performance measures Add, Remove, Test and Count as the number of keys grows and as the number
// of counters grows, against the reference, and fails when one grows with n or m.
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		keys := bytekeys.Drawn(PerfKeys[len(PerfKeys)-1], t.Rand().Uint64)
		t.SetReceiver("f")
		var along []*growth.Series // the last measures along n
		byKeys := func(m *harness.Meter) []*growth.Series {
			// A batch of count calls at size n uses keys spread over the n present, a different
			// stretch in each round.
			at := func(n, i, rep int) []byte { return keys[((rep*1000+i)*7919)%n] }
			ladder := harness.Ladder[Filter]{
				Sizes: PerfKeys,
				New:   func() Filter { return learner.New(uint64(PerfCounters), perfK) },
				Ref:   func() Filter { return reference.New(uint64(PerfCounters), perfK) },
				Grow: harness.Grower[Filter]{
					Series: growthOf("Add", "n", growthHints["Add"]),
					Run: func(f Filter, from, to int) {
						for _, key := range keys[from:to] {
							f.Add(key)
						}
					},
				},
				Queries: []harness.Query[Filter]{
					{
						Series: growthOf("Test", "n", growthHints["Test"]),
						Batch:  1000,
						Run: func(f Filter, n, count, rep int) {
							for i := range count {
								f.Test(at(n, i, rep))
							}
						},
					},
					{
						Series: growthOf("Count", "n", growthHints["Count"]),
						Batch:  1000,
						Run: func(f Filter, n, count, rep int) {
							for i := range count {
								f.Count(at(n, i, rep))
							}
						},
					},
					{
						Series: growthOf("Remove", "n", growthHints["Remove"]),
						Batch:  1000,
						Run: func(f Filter, n, count, rep int) {
							for i := range count {
								f.Remove(at(n, i, rep))
							}
						},
						// Put the removed keys back, untimed.
						Undo: func(f Filter, n, count, rep int) {
							for i := range count {
								f.Add(at(n, i, rep))
							}
						},
					},
				},
			}
			along = ladder.Measure(m)
			return along
		}
		// An operation over the time limit along n is the verdict (a ladder with no growth
		// proven wrong is not measured again, so nothing takes it back), and measuring along m
		// would take that operation's time again: an Add that scans the counters spends the
		// whole budget of each ladder. A growth proven wrong is measured again and may not
		// stand, so then the counters are measured too.
		failed := func() bool {
			status := func(want growth.Status) bool {
				return slices.ContainsFunc(along, func(s *growth.Series) bool { return growth.Decide(s).Status == want })
			}
			return status(growth.Slow) && !status(growth.Wrong)
		}
		byCounters := func(m *harness.Meter) []*growth.Series {
			if failed() {
				return []*growth.Series{}
			}
			return byCounters(m, learner, reference, keys)
		}
		harness.JudgeGrowth(t, byKeys, byCounters)
	}}
}

// byCounters measures, on filters of growing m, Test and Count while the filter is empty (an
// operation that scans the counters, even only until it meets one above 0, then scans them all),
// then Add of PerfFixedKeys keys, and Remove of them.
func byCounters(m *harness.Meter, learner, reference API, keys [][]byte) []*growth.Series {
	add := growthOf("Add", "m",
		"Add grows with the number of counters: touch only the key's k counters, never the whole array")
	test := growthOf("Test", "m",
		"Test grows with the number of counters: check only the key's k counters, never scan the array "+
			"(not even to find whether the filter is empty)")
	cnt := growthOf("Count", "m",
		"Count grows with the number of counters: read only the key's k counters, never scan the array "+
			"(not even to find whether the filter is empty)")
	rem := growthOf("Remove", "m",
		"Remove grows with the number of counters: check and lower only the key's k counters, "+
			"never scan or recount the array")
	adder := func(f Filter, k []byte) { f.Add(k) }
	harness.Sweep[Filter, []byte]{
		Sizes: PerfMs,
		Make: func(size int) (Filter, Filter, [][]byte) {
			return learner.New(uint64(size), perfK), reference.New(uint64(size), perfK), keys[:PerfFixedKeys]
		},
		Ops: []harness.SweepOp[Filter, []byte]{
			{Series: test, Run: func(f Filter, k []byte) { f.Test(k) }},
			{Series: cnt, Run: func(f Filter, k []byte) { f.Count(k) }},
			{Series: add, Run: adder},
			{Series: rem, Run: func(f Filter, k []byte) { f.Remove(k) }, Undo: adder},
		},
	}.Measure(m)
	return []*growth.Series{add, test, cnt, rem}
}

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual design " +
	"hashes the key once (two hashes give all k positions) and keeps the counters 16 to a uint64"
