package lsm

import (
	"encoding/binary"
	"fmt"
	"runtime"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// The memory property: a store of memKeys keys of memKeyLen bytes with values of memValueLen,
// about 16 MiB of data in some 60 tables, may keep between calls its filters (BitsPerKey/8
// bytes per key, 250 KiB at the default of 10), a small index per table (about one entry per
// 4 KiB block, some 4,000 blocks) and what is left of its memtable (empty after Flush). The
// limit is twice the filters, memIndexEntry bytes per 4 KiB of data, twice MemtableBytes and
// memSlack: 2.9 MiB at 10 bits per key, a fifth of the data. A store that keeps its tables'
// entries keeps the 16 MiB; one that keeps a full index of the keys (a key and an offset per
// entry) keeps 4.8 MiB or more. A second store has 40 bits per key, where the filters (1 MB)
// are most of what it may keep (4.4 MiB): filters kept a byte per bit, a []bool, take 8 MB
// there, where at 10 bits per key their 2 MB fit within the allowances. The judge's own files
// are counted exactly and left out.
const (
	memKeys       = 200_000
	memKeyLen     = 16
	memValueLen   = 64
	memMemtable   = 256 << 10
	memIndexEntry = 256
	memSlack      = 1 << 20
)

// memBitsPerKey are the BitsPerKey of the memory property's two stores: the default (0, which
// means 10), then 40.
var memBitsPerKey = []int{0, 40}

// memFilters is the bytes the filters of the memory property's store take at bitsPerKey as
// passed in Options.
func memFilters(bitsPerKey int) int64 {
	if bitsPerKey == 0 {
		bitsPerKey = 10
	}
	return int64(memKeys * bitsPerKey / 8)
}

// memLimit is the memory the store of bitsPerKey may keep, from the data it holds.
func memLimit(bitsPerKey int) int64 {
	data := int64(memKeys * (memKeyLen + memValueLen))
	return 2*memFilters(bitsPerKey) + memIndexEntry*(data/4096) + 2*memMemtable + memSlack
}

// memKey writes key i over buf: a fixed prefix, then i's bytes spread by a mixer.
func memKey(buf []byte, seed uint64, i int) []byte {
	buf = append(buf[:0], "mem-test"...)
	return binary.BigEndian.AppendUint64(buf, bytekeys.Mix(seed+uint64(i)))
}

// memory measures a store of each of memBitsPerKey.
func (s *suite) memory(t *harness.T) {
	for i, bpk := range memBitsPerKey {
		s.memoryOf(t, bpk, i > 0)
	}
}

// memoryOf fills a store of bitsPerKey, flushes it, and measures what it keeps; then the same
// after Close, Open and a thousand Gets. passed says whether a store of fewer bits per key
// passed before.
func (s *suite) memoryOf(t *harness.T, bitsPerKey int, passed bool) {
	o := Options{MemtableBytes: memMemtable, BitsPerKey: bitsPerKey}
	seed := t.Rand().Uint64()
	d := newDisk()
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	db := s.openOn(t, d, o)
	t.SetReceiver("db")
	buf := make([]byte, 0, memKeyLen)
	value := make([]byte, memValueLen)
	puts := harness.Call{Method: "Put", Text: "200,000 calls of db.Put, then db.Flush()", Batch: true}
	t.Invoke(puts, func() any {
		for i := range memKeys {
			key := memKey(buf, seed, i)
			binary.LittleEndian.PutUint64(value, uint64(i))
			if err := db.Put(key, value); err != nil {
				return err
			}
		}
		return db.Flush()
	})
	s.checkMemory(t, d, &before, bitsPerKey, passed, "after 200,000 Puts and a Flush")
	c := reopen(o)
	b := &box{db: db, open: s.learner.Open, disk: d}
	t.Invoke(c, func() any { return do(b, c) })
	db = b.db
	gets := harness.Call{Method: "Get", Text: "1,000 calls of db.Get", Batch: true}
	t.Invoke(gets, func() any {
		for i := range 1000 {
			db.Get(memKey(buf, seed, i*97))
		}
		return nil
	})
	s.checkMemory(t, d, &before, bitsPerKey, passed, "after Close, Open and 1,000 Gets")
	runtime.KeepAlive(db)
}

// checkMemory fails the test when the heap grew since before by more than the limit for
// bitsPerKey, the judge's files aside. passed says whether a store of fewer bits per key passed.
func (s *suite) checkMemory(t *harness.T, d *disk, before *runtime.MemStats, bitsPerKey int, passed bool, when string) {
	var now runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&now)
	files := d.bytes()
	kept := int64(now.HeapAlloc) - int64(before.HeapAlloc) - files
	limit := memLimit(bitsPerKey)
	t.Logf("memory %s: %d bytes kept beside %d bytes of files, limit %d", when, kept, files, limit)
	if kept <= limit {
		return
	}
	hint := "table data stays on the Disk: keep in memory only each table's filter and a sparse index " +
		"(the first or last key and the offset of each 4 KiB block), and read the one block a Get " +
		"needs with ReadAt. An index of every key, or the tables' entries, takes as much memory as " +
		"the data"
	if passed {
		hint = fmt.Sprintf("the store kept what it may at BitsPerKey 0 (which means 10), and too much at %d, where "+
			"the filters are most of it: a filter of BitsPerKey bits per key takes BitsPerKey/8 bytes per key, its "+
			"bits packed eight to a byte ([]byte) or 64 to a word ([]uint64), never a []bool or a byte or an int "+
			"per bit", bitsPerKey)
	}
	t.Fail(&record.Failure{Verdict: verdict.MemoryLimitExceeded,
		Message: fmt.Sprintf("the store of BitsPerKey %d keeps %s %s, beside the %s of files on the Disk; its filters "+
			"need %s and a small index per table (one entry per 4 KiB block) about %s: the limit is %s",
			bitsPerKey, mib(kept), when, mib(files), mib(memFilters(bitsPerKey)),
			mib(memIndexEntry*int64(memKeys*(memKeyLen+memValueLen))/4096/8), mib(limit)),
		Hint: hint})
}

// mib formats a number of bytes in MiB.
func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// compactReclaims overwrites 1,000 keys twenty times and deletes a third of them: once
// compacted, the Disk holds about the live data (the limit is three times its bytes, 32 bytes
// per key and 64 KiB), not the twenty versions. Then a lone table of deletions is compacted
// (loneTable).
func (s *suite) compactReclaims(t *harness.T) {
	s.manyVersions(t)
	s.loneTable(t)
}

// loneTable puts 1,000 keys of 1 KiB and deletes them before the store's one Flush, so that its
// one table holds their 1 MB of deletions; Compact then leaves no deleted key, and the Disk holds
// at most 64 KiB, whatever the store's format: Compact makes even one table anew.
func (s *suite) loneTable(t *harness.T) {
	const keys, keyLen, limit = 1000, 1 << 10, 64 << 10
	o := Options{MemtableBytes: 8 << 20}
	d := newDisk()
	db := s.openOn(t, d, o)
	t.SetReceiver("db")
	key := func(i int) []byte { return fmt.Appendf(make([]byte, 0, keyLen), "%0*d", keyLen, i) }
	calls := harness.Call{Method: "Put", Batch: true,
		Text: "1,000 calls of db.Put of 1 KiB keys, then db.Delete of each, then db.Flush() and db.Compact()"}
	if r := t.Invoke(calls, func() any {
		for i := range keys {
			if err := db.Put(key(i), []byte("v")); err != nil {
				return err
			}
		}
		for i := range keys {
			if err := db.Delete(key(i)); err != nil {
				return err
			}
		}
		if err := db.Flush(); err != nil {
			return err
		}
		return db.Compact()
	}); r != nil {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: calls.Text,
			Message: fmt.Sprintf("%s returned the error %v", calls.Text, r), Hint: errorHint(r.(error))})
	}
	if total := d.bytes(); total > limit {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Compact",
			Message: fmt.Sprintf("after %s, with one table on the Disk, the Disk holds %d bytes where every key is "+
				"deleted: at most %d expected", calls.Text, total, limit),
			Hint: "Compact makes all tables one holding each key's newest value with no deleted key, even when " +
				"there is one table: it drops the deletions a lone table holds (and may leave no table)"})
	}
}

// manyVersions is compactReclaims' store of twenty versions of each key.
func (s *suite) manyVersions(t *harness.T) {
	o := Options{MemtableBytes: 4 << 10}
	d := newDisk().byCall(t)
	db := s.openOn(t, d, o)
	t.SetReceiver("db")
	const keys, rounds = 1000, 20
	key := func(i int) []byte { return fmt.Appendf(nil, "key%06d", i) }
	val := func(i, r int) []byte { return fmt.Appendf(nil, "value%06d-round%02d-", i, r) }
	m := &box{model: map[string][]byte{}}
	var live int64
	run := func(c harness.Call) {
		do(m, c)
		s.mustCall(t, db, c)
	}
	for r := range rounds {
		for i := range keys {
			run(put(key(i), val(i, r)))
		}
	}
	for i := 0; i < keys; i += 3 {
		run(del(key(i)))
	}
	run(compact())
	for k, v := range m.model {
		live += int64(len(k) + len(v))
	}
	limit := 3*live + 32*int64(len(m.model)) + 64<<10
	total := d.bytes()
	t.Logf("compact: %d bytes on the Disk, %d live, limit %d", total, live, limit)
	if total > limit {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Compact",
			Message: fmt.Sprintf("after Compact the Disk holds %d bytes, for %d bytes of live keys and values "+
				"(%d keys, each put %d times, a third deleted): at most %d expected", total, live, len(m.model), rounds, limit),
			Hint: "Compact merges every table into one holding each key's newest value only, with no deleted " +
				"key, and then removes the old tables"})
	}
	var gets [][]string
	for i := range keys {
		d.reset()
		c := get(key(i))
		want := do(m, c).(wantGet)
		if r := s.call(t, db, c); !want.Accepts(r) {
			t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: c.Text,
				Message: fmt.Sprintf("after Compact, %s returned %s, want %s", c.Text, harness.Lit(r), want),
				Hint:    compactLostHint})
		}
		gets = append(gets, d.readSince())
	}
	// One table holds every key after Compact (or none, if Compact left them in the memtable):
	// Gets that read from several tables found tables Compact did not merge.
	if _, tables := d.tables(gets); tables > 1 {
		files := map[string]bool{}
		for _, names := range gets {
			for _, f := range names {
				files[f] = true
			}
		}
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Compact",
			Message: fmt.Sprintf("after Compact, the Gets of the %d keys read %d tables (%d files; files that "+
				"different calls wrote, or that Gets do not read together, are different tables, and a Get "+
				"that reads more than %d files of one table reads more than one): Compact makes all tables one",
				keys, tables, len(files), filesPerTable),
			Hint: "Compact merges every table into one, whatever their number or size (not only some levels " +
				"or the smallest tables), holding each key's newest value with no deleted key, and then " +
				"removes the old tables"})
	}
}
