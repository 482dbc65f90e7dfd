package lsm

import (
	"encoding/binary"
	"fmt"
	"maps"
	"runtime"
	"slices"

	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfSizes are the entries the memtable (axis m) grows through: doubling from 1,563 to
// 100,032, a span of 64.
var PerfSizes = harness.Sizes(1563, 100_032, 2)

// TableSizes are the entries the one table (axis N) grows through: doubling from 1,563 to
// 200,064, a span of 128. A Get that reads the table's whole index from the Disk costs O(N/B),
// a few hundred nanoseconds at first, under the reference's: over a span of 64 its ratio grew
// 8 to 10 times, at the edge of a growth proven wrong, and it was accepted in 2 gradings of 5.
// Up to 200,064 its ratio grows 16 to 28 times; the ladder went on to 400,128 in 8 gradings
// that refused it, each of which had proven the growth wrong by 200,064, and that last size
// cost the lsm suite's own tests 20 s. A table of 200,064 entries is 4 MB on each side.
var TableSizes = harness.Sizes(1563, 200_064, 2)

// TableCounts are the numbers of tables (axis T) Get is measured over, each of perTableKeys
// keys: doubling from 4 to 256, a span of 64.
var TableCounts = harness.Sizes(4, 256, 2)

// CompactTables are the numbers of tables holding compactEntries entries in all that Compact
// merges: doubling from 4 to 256, a span of 64.
var CompactTables = harness.Sizes(4, 256, 2)

// FlushSizes are the memtable entries Flush writes: doubling from 782 to 12,512, a span of 16.
var FlushSizes = harness.Sizes(782, 12_512, 2)

const (
	perfBatch      = 1000      // Gets and Deletes in a timed batch
	perTableKeys   = 16        // keys per table along T
	compactEntries = 4096      // entries Compact merges
	hugeMemtable   = 1 << 30   // a memtable that never fills
	smallMemtable  = 64 << 10  // the memtable of the store whose tables grow (axis N)
	perfKeyLen     = 12        // "perf" and 8 bytes
	perfValue      = "0123456" // with the key, 20 bytes an entry
)

// perfKey writes key number v over buf: "perf" then v big-endian, so that keys sort as their
// numbers. Keys put are even; v+1 is a key never put beside key v.
func perfKey(buf []byte, v int) []byte {
	return binary.BigEndian.AppendUint64(append(buf[:0], "perf"...), uint64(v))
}

// opener opens stores of one implementation on fresh Disks, panicking on an error (the tests
// before the growth test check Open's errors).
func opener(api API, o Options) func() DB {
	return func() DB {
		db, err := api.Open(newDisk(), o)
		if err != nil {
			panic(fmt.Sprintf("Open(d, %s) of an empty Disk returned the error %v", optionsText(o), err))
		}
		return db
	}
}

// performance measures Put, Delete and Get as the memtable grows, Put and Get as one table
// grows, Get as the tables multiply, Compact as the tables it merges multiply, and Flush as
// the memtable it writes grows, against the reference.
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		rng := t.Rand()
		// values are the keys' numbers in the order they are put: even, distinct, shuffled.
		values := rng.Perm(max(PerfSizes[len(PerfSizes)-1], TableSizes[len(TableSizes)-1]))
		for i := range values {
			values[i] *= 2
		}
		keys := make([][]byte, len(values))
		for i, v := range values {
			keys[i] = perfKey(nil, v)
		}
		t.SetReceiver("db")
		p := &perf{t: t, learner: learner, reference: reference, values: values, keys: keys}
		harness.JudgeGrowth(t, p.byMemtable, p.byTableSize, p.byTables, p.compaction, p.flushes)
	}}
}

// perf is the state of one growth test.
type perf struct {
	t                  *harness.T
	learner, reference API
	values             []int    // the keys' numbers, in the order they are put
	keys               [][]byte // the keys, in the same order
	sorted             []int    // the numbers of the keys present at the current size, sorted
}

// pick is the number of the i-th key of run j at size n: runs of perfBatch keys present and
// neighbours in order, from the middle of the order on (run 0 for Gets, 1+rep for the Deletes
// of round rep), so that a batch works on as many blocks and cache lines at any size while a
// scan from either end walks half the keys.
func (p *perf) pick(n, j, i int) int { return p.sorted[(n/2+j*perfBatch+i)%n] }

// keyedLadder is a ladder growing a store through sizes by Puts of p's keys, each query
// picking keys.
func (p *perf) keyedLadder(sizes []int, o Options, put *growth.Series, before func(n int)) *harness.Ladder[DB] {
	return &harness.Ladder[DB]{
		Sizes: sizes,
		New:   opener(p.learner, o),
		Ref:   opener(p.reference, o),
		Grow: harness.Grower[DB]{Series: put, Run: func(db DB, from, to int) {
			v := []byte(perfValue)
			for _, k := range p.keys[from:to] {
				db.Put(k, v)
			}
		}},
		Before: func(n int) {
			p.sorted = slices.Sorted(slices.Values(p.values[:n]))
			if before != nil {
				before(n)
			}
		},
	}
}

// getQuery times Gets of keys present and absent, in turn, along axis.
func (p *perf) getQuery(axis, hint string) harness.Query[DB] {
	var buf []byte
	return harness.Query[DB]{
		Series: growthOf("Get", axis, hint),
		Batch:  perfBatch,
		Run: func(db DB, n, count, rep int) {
			for i := range count {
				buf = perfKey(buf, p.pick(n, 0, i)+i&1)
				db.Get(buf)
			}
		},
	}
}

// byMemtable grows the memtable alone (it never fills) and times Put, Get and Delete.
func (p *perf) byMemtable(m *harness.Meter) []*growth.Series {
	l := p.keyedLadder(PerfSizes, Options{MemtableBytes: hugeMemtable},
		growthOf("Put", "m",
			"Put grows with the memtable: keep it sorted in a skip list (or a balanced tree), so that "+
				"a Put finds its place in O(log m); a sorted slice shifts O(m) entries per Put, and a list "+
				"walks them"), nil)
	var buf []byte
	l.Queries = []harness.Query[DB]{
		p.getQuery("m", "Get grows with the memtable: search it as a sorted structure, in O(log m), "+
			"never by walking its entries"),
		{
			Series: growthOf("Delete", "m",
				"Delete grows with the memtable: a tombstone is an entry like a Put's, found in O(log m)"),
			Batch: perfBatch,
			Run: func(db DB, n, count, rep int) {
				for i := range count {
					buf = perfKey(buf, p.pick(n, 1+rep, i))
					db.Delete(buf)
				}
			},
			Undo: func(db DB, n, count, rep int) {
				v := []byte(perfValue)
				for i := range count {
					buf = perfKey(buf, p.pick(n, 1+rep, i))
					db.Put(buf, v)
				}
			},
		},
	}
	return l.Measure(m)
}

// byTableSize grows a store whose memtable flushes every 64 KiB, flushes and compacts it into one
// table at each size (untimed), and times Get in that table. The Flush comes first because
// Compact may leave the memtable as it is: the keys it holds would be timed as memtable Gets at
// the small sizes and as table Gets at the large ones, a growth that is not Get's.
func (p *perf) byTableSize(m *harness.Meter) []*growth.Series {
	o := Options{MemtableBytes: smallMemtable}
	var learnerDB, refDB DB // the last stores made: the ladder's own, once the warm-up's is made
	newL, newR := opener(p.learner, o), opener(p.reference, o)
	l := p.keyedLadder(TableSizes, o,
		growthOf("Put", "N",
			"Put grows with the data on disk: a Put only changes the memtable, and a flush writes "+
				"the memtable alone, never the tables already written"),
		func(n int) {
			p.t.Invoke(harness.Call{Method: "Flush"}, func() any { return learnerDB.Flush() })
			p.t.Invoke(harness.Call{Method: "Compact"}, func() any { return learnerDB.Compact() })
			refDB.Flush()
			refDB.Compact()
		})
	l.New = func() DB { learnerDB = newL(); return learnerDB }
	l.Ref = func() DB { refDB = newR(); return refDB }
	l.Queries = []harness.Query[DB]{p.getQuery("N", "Get grows with the table's size: keep a sparse index "+
		"of the table in memory (a key and an offset per 4 KiB block), binary-search it, and read the one "+
		"block that can hold the key; never read or scan the whole table")}
	return l.Measure(m)
}

// byTables puts perTableKeys keys in each of a growing number of tables, in random order so
// that every table's key range spans nearly all keys, and times Gets of keys present and absent.
func (p *perf) byTables(m *harness.Meter) []*growth.Series {
	get := growthOf("Get", "T",
		"Get grows faster than the number of tables: for each table, ask its filter (in memory) "+
			"first and read at most one block; do nothing per Get that costs more than the tables' count")
	o := Options{MemtableBytes: perTableKeys * (perfKeyLen + len(perfValue)), BitsPerKey: 10}
	l, r := opener(p.learner, o)(), opener(p.reference, o)()
	total := TableCounts[len(TableCounts)-1] * perTableKeys
	keys := p.keys[:total]
	var buf []byte
	getter := func(db DB) func(count, rep int) {
		return func(count, rep int) {
			for i := range count {
				if i&1 == 0 {
					db.Get(keys[(i*7919)%len(keys)])
				} else {
					buf = perfKey(buf, p.values[(i*7919)%len(keys)]+1)
					db.Get(buf)
				}
			}
		}
	}
	added := 0
	v := []byte(perfValue)
	for _, tables := range TableCounts {
		runtime.GC() // collections stay between measurements (see harness.JudgeGrowth)
		upto := tables * perTableKeys
		p.t.Invoke(harness.Call{Method: "Put"}, func() any {
			for _, k := range p.keys[added:upto] {
				l.Put(k, v)
			}
			return nil
		})
		for _, k := range p.keys[added:upto] {
			r.Put(k, v)
		}
		keys = p.keys[:upto]
		added = upto
		if !m.PairAt(get, tables, perfBatch, getter(l), getter(r), nil, nil) || m.Proven(get) {
			break
		}
	}
	runtime.KeepAlive(l)
	runtime.KeepAlive(r)
	return []*growth.Series{get}
}

// compaction times Compact of compactEntries entries spread over a growing number of tables:
// each side's store is written once per size, and each timed Compact runs on a store opened on
// a fresh copy of its files (untimed).
func (p *perf) compaction(m *harness.Meter) []*growth.Series {
	series := growthOf("Compact", "T",
		"Compact grows faster than N log T with the number of tables: merge all the tables at once, "+
			"k-way, with a min-heap of one iterator per table (container/heap), instead of merging them "+
			"two by two or scanning every table for each entry")
	v := []byte(perfValue)
	for _, tables := range CompactTables {
		runtime.GC()
		o := Options{MemtableBytes: compactEntries / tables * (perfKeyLen + len(perfValue)), BitsPerKey: 10}
		written := func(api API) *disk {
			d := newDisk()
			db, err := api.Open(d, o)
			if err != nil {
				panic(fmt.Sprintf("Open(d, %s) of an empty Disk returned the error %v", optionsText(o), err))
			}
			for _, k := range p.keys[:compactEntries] {
				db.Put(k, v)
			}
			db.Close()
			return d
		}
		var lFiles, rFiles *disk
		p.t.Invoke(harness.Call{Method: "Put"}, func() any { lFiles = written(p.learner); return nil })
		rFiles = written(p.reference)
		reopened := func(api API, files *disk) func() DB {
			return func() DB {
				d := diskOf(maps.Clone(files.files))
				db, err := api.Open(d, o)
				if err != nil {
					panic(fmt.Sprintf("Open(d, %s) returned the error %v", optionsText(o), err))
				}
				return db
			}
		}
		compacter := func(db *DB) func(count, rep int) {
			return func(count, rep int) { (*db).Compact() }
		}
		if !p.usedUp(m, series, tables, harness.Call{Method: "Open", Func: true},
			reopened(p.learner, lFiles), reopened(p.reference, rFiles), compacter) {
			break
		}
	}
	return []*growth.Series{series}
}

// flushes times Flush of a growing memtable: each timed Flush writes a store filled (untimed)
// for it.
func (p *perf) flushes(m *harness.Meter) []*growth.Series {
	series := growthOf("Flush", "m",
		"Flush grows faster than the memtable: walk the memtable once in key order (a skip list's "+
			"bottom level is already sorted) and write the entries, the index and the filter in one pass")
	o := Options{MemtableBytes: hugeMemtable}
	v := []byte(perfValue)
	for _, size := range FlushSizes {
		runtime.GC()
		filled := func(api API) func() DB {
			return func() DB {
				db := opener(api, o)()
				for _, k := range p.keys[:size] {
					db.Put(k, v)
				}
				return db
			}
		}
		flusher := func(db *DB) func(count, rep int) {
			return func(count, rep int) { (*db).Flush() }
		}
		if !p.usedUp(m, series, size, harness.Call{Method: "Put"}, filled(p.learner), filled(p.reference), flusher) {
			break
		}
	}
	return []*growth.Series{series}
}

// usedUp times at size one call of series' operation per batch on stores the call uses up (a
// Compact, a Flush): freshL and freshR make each side's first store, the graded side's run as
// the call made, and a new one after each timed call, untimed; timed(&db) makes the call on the
// store db holds then. It reports whether the ladder goes on: the sample was measured in full
// and no growth is proven wrong.
func (p *perf) usedUp(m *harness.Meter, series *growth.Series, size int, made harness.Call, freshL, freshR func() DB,
	timed func(db *DB) func(count, rep int)) bool {
	var l, r DB
	p.t.Invoke(made, func() any { l = freshL(); return nil })
	r = freshR()
	return m.PairAt(series, size, 1, timed(&l), timed(&r),
		func(count, rep int) { l = freshL() }, func(count, rep int) { r = freshR() }) && !m.Proven(series)
}

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: keep the memtable in a " +
	"skip list, read one block of a table per Get (one ReadAt), ask the filter before anything else, and " +
	"hash each key once"
