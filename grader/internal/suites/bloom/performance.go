package bloom

import (
	"kata/grader/internal/bytekeys"
	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// Performance sizes: the number of keys added (doubling from 3,125 to 200,000) into a filter
// of PerfBits bits, and the number of bits (quadrupling from 2^14 to 2^26) of a filter holding
// PerfFixedKeys keys. Both spans are 64 or more; neither may change the cost of Add and Test,
// which is O(k).
var (
	PerfKeys      = harness.Sizes(3125, 200_000, 2)
	PerfBits      = harness.Sizes(1<<14, 1<<26, 4)
	PerfFixedKeys = 1000
)

// perfK is the number of hash functions of the measured filters.
const perfK = 7

// performance measures Add and Test as the number of keys grows and as the number of bits grows,
// against the reference, and fails when either grows with n or m.
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		keys := bytekeys.Drawn(PerfKeys[len(PerfKeys)-1], t.Rand().Uint64)
		t.SetReceiver("f")
		byKeys := func(m *harness.Meter) []*growth.Series {
			ladder := harness.Ladder[Filter]{
				Sizes: PerfKeys,
				New:   func() Filter { return learner.New(1<<26, perfK) },
				Ref:   func() Filter { return reference.New(1<<26, perfK) },
				Grow: harness.Grower[Filter]{
					Series: growthOf("Add", "n",
						"Add must only set the key's k bits: a Bloom filter stores no keys and scans "+
							"no bit array"),
					Run: func(f Filter, from, to int) {
						for _, key := range keys[from:to] {
							f.Add(key)
						}
					},
				},
				Queries: []harness.Query[Filter]{{
					Series: growthOf("Test", "n",
						"Test must only check the key's k bits: a Bloom filter compares no keys and "+
							"scans no bit array"),
					Batch: 1000,
					Run: func(f Filter, n, count, rep int) {
						for i := range count {
							f.Test(keys[(i*7919)%n])
						}
					},
				}},
			}
			return ladder.Measure(m)
		}
		byBits := func(m *harness.Meter) []*growth.Series { return byBits(m, learner, reference, keys) }
		harness.JudgeGrowth(t, byKeys, byBits)
	}}
}

// byBits measures Add and Test on filters of growing m holding PerfFixedKeys keys each.
func byBits(m *harness.Meter, learner, reference API, keys [][]byte) []*growth.Series {
	add := growthOf("Add", "m",
		"Add grows with the number of bits: touch only the key's k positions, never the whole array")
	test := growthOf("Test", "m",
		"Test grows with the number of bits: check only the key's k positions, never scan the array")
	harness.Sweep[Filter, []byte]{
		Sizes: PerfBits,
		Make: func(bits int) (Filter, Filter, [][]byte) {
			return learner.New(uint64(bits), perfK), reference.New(uint64(bits), perfK), keys[:PerfFixedKeys]
		},
		Ops: []harness.SweepOp[Filter, []byte]{
			{Series: add, Run: func(f Filter, k []byte) { f.Add(k) }},
			{Series: test, Run: func(f Filter, k []byte) { f.Test(k) }},
		},
	}.Measure(m)
	return []*growth.Series{add, test}
}

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual design " +
	"hashes the key once (two hashes give all k positions) and keeps the bits in a []uint64"
