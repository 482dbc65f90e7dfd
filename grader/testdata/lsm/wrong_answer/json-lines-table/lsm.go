// Package lsm is a log-structured merge tree over a Disk whose tables hold their entries as
// JSON lines, {"k":"key","v":"value"} or {"k":"key","d":true} for a deletion, the key and value
// as JSON strings, as a store written for text keys does: encoding/json writes a byte that is
// not part of valid UTF-8 as U+FFFD, so such a key or value comes back changed once flushed.
package lsm

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Disk holds the store's files.
type Disk interface {
	Create(name string, data []byte) error
	ReadAt(name string, p []byte, off int64) (int, error)
	Size(name string) (int64, error)
	Remove(name string) error
	List() ([]string, error)
}

// Options tune a store.
type Options struct {
	MemtableBytes int // 0 means 4 MiB
	BitsPerKey    int // 0 means 10
}

// DB is an LSM tree: a map as the memtable, sorted when it is flushed; tables of 4 KiB blocks
// with an index of each block's first key and a Bloom filter; a compaction through a map.
type DB struct {
	d      Disk
	o      Options
	mem    map[string]*entry // the memtable; sorted at flush
	size   int
	tables []*table // oldest first
	next   int
}

type entry struct {
	key, value []byte
	deleted    bool
}

type block struct {
	first     []byte
	off, size int
}

type table struct {
	name      string
	num       int
	blocks    []block
	dataLen   int
	filter    []byte // in memory from Flush or Open
	filterOff int
	k         int
	min, max  []byte
}

func Open(d Disk, o Options) (*DB, error) {
	if o.MemtableBytes == 0 {
		o.MemtableBytes = 4 << 20
	}
	if o.BitsPerKey == 0 {
		o.BitsPerKey = 10
	}
	db := &DB{d: d, o: o, mem: map[string]*entry{}, next: 1}
	names, err := d.List()
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		digits, ok := strings.CutSuffix(name, ".sst")
		num, err := strconv.Atoi(digits)
		if !ok || err != nil {
			continue
		}
		t, err := db.load(name, num)
		if err != nil {
			return nil, err
		}
		db.tables = append(db.tables, t)
		db.next = max(db.next, num+1)
	}
	slices.SortFunc(db.tables, func(a, b *table) int { return a.num - b.num })
	return db, nil
}

func (db *DB) Put(key, value []byte) error {
	return db.write(&entry{key: bytes.Clone(key), value: bytes.Clone(value)})
}

func (db *DB) Delete(key []byte) error {
	return db.write(&entry{key: bytes.Clone(key), deleted: true})
}

func (db *DB) write(e *entry) error {
	size := len(e.key) + len(e.value)
	if old, ok := db.mem[string(e.key)]; ok {
		db.size -= len(old.key) + len(old.value)
	}
	db.mem[string(e.key)] = e
	db.size += size
	if db.size >= db.o.MemtableBytes {
		return db.Flush()
	}
	return nil
}

func (db *DB) Get(key []byte) ([]byte, bool, error) {
	if e := db.mem[string(key)]; e != nil {
		if e.deleted {
			return nil, false, nil
		}
		return bytes.Clone(e.value), true, nil
	}
	for i := len(db.tables) - 1; i >= 0; i-- {
		t := db.tables[i]
		e, err := db.tableGet(t, key)
		if err != nil {
			return nil, false, err
		}
		if e != nil {
			if e.deleted {
				return nil, false, nil
			}
			return e.value, true, nil
		}
	}
	return nil, false, nil
}

// entries returns the memtable's entries in key order.
func (db *DB) entries() []*entry {
	es := make([]*entry, 0, len(db.mem))
	for _, e := range db.mem {
		es = append(es, e)
	}
	slices.SortFunc(es, func(a, b *entry) int { return bytes.Compare(a.key, b.key) })
	return es
}

func (db *DB) Flush() error {
	es := db.entries()
	if len(es) == 0 {
		return nil
	}
	if err := db.writeTable(es); err != nil {
		return err
	}
	db.mem, db.size = map[string]*entry{}, 0
	return nil
}

func (db *DB) Compact() error {
	if err := db.Flush(); err != nil {
		return err
	}
	if len(db.tables) == 0 {
		return nil
	}
	// Each key's newest entry: the tables oldest first, each overwriting the ones before.
	newest := map[string]*entry{}
	for _, t := range db.tables {
		es, err := db.all(t)
		if err != nil {
			return err
		}
		for _, e := range es {
			newest[string(e.key)] = e
		}
	}
	merged := make([]*entry, 0, len(newest))
	for _, e := range newest {
		merged = append(merged, e)
	}
	slices.SortFunc(merged, func(a, b *entry) int { return bytes.Compare(a.key, b.key) })
	merged = slices.DeleteFunc(merged, func(e *entry) bool { return e.deleted })
	old := db.tables
	db.tables = nil
	if len(merged) > 0 {
		if err := db.writeTable(merged); err != nil {
			return err
		}
	}
	for _, t := range old {
		if err := db.d.Remove(t.name); err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) Close() error { return db.Flush() }

// A table file is: blocks of entries (one JSON line each), the index (uvarint count; per block uvarint first-key length, key,
// uvarint offset, uvarint size), the filter (k, bits), and a footer of two uint64: the index's
// and the filter's offsets.

func (db *DB) writeTable(es []*entry) error {
	var buf []byte
	t := &table{num: db.next, name: fmt.Sprintf("%06d.sst", db.next)}
	start := 0
	for i, e := range es {
		if i == 0 || len(buf)-start >= 4096 {
			if i > 0 {
				t.blocks[len(t.blocks)-1].size = len(buf) - start
			}
			start = len(buf)
			t.blocks = append(t.blocks, block{first: bytes.Clone(e.key), off: start})
		}
		line, err := json.Marshal(jsonEntry{K: string(e.key), V: string(e.value), D: e.deleted})
		if err != nil {
			return err
		}
		buf = append(append(buf, line...), '\n')
	}
	t.blocks[len(t.blocks)-1].size = len(buf) - start
	t.dataLen = len(buf)
	indexOff := len(buf)
	buf = binary.AppendUvarint(buf, uint64(len(t.blocks)))
	for _, b := range t.blocks {
		buf = binary.AppendUvarint(buf, uint64(len(b.first)))
		buf = append(buf, b.first...)
		buf = binary.AppendUvarint(buf, uint64(b.off))
		buf = binary.AppendUvarint(buf, uint64(b.size))
	}
	t.filterOff = len(buf)
	t.k = max(1, int(math.Round(float64(db.o.BitsPerKey)*math.Ln2)))
	t.filter = make([]byte, (max(64, len(es)*db.o.BitsPerKey)+7)/8)
	for _, e := range es {
		db.add(t, e.key)
	}
	buf = append(buf, byte(t.k))
	buf = append(buf, t.filter...)
	buf = binary.LittleEndian.AppendUint64(buf, uint64(indexOff))
	buf = binary.LittleEndian.AppendUint64(buf, uint64(t.filterOff))
	if err := db.d.Create(t.name, buf); err != nil {
		return err
	}
	db.next++
	t.min, t.max = bytes.Clone(es[0].key), bytes.Clone(es[len(es)-1].key)
	db.tables = append(db.tables, t)
	return nil
}

func (db *DB) load(name string, num int) (*table, error) {
	size, err := db.d.Size(name)
	if err != nil {
		return nil, err
	}
	file := make([]byte, size)
	if _, err := db.d.ReadAt(name, file, 0); err != nil {
		return nil, err
	}
	indexOff := int(binary.LittleEndian.Uint64(file[size-16:]))
	filterOff := int(binary.LittleEndian.Uint64(file[size-8:]))
	t := &table{name: name, num: num, dataLen: indexOff, filterOff: filterOff, k: int(file[filterOff])}
	r := file[indexOff:filterOff]
	n, w := binary.Uvarint(r)
	r = r[w:]
	for range n {
		l, w := binary.Uvarint(r)
		b := block{first: bytes.Clone(r[w : w+int(l)])}
		r = r[w+int(l):]
		off, w := binary.Uvarint(r)
		r = r[w:]
		sz, w := binary.Uvarint(r)
		r = r[w:]
		b.off, b.size = int(off), int(sz)
		t.blocks = append(t.blocks, b)
	}
	t.filter = bytes.Clone(file[filterOff+1 : size-16])
	if len(t.blocks) > 0 {
		first, _ := decode(file[:indexOff])
		t.min = bytes.Clone(first.key)
		last := t.blocks[len(t.blocks)-1]
		for off := last.off; off < last.off+last.size; {
			e, n := decode(file[off:indexOff])
			t.max = bytes.Clone(e.key)
			off += n
		}
	}
	return t, nil
}

// jsonEntry is an entry as a line of a table.
type jsonEntry struct {
	K string `json:"k"`
	V string `json:"v,omitempty"`
	D bool   `json:"d,omitempty"`
}

// decode decodes the entry at the start of p and returns it with its length.
func decode(p []byte) (*entry, int) {
	end := bytes.IndexByte(p, '\n')
	if end < 0 {
		end = len(p)
	}
	var je jsonEntry
	json.Unmarshal(p[:end], &je)
	e := &entry{key: []byte(je.K), deleted: je.D}
	if !je.D {
		e.value = []byte(je.V)
	}
	return e, end + 1
}

func hashes(key []byte) (uint64, uint64) {
	h := fnv.New64a()
	h.Write(key)
	x := h.Sum64()
	x ^= x >> 31
	x *= 0x9e3779b97f4a7c15
	x ^= x >> 29
	return x, (x>>32 | x<<32) | 1
}

func (db *DB) add(t *table, key []byte) {
	m := uint64(len(t.filter) * 8)
	g, step := hashes(key)
	for range t.k {
		t.filter[(g%m)/8] |= 1 << (g % m % 8)
		g += step
	}
}

func (db *DB) mayContain(t *table, key []byte) (bool, error) {
	filter := t.filter
	m := uint64(len(filter) * 8)
	g, step := hashes(key)
	for range t.k {
		if filter[(g%m)/8]&(1<<(g%m%8)) == 0 {
			return false, nil
		}
		g += step
	}
	return true, nil
}

// tableGet looks key up in t: its entry, or nil.
func (db *DB) tableGet(t *table, key []byte) (*entry, error) {
	if len(t.blocks) == 0 || bytes.Compare(key, t.min) < 0 || bytes.Compare(key, t.max) > 0 {
		return nil, nil
	}
	if ok, err := db.mayContain(t, key); !ok || err != nil {
		return nil, err
	}
	i := sort.Search(len(t.blocks), func(i int) bool { return bytes.Compare(t.blocks[i].first, key) > 0 }) - 1
	if i < 0 {
		return nil, nil
	}
	b := t.blocks[i]
	data := make([]byte, b.size)
	if _, err := db.d.ReadAt(t.name, data, int64(b.off)); err != nil {
		return nil, err
	}
	for off := 0; off < len(data); {
		e, n := decode(data[off:])
		if bytes.Equal(e.key, key) {
			e.value = bytes.Clone(e.value)
			if !e.deleted && e.value == nil {
				e.value = []byte{}
			}
			return e, nil
		}
		off += n
	}
	return nil, nil
}

// all reads every entry of t.
func (db *DB) all(t *table) ([]*entry, error) {
	data := make([]byte, t.dataLen)
	if _, err := db.d.ReadAt(t.name, data, 0); err != nil && t.dataLen > 0 {
		return nil, errors.New("lsm: " + err.Error())
	}
	var es []*entry
	for off := 0; off < len(data); {
		e, n := decode(data[off:])
		es = append(es, e)
		off += n
	}
	return es, nil
}
