package quotientfilter

import (
	"runtime"
	"time"

	"kata/grader/internal/bytekeys"
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

// mergeQ is the q up to which a batch of Merges merges into 2^mergeQ/2^q filters.
const mergeQ = 18

// perfBatch is the number of calls in a timed batch.
const perfBatch = 1000

// fillChunk is the number of Inserts in one call of an untimed fill (see filler).
const fillChunk = 1024

// performance measures Insert, Lookup and Delete as the load grows and as q grows, and Merge as
// q grows, against the reference, and fails when any grows with either.
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		seed := t.Rand().Uint64()
		keys := bytekeys.NewBook(seed, 1<<20)
		absent := bytekeys.NewBook(^seed, perfBatch)
		t.SetReceiver("f")
		byLoad := func(m *harness.Meter) []*growth.Series {
			return bytekeys.FilterLadder(PerfKeys,
				func() bytekeys.Filter { return learner.New(PerfQ, PerfR) },
				func() bytekeys.Filter { return reference.New(PerfQ, PerfR) }, keys, absent, perfBatch,
				growthOf("Insert", "n",
					"Insert must read and shift only the cluster around the key's slot: never scan the "+
						"table, or count the fingerprints, from slot 0"),
				growthOf("Lookup", "n",
					"Lookup must walk back from the key's slot to its cluster's start and forward "+
						"to its run: never scan the table from slot 0"),
				growthOf("Delete", "n",
					"Delete must shift back only the rest of the key's cluster: never scan or "+
						"rebuild the table"),
			).Measure(m)
		}
		byQ := func(m *harness.Meter) []*growth.Series { return bySlots(t, m, learner, reference, keys, absent) }
		harness.JudgeGrowth(t, byLoad, byQ)
	}}
}

// bySlots measures Insert, Lookup, Delete and Merge on filters of growing q. At each q, on
// filters half full: a batch of Inserts of new keys (deleted again untimed), Lookups of keys
// present and absent, and Deletes of a batch of keys (put back untimed). Then Merges of a filter
// an eighth full into filters a quarter full, 2^18/2^q of them per batch at q up to 18 (one
// each): a batch does about the same work at every q, so that its heap bytes, which the runtime
// counts a span at a time, are counted as well at q = 12 as at q = 20. Each filter takes at most
// four Merges: three quarters full.
func bySlots(t *harness.T, m *harness.Meter, learner, reference API, keys, absent bytekeys.Book) []*growth.Series {
	ins := growthOf("Insert", "2^q",
		"Insert grows with the number of slots: read and shift only the cluster around the key's slot")
	look := growthOf("Lookup", "2^q",
		"Lookup grows with the number of slots: walk back only to the cluster's start, never from slot 0")
	dels := growthOf("Delete", "2^q",
		"Delete grows with the number of slots: shift back only the rest of the key's cluster")
	merges := harness.Declared(ex, growth.Series{Op: "Merge", Axis: "2^q", SlowHint: mergeSlowHint,
		Hint: "Merge grows faster than the number of slots: read each table once, as a sorted stream of " +
			"fingerprints (a run's quotient and its remainders), and lay out the merged stream in one pass, " +
			"or re-insert g's fingerprints one by one; never search the table for each slot's run"})
	series := []*growth.Series{ins, look, dels, merges}
	for _, q := range PerfQs {
		runtime.GC() // collections stay between measurements (see harness.JudgeGrowth)
		half, eighth := 1<<(q-1), 1<<(q-3)
		f := filler{t: t, keys: keys, q: q}
		l, r, ok := f.pair(learner, reference, 0, half)
		if !ok {
			ins.Add(f.capped(1 << q))
			break
		}
		// batches are the timed batches of count Inserts, and of count Deletes, of the keys
		// key(rep, i) of round rep on f: each is the other's undo.
		batches := func(f Filter, key func(rep, i int) []byte) (inserts, deletes func(count, rep int)) {
			inserts = func(count, rep int) {
				for i := range count {
					f.Insert(key(rep, i))
				}
			}
			deletes = func(count, rep int) {
				for i := range count {
					f.Delete(key(rep, i))
				}
			}
			return inserts, deletes
		}
		// run is the keys of round rep of a batch of new keys: rounds 0 to Repeats-1 and the
		// probe's, Repeats.
		run := func(rep, i int) []byte { return keys.Key(half + eighth + rep*perfBatch + i) }
		insL, delL := batches(l, run)
		insR, delR := batches(r, run)
		if !m.PairAt(ins, 1<<q, perfBatch, insL, insR, delL, delR) {
			break
		}
		looker := func(f Filter) func(int, int) {
			return func(count, rep int) {
				for i := range count {
					if i&1 == 0 {
						f.Lookup(keys.Key(i))
					} else {
						f.Lookup(absent.Key(i))
					}
				}
			}
		}
		if !m.PairAt(look, 1<<q, perfBatch, looker(l), looker(r), nil, nil) {
			break
		}
		// Deletes of present keys, other ones each round, put back after.
		present := func(rep, i int) []byte { return keys.Key((rep+1)*perfBatch + i) }
		insL, delL = batches(l, present)
		insR, delR = batches(r, present)
		if !m.PairAt(dels, 1<<q, perfBatch, delL, delR, insL, insR) {
			break
		}
		l, r = nil, nil
		runtime.GC()
		lg, rg, ok := f.pair(learner, reference, half, half+eighth)
		if !ok {
			break // Inserts too slow to fill g: Insert's samples say so
		}
		batch := 1 << (max(mergeQ, q) - q)
		if k := len(merges.Samples); k > 0 {
			// A batch's cost predicted from the last size's, as if a Merge's cost grew in
			// proportion to 2^q: a Merge far past that (one quadratic in the fingerprints takes
			// tens of seconds at 2^20 slots) is not run where the budget cannot pay for it.
			last := merges.Samples[k-1]
			calls := float64(batch*(m.Repeats+1)) * float64(uint64(1)<<q) / float64(last.Size)
			if !m.Afford(time.Duration(last.Learner*calls), time.Duration(last.Reference*calls)) {
				merges.Samples[k-1].Capped = true
				break
			}
		}
		lfs, rfs := make([]Filter, batch), make([]Filter, batch)
		for i := range batch {
			if lfs[i], rfs[i], ok = f.pair(learner, reference, 0, 1<<(q-2)); !ok {
				break
			}
		}
		if !ok {
			break
		}
		merger := func(fs []Filter, g Filter) func(int, int) {
			return func(count, rep int) {
				for _, f := range fs[:count] {
					f.Merge(g)
				}
			}
		}
		if !m.PairAt(merges, 1<<q, batch, merger(lfs, lg), merger(rfs, rg), nil, nil) || m.Proven(series...) {
			break
		}
	}
	return series
}

// filler fills a filter of the graded package and one of the reference with the same keys,
// untimed. The graded filter takes its keys in calls of fillChunk Inserts each, so that the
// watchdog's limit on one call applies to a chunk, and within a budget: harness.MeterFactor times
// the reference's fill and harness.MeterFloor, which a filter within the time limit never
// reaches (an Insert that scans the table does).
type filler struct {
	t    *harness.T
	keys bytekeys.Book
	q    uint
	// The CPU time each side spent on the last pair of fills, and how many keys each took.
	learner, reference time.Duration
	done, want         int
}

// pair returns New(q, PerfR) of each side holding keys from to to-1, or false once the graded
// fill is past its budget.
func (f *filler) pair(learner, reference API, from, to int) (l, r Filter, ok bool) {
	start := harness.ThreadCPU()
	r = reference.New(f.q, PerfR)
	for i := from; i < to; i++ {
		r.Insert(f.keys.Key(i))
	}
	f.reference = harness.ThreadCPU() - start
	f.want, f.done = to-from, 0
	budget := harness.MeterFloor + time.Duration(harness.MeterFactor*float64(f.reference))
	start = harness.ThreadCPU()
	l = f.t.Invoke(harness.Call{Method: "New", Func: true, Args: []any{f.q, uint(PerfR)}},
		func() any { return learner.New(f.q, PerfR) }).(Filter)
	for lo := from; lo < to; lo += fillChunk {
		hi := min(lo+fillChunk, to)
		f.t.Invoke(harness.Call{Method: "Insert"}, func() any {
			for i := lo; i < hi; i++ {
				l.Insert(f.keys.Key(i))
			}
			return nil
		})
		f.done = hi - from
		if f.learner = harness.ThreadCPU() - start; f.learner > budget {
			return nil, nil, false
		}
	}
	return l, r, true
}

// capped is the sample of Inserts a fill past its budget shows, at size: each side's CPU time per
// Insert, the graded side's marked capped.
func (f *filler) capped(size int) growth.Sample {
	return growth.Sample{Size: size, Capped: true,
		Learner:   float64(f.learner.Nanoseconds()) / float64(max(f.done, 1)),
		Reference: float64(f.reference.Nanoseconds()) / float64(f.want)}
}

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual design " +
	"hashes the key once (xxhash.Sum64), keeps the remainders packed in a []uint64 and the three bits in " +
	"bit vectors, and reads only the slots of one cluster"

// mergeSlowHint is said when Merge grows as it should but is far slower than the reference.
const mergeSlowHint = "Merge grows right but is far slower than the reference: read both tables once as " +
	"sorted streams of fingerprints and write the merged table in one pass, without allocating per " +
	"fingerprint"
