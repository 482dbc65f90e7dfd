package quotientfilter

import (
	"encoding/binary"
	"runtime"

	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// Performance sizes: the number of distinct keys inserted (doubling from 3,072 to 786,432) into a
// New(PerfQ, PerfR), whose load reaches 75% at the top, up to where the operations are O(1)
// expected; and q (by 2, from 12 to 20: 2^q quadrupling from 4,096 to 1,048,576 slots) of filters
// half full. Both spans are 256; neither may change the cost of an Insert, Lookup or Delete, and
// Merge's cost grows with 2^q as the reference's does.
var (
	PerfKeys = harness.Sizes(3072, 786_432, 2)
	PerfQs   = []uint{12, 14, 16, 18, 20}
)

// PerfQ and PerfR make the filter the number of keys grows in: 2^20 slots of 8-bit remainders.
const PerfQ, PerfR = 20, 8

// perfBatch is the number of calls in a timed batch.
const perfBatch = 1000

// fillChunk is the number of Inserts in one call of an untimed fill.
const fillChunk = 1024

// keyBook is the performance test's keys, 16 bytes each in one slice: key i is a seed and i.
type keyBook struct {
	flat []byte
}

// newKeyBook makes n keys from seed.
func newKeyBook(seed uint64, n int) keyBook {
	flat := make([]byte, 0, 16*n)
	for i := range n {
		flat = binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(flat, seed), uint64(i))
	}
	return keyBook{flat: flat}
}

// key returns key i.
func (b keyBook) key(i int) []byte { return b.flat[16*i : 16*i+16 : 16*i+16] }

// performance measures Insert, Lookup and Delete as the load grows and as q grows, and Merge as
// q grows, against the reference, and fails when any grows with either.
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		seed := t.Rand().Uint64()
		keys := newKeyBook(seed, 1<<20)
		absent := newKeyBook(^seed, perfBatch)
		t.SetReceiver("f")
		byLoad := func(m *harness.Meter) []*growth.Series {
			// pick is the i-th key of run j at size n: runs of perfBatch keys present, from the
			// middle of the insertion order on; run 0 for lookups, 1+rep for the deletions of
			// round rep, so that a round never deletes what an earlier one put back.
			pick := func(n, j, i int) []byte { return keys.key((n/2 + j*perfBatch + i) % n) }
			ladder := harness.Ladder[Filter]{
				Sizes: PerfKeys,
				New:   func() Filter { return learner.New(PerfQ, PerfR) },
				Ref:   func() Filter { return reference.New(PerfQ, PerfR) },
				Grow: harness.Grower[Filter]{
					Series: harness.Declared(ex, growth.Series{Op: "Insert", Axis: "n", SlowHint: slowHint,
						Hint: "Insert must read and shift only the cluster around the key's slot: never scan the " +
							"table, or count the fingerprints, from slot 0"}),
					Run: func(f Filter, from, to int) {
						for i := from; i < to; i++ {
							f.Insert(keys.key(i))
						}
					},
				},
				Queries: []harness.Query[Filter]{
					{
						Series: harness.Declared(ex, growth.Series{Op: "Lookup", Axis: "n", SlowHint: slowHint,
							Hint: "Lookup must walk back from the key's slot to its cluster's start and forward " +
								"to its run: never scan the table from slot 0"}),
						Batch: perfBatch,
						Run: func(f Filter, n, count, rep int) {
							for i := range count {
								if i&1 == 0 {
									f.Lookup(pick(n, 0, i))
								} else {
									f.Lookup(absent.key(i))
								}
							}
						},
					},
					{
						Series: harness.Declared(ex, growth.Series{Op: "Delete", Axis: "n", SlowHint: slowHint,
							Hint: "Delete must shift back only the rest of the key's cluster: never scan or " +
								"rebuild the table"}),
						Batch: perfBatch,
						Run: func(f Filter, n, count, rep int) {
							for i := range count {
								f.Delete(pick(n, 1+rep, i))
							}
						},
						Undo: func(f Filter, n, count, rep int) {
							for i := range count {
								f.Insert(pick(n, 1+rep, i))
							}
						},
					},
				},
			}
			return ladder.Measure(m)
		}
		byQ := func(m *harness.Meter) []*growth.Series { return bySlots(t, m, learner, reference, keys, absent) }
		harness.JudgeGrowth(t, byLoad, byQ)
	}}
}

// bySlots measures Insert, Lookup, Delete and Merge on filters of growing q, half full: at each q,
// a batch of Inserts of new keys (deleted again untimed), Lookups of keys present and absent,
// Deletes of a batch of keys (put back untimed), and a Merge of a filter a quarter full (its
// keys deleted again untimed).
func bySlots(t *harness.T, m *harness.Meter, learner, reference API, keys, absent keyBook) []*growth.Series {
	ins := harness.Declared(ex, growth.Series{Op: "Insert", Axis: "2^q", SlowHint: slowHint,
		Hint: "Insert grows with the number of slots: read and shift only the cluster around the key's slot"})
	look := harness.Declared(ex, growth.Series{Op: "Lookup", Axis: "2^q", SlowHint: slowHint,
		Hint: "Lookup grows with the number of slots: walk back only to the cluster's start, never from slot 0"})
	dels := harness.Declared(ex, growth.Series{Op: "Delete", Axis: "2^q", SlowHint: slowHint,
		Hint: "Delete grows with the number of slots: shift back only the rest of the key's cluster"})
	merges := harness.Declared(ex, growth.Series{Op: "Merge", Axis: "2^q", SlowHint: mergeSlowHint,
		Hint: "Merge grows faster than the number of slots: read each table once, as a sorted stream of " +
			"fingerprints (a run's quotient and its remainders), and lay out the merged stream in one pass, " +
			"or re-insert g's fingerprints one by one; never search the table for each slot's run"})
	for _, q := range PerfQs {
		runtime.GC() // collections stay between measurements (see harness.JudgeGrowth)
		half, quarter := 1<<(q-1), 1<<(q-2)
		// The filters are filled untimed, the graded ones in calls of fillChunk Inserts each, so
		// that the watchdog's limit on one call applies to a chunk, not to the whole fill.
		fill := func(f Filter, from, to int, graded bool) Filter {
			for lo := from; lo < to; lo += fillChunk {
				hi := min(lo+fillChunk, to)
				insert := func() any {
					for i := lo; i < hi; i++ {
						f.Insert(keys.key(i))
					}
					return nil
				}
				if graded {
					t.Invoke(harness.Call{Method: "Insert"}, insert)
				} else {
					insert()
				}
			}
			return f
		}
		newL := func() Filter {
			return t.Invoke(harness.Call{Method: "New", Func: true, Args: []any{q, uint(PerfR)}},
				func() any { return learner.New(q, PerfR) }).(Filter)
		}
		l, r := fill(newL(), 0, half, true), fill(reference.New(q, PerfR), 0, half, false)
		lg, rg := fill(newL(), half, half+quarter, true), fill(reference.New(q, PerfR), half, half+quarter, false)
		// run is the keys of round rep of a batch of new keys: rounds 0 to Repeats-1 and the
		// probe's, Repeats.
		run := func(rep, i int) []byte { return keys.key(half + quarter + rep*perfBatch + i) }
		adder := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					f.Insert(run(rep, i))
				}
			}
		}
		remover := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					f.Delete(run(rep, i))
				}
			}
		}
		x, ok := m.Pair(harness.Call{Method: "Insert"}, perfBatch, adder(l), adder(r), remover(l), remover(r))
		x.Size = 1 << q
		ins.Add(x)
		if !ok {
			break
		}
		looker := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					if i&1 == 0 {
						f.Lookup(keys.key(i))
					} else {
						f.Lookup(absent.key(i))
					}
				}
			}
		}
		x, ok = m.Pair(harness.Call{Method: "Lookup"}, perfBatch, looker(l), looker(r), nil, nil)
		x.Size = 1 << q
		look.Add(x)
		if !ok {
			break
		}
		// Deletes of present keys, other ones each round, put back after.
		present := func(rep, i int) []byte { return keys.key((rep+1)*perfBatch + i) }
		deleter := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					f.Delete(present(rep, i))
				}
			}
		}
		putBack := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					f.Insert(present(rep, i))
				}
			}
		}
		x, ok = m.Pair(harness.Call{Method: "Delete"}, perfBatch, deleter(l), deleter(r), putBack(l), putBack(r))
		x.Size = 1 << q
		dels.Add(x)
		if !ok {
			break
		}
		merger := func(f, g Filter) func(int, int) {
			return func(count, rep int) {
				for range count {
					f.Merge(g)
				}
			}
		}
		unmerge := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for range count {
					for i := half; i < half+quarter; i++ {
						f.Delete(keys.key(i))
					}
				}
			}
		}
		x, ok = m.Pair(harness.Call{Method: "Merge"}, 1, merger(l, lg), merger(r, rg),
			unmerge(l), unmerge(r))
		x.Size = 1 << q
		merges.Add(x)
		if !ok || m.Proven(ins, look, dels, merges) {
			break
		}
		runtime.KeepAlive(lg)
		runtime.KeepAlive(rg)
	}
	return []*growth.Series{ins, look, dels, merges}
}

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual design " +
	"hashes the key once (xxhash.Sum64), keeps the remainders packed in a []uint64 and the three bits in " +
	"bit vectors, and reads only the slots of one cluster"

// mergeSlowHint is said when Merge grows as it should but is far slower than the reference.
const mergeSlowHint = "Merge grows right but is far slower than the reference: read both tables once as " +
	"sorted streams of fingerprints and write the merged table in one pass, without allocating per " +
	"fingerprint"
