package cuckoo

import (
	"runtime"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// Performance sizes: the number of distinct keys inserted (doubling from 3,500 to 896,000) into
// a filter of PerfBuckets buckets, whose load reaches 85% at the top, below the 90% up to which
// Insert is O(1) expected; and the number of buckets (quadrupling from 2^12 to 2^20) of filters
// holding a few thousand keys. Both spans are 256; neither may change the cost of an operation.
var (
	PerfKeys    = harness.Sizes(3500, 896_000, 2)
	PerfBuckets = harness.Sizes(1<<12, 1<<20, 4)
)

// PerfCapacity is the capacity of the filter the number of keys grows in: 2^18 buckets.
const PerfCapacity = 1 << 20

// perfBatch is the number of calls in a timed batch.
const perfBatch = 1000

// performance measures Insert, Lookup and Delete as the number of keys grows and as B grows,
// against the reference, and fails when any grows with either.
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		seed := t.Rand().Uint64()
		keys := bytekeys.NewBook(seed, PerfKeys[len(PerfKeys)-1])
		absent := bytekeys.NewBook(^seed, perfBatch)
		t.SetReceiver("f")
		byKeys := func(m *harness.Meter) []*growth.Series {
			return bytekeys.FilterLadder(PerfKeys,
				func() bytekeys.Filter { return learner.New(PerfCapacity) },
				func() bytekeys.Filter { return reference.New(PerfCapacity) }, keys, absent, perfBatch,
				growthOf("Insert", "n",
					"Insert must only read the key's two buckets (and evict, rarely, below 90% full): "+
						"never scan the table or a list of keys"),
				growthOf("Lookup", "n",
					"Lookup must read only the key's two buckets, i1 and i2, 8 slots in all: "+
						"never scan the table or a list of keys"),
				growthOf("Delete", "n",
					"Delete must read only the key's two buckets, i1 and i2: never scan the table "+
						"or a list of keys"),
			).Measure(m)
		}
		byB := func(m *harness.Meter) []*growth.Series { return byBuckets(m, learner, reference, keys, absent) }
		fill := func(m *harness.Meter) []*growth.Series { return byFill(t, m, learner, reference, seed) }
		harness.JudgeGrowth(t, fill, byKeys, byB)
	}}
}

// byBuckets measures Lookup and Delete on filters of growing B holding a few thousand keys: at
// each B, Lookups of keys present and absent, and Deletes of a batch of keys (put back untimed).
// Insert's growth with B is measured across the load range by byFill.
func byBuckets(m *harness.Meter, learner, reference API, keys, absent bytekeys.Book) []*growth.Series {
	look := growthOf("Lookup", "B",
		"Lookup grows with the number of buckets: read only buckets i1 and i2, never scan the table")
	dels := growthOf("Delete", "B",
		"Delete grows with the number of buckets: read only buckets i1 and i2, never scan the table")
	// run is the keys of round rep of a batch: rounds 0 to Repeats-1 and the probe's, Repeats.
	run := func(rep, i int) []byte { return keys.Key(rep*perfBatch + i) }
	for _, b := range PerfBuckets {
		runtime.GC() // collections stay between measurements (see harness.JudgeGrowth)
		l, r := learner.New(4*uint64(b)), reference.New(4*uint64(b))
		inserter := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					f.Insert(run(rep, i))
				}
			}
		}
		// The first batches of Inserts touch the new table's memory, page by page: the operating
		// system maps each page at its first write, which costs more than the Insert itself, in
		// each round, on both sides, and by chance on one more than the other. They are the
		// warm-up, and the keys the Lookups find and the Deletes take out and put back.
		if _, ok := m.Pair(harness.Call{Method: "Insert"}, perfBatch, inserter(l), inserter(r), nil, nil); !ok {
			break
		}
		again := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					f.Insert(run(rep%m.Repeats, i))
				}
			}
		}
		undo := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					f.Delete(run(rep%m.Repeats, i))
				}
			}
		}
		looker := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					if i&1 == 0 {
						f.Lookup(run(0, i))
					} else {
						f.Lookup(absent.Key(i))
					}
				}
			}
		}
		if !m.PairAt(look, b, perfBatch, looker(l), looker(r), nil, nil) ||
			!m.PairAt(dels, b, perfBatch, undo(l), undo(r), again(l), again(r)) || m.Proven(look, dels) {
			break
		}
		runtime.KeepAlive(l)
		runtime.KeepAlive(r)
	}
	return []*growth.Series{look, dels}
}

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual design " +
	"hashes the key once (xxhash.Sum64), keeps the slots in one []uint16, and reads 8 slots per Lookup"
