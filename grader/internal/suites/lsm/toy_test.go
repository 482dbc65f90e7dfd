package lsm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// toy is a small LSM tree written apart from the reference, right unless one of its bugs is
// set: the planted bugs of the suite's tests.
type toy struct {
	bugs   toyBugs
	d      Disk
	o      Options
	mem    map[string]*toyEntry // the memtable; sorted at flush
	size   int
	tables []*toyTable // oldest first
	next   int
}

// toyBugs are the toy's planted bugs.
type toyBugs struct {
	noFilter       bool // Get reads every table
	unloadedFilter bool // Open does not load the filters: Get reads each from the Disk
	prefixFilter   bool // the filter hashes the key's first 8 bytes only
	oldestFirst    bool // Get looks at the tables oldest first
	listOrder      bool // Open orders the tables as List gives them
	dropTombstones bool // Flush leaves the deletions out
	emptyIsDeleted bool // a table marks an empty value as a deletion
	keepSlices     bool // Put keeps the caller's value slice
	returnShared   bool // Get returns the memtable's own value slice
	flushAfter     bool // the memtable flushes above MemtableBytes, not at it
	growingSize    bool // the memtable's size counts every write, replaced or not
	reuseNames     bool // table numbers start again at 1 after Open
	keepData       bool // every table's entries stay in memory
	fullIndex      bool // every table keeps an index of all its keys
	pairwise       bool // Compact merges the two oldest tables into a new one, until one is left
	sharedMemtable bool // the memtable is a package-level map that Open makes anew
	// Not a bug: LevelDB's own filter, a right one. Its hash is 32 bits (a Murmur-like one) and
	// its k = ⌊0.69·BitsPerKey⌋ positions come by double hashing modulo 2^32, so on keys that
	// share a long prefix it passes three to five times the ideal rate at 16 bits per key.
	levelDBFilter bool
}

// sharedMemtable is the memtable of every toy with bugs.sharedMemtable.
var sharedMemtable map[string]*toyEntry

type toyEntry struct {
	key, value []byte
	deleted    bool
}

type toyBlock struct {
	first     []byte
	off, size int
}

type toyTable struct {
	name       string
	num        int
	blocks     []toyBlock
	dataLen    int
	filter     []byte // nil when not loaded
	filterOff  int
	k          int
	min, max   []byte
	data       []byte   // bugs.keepData
	keys       [][]byte // bugs.fullIndex
	keyOffsets []int    // bugs.fullIndex
}

// withToy returns the API of a toy with bugs.
func withToy(bugs toyBugs) API {
	return API{Open: func(d Disk, o Options) (DB, error) { return openToy(d, o, bugs) }}
}

func openToy(d Disk, o Options, bugs toyBugs) (*toy, error) {
	if o.MemtableBytes == 0 {
		o.MemtableBytes = 4 << 20
	}
	if o.BitsPerKey == 0 {
		o.BitsPerKey = 10
	}
	db := &toy{bugs: bugs, d: d, o: o, mem: map[string]*toyEntry{}, next: 1}
	if bugs.sharedMemtable {
		sharedMemtable = db.mem
	}
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
		if !bugs.reuseNames {
			db.next = max(db.next, num+1)
		}
	}
	if !bugs.listOrder {
		slices.SortFunc(db.tables, func(a, b *toyTable) int { return a.num - b.num })
	}
	return db, nil
}

func (db *toy) Put(key, value []byte) error {
	if !db.bugs.keepSlices {
		value = bytes.Clone(value)
	}
	return db.write(&toyEntry{key: bytes.Clone(key), value: value})
}

func (db *toy) Delete(key []byte) error {
	return db.write(&toyEntry{key: bytes.Clone(key), deleted: true})
}

func (db *toy) write(e *toyEntry) error {
	size := len(e.key) + len(e.value)
	db.shared()
	if old, ok := db.mem[string(e.key)]; ok && !db.bugs.growingSize {
		db.size -= len(old.key) + len(old.value)
	}
	db.mem[string(e.key)] = e
	db.size += size
	if db.size > db.o.MemtableBytes || !db.bugs.flushAfter && db.size == db.o.MemtableBytes {
		return db.Flush()
	}
	return nil
}

func (db *toy) memGet(key []byte) *toyEntry {
	db.shared()
	return db.mem[string(key)]
}

// shared makes db's memtable the package-level one, when bugs.sharedMemtable.
func (db *toy) shared() {
	if db.bugs.sharedMemtable {
		db.mem = sharedMemtable
	}
}

func (db *toy) Get(key []byte) ([]byte, bool, error) {
	if e := db.memGet(key); e != nil {
		if e.deleted {
			return nil, false, nil
		}
		if db.bugs.returnShared {
			return e.value, true, nil
		}
		return bytes.Clone(e.value), true, nil
	}
	order := slices.Clone(db.tables)
	if !db.bugs.oldestFirst {
		slices.Reverse(order)
	}
	for _, t := range order {
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
func (db *toy) entries() []*toyEntry {
	db.shared()
	es := make([]*toyEntry, 0, len(db.mem))
	for _, e := range db.mem {
		es = append(es, e)
	}
	slices.SortFunc(es, func(a, b *toyEntry) int { return bytes.Compare(a.key, b.key) })
	return es
}

func (db *toy) Flush() error {
	es := db.entries()
	if len(es) == 0 {
		return nil
	}
	if err := db.writeTable(es); err != nil {
		return err
	}
	db.mem, db.size = map[string]*toyEntry{}, 0
	if db.bugs.sharedMemtable {
		sharedMemtable = db.mem
	}
	return nil
}

func (db *toy) Compact() error {
	if err := db.Flush(); err != nil {
		return err
	}
	if len(db.tables) == 0 {
		return nil
	}
	if db.bugs.pairwise && len(db.tables) > 1 {
		return db.compactPairs()
	}
	var merged []*toyEntry
	{
		newest := map[string]*toyEntry{}
		for _, t := range db.tables {
			es, err := db.all(t)
			if err != nil {
				return err
			}
			for _, e := range es {
				newest[string(e.key)] = e
			}
		}
		for _, e := range newest {
			merged = append(merged, e)
		}
		slices.SortFunc(merged, func(a, b *toyEntry) int { return bytes.Compare(a.key, b.key) })
	}
	merged = slices.DeleteFunc(merged, func(e *toyEntry) bool { return e.deleted })
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

// compactPairs merges the two oldest tables into a new table, written to the Disk, until one
// table is left: each round rewrites everything merged so far, O(N·T) in all.
func (db *toy) compactPairs() error {
	for len(db.tables) > 1 {
		older, err := db.all(db.tables[0])
		if err != nil {
			return err
		}
		newer, err := db.all(db.tables[1])
		if err != nil {
			return err
		}
		merged := mergeTwo(older, newer)
		if len(db.tables) == 2 {
			merged = slices.DeleteFunc(merged, func(e *toyEntry) bool { return e.deleted })
		}
		old := db.tables[:2]
		rest := slices.Clone(db.tables[2:])
		db.tables = nil
		if len(merged) > 0 {
			if err := db.writeTable(merged); err != nil {
				return err
			}
		}
		db.tables = append(db.tables, rest...)
		for _, t := range old {
			if err := db.d.Remove(t.name); err != nil {
				return err
			}
		}
	}
	return nil
}

// mergeTwo merges older and newer, both sorted, the newer entry winning a tie.
func mergeTwo(older, newer []*toyEntry) []*toyEntry {
	out := make([]*toyEntry, 0, len(older)+len(newer))
	i, j := 0, 0
	for i < len(older) || j < len(newer) {
		switch {
		case j == len(newer) || i < len(older) && bytes.Compare(older[i].key, newer[j].key) < 0:
			out = append(out, older[i])
			i++
		case i == len(older) || bytes.Compare(older[i].key, newer[j].key) > 0:
			out = append(out, newer[j])
			j++
		default:
			out = append(out, newer[j])
			i, j = i+1, j+1
		}
	}
	return out
}

func (db *toy) Close() error { return db.Flush() }

// The toy's table file: blocks of entries (uvarint key length, key, uvarint 0 for a deletion or
// value length + 1, value), the index (uvarint count; per block uvarint first-key length, key,
// uvarint offset, uvarint size), the filter (k, bits), and a footer of two uint64: the index's
// and the filter's offsets.

func (db *toy) writeTable(es []*toyEntry) error {
	var buf []byte
	t := &toyTable{num: db.next, name: fmt.Sprintf("%06d.sst", db.next)}
	start := 0
	for i, e := range es {
		if i == 0 || len(buf)-start >= 4096 {
			if i > 0 {
				t.blocks[len(t.blocks)-1].size = len(buf) - start
			}
			start = len(buf)
			t.blocks = append(t.blocks, toyBlock{first: bytes.Clone(e.key), off: start})
		}
		if db.bugs.dropTombstones && e.deleted {
			continue
		}
		buf = binary.AppendUvarint(buf, uint64(len(e.key)))
		buf = append(buf, e.key...)
		switch {
		case e.deleted, db.bugs.emptyIsDeleted && len(e.value) == 0:
			buf = append(buf, 0)
		default:
			buf = binary.AppendUvarint(buf, uint64(len(e.value))+1)
			buf = append(buf, e.value...)
		}
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
	if db.bugs.levelDBFilter {
		t.k = max(1, int(float64(db.o.BitsPerKey)*0.69))
	}
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
	db.keep(t, buf)
	db.tables = append(db.tables, t)
	return nil
}

// keep keeps what bugs.keepData and bugs.fullIndex keep of a table.
func (db *toy) keep(t *toyTable, file []byte) {
	if db.bugs.keepData {
		t.data = bytes.Clone(file[:t.dataLen])
	}
	if db.bugs.fullIndex {
		for off := 0; off < t.dataLen; {
			start := off
			e, n := decodeToy(file[off:t.dataLen])
			t.keys = append(t.keys, bytes.Clone(e.key))
			t.keyOffsets = append(t.keyOffsets, start)
			off += n
		}
	}
}

func (db *toy) load(name string, num int) (*toyTable, error) {
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
	t := &toyTable{name: name, num: num, dataLen: indexOff, filterOff: filterOff, k: int(file[filterOff])}
	r := file[indexOff:filterOff]
	n, w := binary.Uvarint(r)
	r = r[w:]
	for range n {
		l, w := binary.Uvarint(r)
		b := toyBlock{first: bytes.Clone(r[w : w+int(l)])}
		r = r[w+int(l):]
		off, w := binary.Uvarint(r)
		r = r[w:]
		sz, w := binary.Uvarint(r)
		r = r[w:]
		b.off, b.size = int(off), int(sz)
		t.blocks = append(t.blocks, b)
	}
	if !db.bugs.unloadedFilter {
		t.filter = bytes.Clone(file[filterOff+1 : size-16])
	}
	if len(t.blocks) > 0 {
		first, _ := decodeToy(file[:indexOff])
		t.min = bytes.Clone(first.key)
		last := t.blocks[len(t.blocks)-1]
		for off := last.off; off < last.off+last.size; {
			e, n := decodeToy(file[off:indexOff])
			t.max = bytes.Clone(e.key)
			off += n
		}
	}
	db.keep(t, file)
	return t, nil
}

// decodeToy decodes the entry at the start of p and returns it with its length.
func decodeToy(p []byte) (*toyEntry, int) {
	l, w := binary.Uvarint(p)
	e := &toyEntry{key: p[w : w+int(l)]}
	n := w + int(l)
	v, w := binary.Uvarint(p[n:])
	n += w
	if v == 0 {
		e.deleted = true
		return e, n
	}
	e.value = p[n : n+int(v-1)]
	return e, n + int(v-1)
}

func toyHashes(key []byte) (uint64, uint64) {
	h := fnv.New64a()
	h.Write(key)
	x := h.Sum64()
	x ^= x >> 31
	x *= 0x9e3779b97f4a7c15
	x ^= x >> 29
	return x, (x>>32 | x<<32) | 1
}

func (db *toy) filterKey(key []byte) []byte {
	if db.bugs.prefixFilter && len(key) > 8 {
		return key[:8]
	}
	return key
}

func (db *toy) add(t *toyTable, key []byte) {
	db.positions(key, t.k, uint64(len(t.filter)*8), func(p uint64) bool {
		t.filter[p/8] |= 1 << (p % 8)
		return true
	})
}

// positions calls visit with each of the k positions of key in a filter of m bits, until visit
// returns false, and returns whether every call returned true.
func (db *toy) positions(key []byte, k int, m uint64, visit func(uint64) bool) bool {
	if db.bugs.levelDBFilter {
		h := levelDBHash(key)
		delta := h>>17 | h<<15
		for range k {
			if !visit(uint64(h) % m) {
				return false
			}
			h += delta
		}
		return true
	}
	g, step := toyHashes(db.filterKey(key))
	for range k {
		if !visit(g % m) {
			return false
		}
		g += step
	}
	return true
}

// levelDBHash is LevelDB's hash of a key for its Bloom filters (util/hash.cc, seed 0xbc9f1d34).
func levelDBHash(data []byte) uint32 {
	const m = 0xc6a4a793
	h := 0xbc9f1d34 ^ uint32(len(data))*m
	for ; len(data) >= 4; data = data[4:] {
		h += binary.LittleEndian.Uint32(data)
		h *= m
		h ^= h >> 16
	}
	switch len(data) {
	case 3:
		h += uint32(data[2]) << 16
		fallthrough
	case 2:
		h += uint32(data[1]) << 8
		fallthrough
	case 1:
		h += uint32(data[0])
		h *= m
		h ^= h >> 24
	}
	return h
}

func (db *toy) mayContain(t *toyTable, key []byte) (bool, error) {
	if db.bugs.noFilter {
		return true, nil
	}
	filter := t.filter
	if filter == nil {
		size, err := db.d.Size(t.name)
		if err != nil {
			return false, err
		}
		filter = make([]byte, int(size)-16-t.filterOff-1)
		if _, err := db.d.ReadAt(t.name, filter, int64(t.filterOff+1)); err != nil {
			return false, err
		}
	}
	return db.positions(key, t.k, uint64(len(filter)*8), func(p uint64) bool {
		return filter[p/8]&(1<<(p%8)) != 0
	}), nil
}

// tableGet looks key up in t: its entry, or nil.
func (db *toy) tableGet(t *toyTable, key []byte) (*toyEntry, error) {
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
		e, n := decodeToy(data[off:])
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
func (db *toy) all(t *toyTable) ([]*toyEntry, error) {
	data := make([]byte, t.dataLen)
	if _, err := db.d.ReadAt(t.name, data, 0); err != nil && t.dataLen > 0 {
		return nil, errors.New("toy: " + err.Error())
	}
	var es []*toyEntry
	for off := 0; off < len(data); {
		e, n := decodeToy(data[off:])
		es = append(es, e)
		off += n
	}
	return es, nil
}
