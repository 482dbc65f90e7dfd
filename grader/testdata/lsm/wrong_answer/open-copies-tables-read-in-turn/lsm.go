// VARIANT lsm_openrewrite: at Open it copies every existing table (unmerged) to new files, all in
// the one Open call, removes the originals, drops their filters and keeps one union filter; a Get
// that passes it reads those tables newest to oldest (several real tables per Get, tables whose
// own filter says absent). Flushes after Open are normal. Should get: wrong_answer (read bound)
// -- unless the judge counts files written by one call (here Open) as one table.
package lsm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
)

type Options struct {
	MemtableBytes int
	BitsPerKey    int
}

// ---- memtable skiplist ----
const maxLvl = 24

type mnode struct {
	key, val []byte
	tomb     bool
	next     []*mnode
}
type memtable struct {
	head  *mnode
	lvl   int
	size  int
	count int
}

func newMem() *memtable { return &memtable{head: &mnode{next: make([]*mnode, maxLvl)}, lvl: 1} }
func (m *memtable) find(key []byte, prev []*mnode) *mnode {
	x := m.head
	for i := m.lvl - 1; i >= 0; i-- {
		for x.next[i] != nil && bytes.Compare(x.next[i].key, key) < 0 {
			x = x.next[i]
		}
		if prev != nil {
			prev[i] = x
		}
	}
	return x.next[0]
}
func (m *memtable) put(key, val []byte, tomb bool) {
	var prev [maxLvl]*mnode
	n := m.find(key, prev[:])
	if n != nil && bytes.Equal(n.key, key) {
		m.size -= len(n.val)
		n.val = append([]byte{}, val...)
		n.tomb = tomb
		m.size += len(val)
		return
	}
	h := 1
	for h < maxLvl && rand.IntN(4) == 0 {
		h++
	}
	if h > m.lvl {
		for i := m.lvl; i < h; i++ {
			prev[i] = m.head
		}
		m.lvl = h
	}
	nn := &mnode{key: append([]byte{}, key...), val: append([]byte{}, val...), tomb: tomb, next: make([]*mnode, h)}
	for i := 0; i < h; i++ {
		nn.next[i] = prev[i].next[i]
		prev[i].next[i] = nn
	}
	m.size += len(key) + len(val)
	m.count++
}
func (m *memtable) get(key []byte) *mnode {
	n := m.find(key, nil)
	if n != nil && bytes.Equal(n.key, key) {
		return n
	}
	return nil
}

// ---- bloom ----
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
func khash(key []byte) (uint64, uint64) {
	h := fnv.New64a()
	h.Write(key)
	a := mix(h.Sum64())
	b := mix(a^0x9e3779b97f4a7c15) | 1
	return a, b
}

type bloom struct {
	bits []uint64
	m    uint64
	k    int
}

func newBloom(n, bpk int) *bloom {
	m := uint64(n * bpk)
	if m < 64 {
		m = 64
	}
	k := int(math.Round(float64(bpk) * math.Ln2))
	if k < 1 {
		k = 1
	}
	return &bloom{bits: make([]uint64, (m+63)/64), m: m, k: k}
}
func (b *bloom) add(key []byte) {
	a, c := khash(key)
	for i := 0; i < b.k; i++ {
		p := (a + uint64(i)*c) % b.m
		b.bits[p/64] |= 1 << (p % 64)
	}
}
func (b *bloom) test(key []byte) bool {
	a, c := khash(key)
	for i := 0; i < b.k; i++ {
		p := (a + uint64(i)*c) % b.m
		if b.bits[p/64]&(1<<(p%64)) == 0 {
			return false
		}
	}
	return true
}

// ---- tables ----
type entry struct {
	key, val []byte
	tomb     bool
}
type blk struct {
	first    []byte
	off, len int64
}
type table struct {
	name     string
	seq      int
	min, max []byte
	idx      []blk
	filter   *bloom
}

const blockSize = 4096
const footer = 24

func encodeTable(es []entry, bpk int) []byte {
	var out []byte
	var idx []blk
	var cur []byte
	var first []byte
	flush := func() {
		if len(cur) == 0 {
			return
		}
		idx = append(idx, blk{first: first, off: int64(len(out)), len: int64(len(cur))})
		out = append(out, cur...)
		cur = nil
	}
	f := newBloom(len(es), filterBits(bpk))
	for _, e := range es {
		if len(cur) == 0 {
			first = e.key
		}
		cur = binary.AppendUvarint(cur, uint64(len(e.key)))
		cur = append(cur, e.key...)
		if e.tomb {
			cur = append(cur, 1)
		} else {
			cur = append(cur, 0)
			cur = binary.AppendUvarint(cur, uint64(len(e.val)))
			cur = append(cur, e.val...)
		}
		f.add(e.key)
		if len(cur) >= blockSize {
			flush()
		}
	}
	flush()
	idxOff := len(out)
	out = binary.AppendUvarint(out, uint64(len(idx)))
	for _, b := range idx {
		out = binary.AppendUvarint(out, uint64(len(b.first)))
		out = append(out, b.first...)
		out = binary.AppendUvarint(out, uint64(b.off))
		out = binary.AppendUvarint(out, uint64(b.len))
	}
	lastKey := es[len(es)-1].key
	out = binary.AppendUvarint(out, uint64(len(lastKey)))
	out = append(out, lastKey...)
	fOff := len(out)
	out = binary.AppendUvarint(out, f.m)
	out = binary.AppendUvarint(out, uint64(f.k))
	for _, w := range f.bits {
		out = binary.LittleEndian.AppendUint64(out, w)
	}
	out = binary.LittleEndian.AppendUint64(out, uint64(idxOff))
	out = binary.LittleEndian.AppendUint64(out, uint64(fOff))
	out = binary.LittleEndian.AppendUint64(out, uint64(len(es)))
	return out
}

func loadTable(d Disk, name string, seq int) (*table, error) {
	sz, err := d.Size(name)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, sz)
	if _, err := d.ReadAt(name, buf, 0); err != nil && int64(len(buf)) != sz {
		return nil, err
	}
	ft := buf[sz-footer:]
	idxOff := binary.LittleEndian.Uint64(ft)
	fOff := binary.LittleEndian.Uint64(ft[8:])
	p := buf[idxOff:fOff]
	rd := func() uint64 { v, n := binary.Uvarint(p); p = p[n:]; return v }
	n := int(rd())
	t := &table{name: name, seq: seq}
	for i := 0; i < n; i++ {
		kl := rd()
		k := append([]byte{}, p[:kl]...)
		p = p[kl:]
		off := rd()
		l := rd()
		t.idx = append(t.idx, blk{first: k, off: int64(off), len: int64(l)})
	}
	kl := rd()
	t.max = append([]byte{}, p[:kl]...)
	t.min = t.idx[0].first
	p = buf[fOff : sz-footer]
	m := rd()
	k := rd()
	b := &bloom{m: m, k: int(k), bits: make([]uint64, (m+63)/64)}
	for i := range b.bits {
		b.bits[i] = binary.LittleEndian.Uint64(p[i*8:])
	}
	t.filter = b
	return t, nil
}

func parseBlock(b []byte, fn func(e entry) bool) {
	for len(b) > 0 {
		kl, n := binary.Uvarint(b)
		b = b[n:]
		k := b[:kl]
		b = b[kl:]
		fl := b[0]
		b = b[1:]
		e := entry{key: k}
		if fl == 1 {
			e.tomb = true
		} else {
			vl, n := binary.Uvarint(b)
			b = b[n:]
			e.val = b[:vl]
			b = b[vl:]
		}
		if !fn(e) {
			return
		}
	}
}

func (db *DB) readBlock(name string, b blk) ([]byte, error) {
	buf := make([]byte, b.len)
	n, err := db.d.ReadAt(name, buf, b.off)
	if n == len(buf) {
		return buf, nil
	}
	return nil, err
}

// lookup in one table, assuming filter admitted
func (db *DB) tableGet(t *table, key []byte) (entry, bool, error) {
	i := sort.Search(len(t.idx), func(i int) bool { return bytes.Compare(t.idx[i].first, key) > 0 }) - 1
	if i < 0 {
		return entry{}, false, nil
	}
	b, err := db.readBlock(t.name, t.idx[i])
	if err != nil {
		return entry{}, false, err
	}
	var res entry
	found := false
	parseBlock(b, func(e entry) bool {
		c := bytes.Compare(e.key, key)
		if c == 0 {
			res = e
			found = true
		}
		return c < 0
	})
	return res, found, nil
}

func (db *DB) tableAll(t *table) ([]entry, error) {
	var es []entry
	for _, b := range t.idx {
		data, err := db.readBlock(t.name, b)
		if err != nil {
			return nil, err
		}
		parseBlock(data, func(e entry) bool { es = append(es, e); return true })
	}
	return es, nil
}

// ---- DB ----
type DB struct {
	d      Disk
	o      Options
	mem    *memtable
	tables []*table // oldest first
	seq    int
	gets   int
	extra  any
}

func tname(seq int) string { return fmt.Sprintf("%08d.sst", seq) }

func Open(d Disk, o Options) (*DB, error) {
	if o.MemtableBytes == 0 {
		o.MemtableBytes = 4 << 20
	}
	if o.BitsPerKey == 0 {
		o.BitsPerKey = 10
	}
	db := &DB{d: d, o: o, mem: newMem()}
	names, err := d.List()
	if err != nil {
		return nil, err
	}
	type ns struct {
		n string
		s int
	}
	var list []ns
	for _, n := range names {
		if strings.HasSuffix(n, ".sst") {
			s, err := strconv.Atoi(strings.TrimSuffix(n, ".sst"))
			if err == nil {
				list = append(list, ns{n, s})
			}
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].s < list[j].s })
	for _, x := range list {
		t, err := loadTable(d, x.n, x.s)
		if err != nil {
			return nil, err
		}
		db.tables = append(db.tables, t)
		if x.s > db.seq {
			db.seq = x.s
		}
	}
	if err := variantOpen(db); err != nil {
		return nil, err
	}
	return db, nil
}

func (db *DB) Put(key, value []byte) error {
	if value == nil {
		value = []byte{}
	}
	db.mem.put(key, value, false)
	if db.mem.size >= db.o.MemtableBytes {
		return db.Flush()
	}
	return nil
}
func (db *DB) Delete(key []byte) error {
	db.mem.put(key, nil, true)
	if db.mem.size >= db.o.MemtableBytes {
		return db.Flush()
	}
	return nil
}

func (db *DB) Get(key []byte) ([]byte, bool, error) {
	db.gets++
	if n := db.mem.get(key); n != nil {
		if n.tomb {
			return nil, false, nil
		}
		return append([]byte{}, n.val...), true, nil
	}
	return variantGet(db, key)
}

func (db *DB) baseGetTables(key []byte) ([]byte, bool, error) {
	for i := len(db.tables) - 1; i >= 0; i-- {
		t := db.tables[i]
		if bytes.Compare(key, t.min) < 0 || bytes.Compare(key, t.max) > 0 {
			continue
		}
		if !t.filter.test(key) && !variantForceRead(db, t) {
			continue
		}
		e, ok, err := db.tableGet(t, key)
		if err != nil {
			return nil, false, err
		}
		if ok {
			if e.tomb {
				return nil, false, nil
			}
			return append([]byte{}, e.val...), true, nil
		}
	}
	return nil, false, nil
}

func (db *DB) memEntries() []entry {
	var es []entry
	for n := db.mem.head.next[0]; n != nil; n = n.next[0] {
		es = append(es, entry{key: n.key, val: n.val, tomb: n.tomb})
	}
	return es
}

func (db *DB) Flush() error {
	if db.mem.count == 0 {
		return nil
	}
	es := db.memEntries()
	if err := variantFlush(db, es); err != nil {
		return err
	}
	db.mem = newMem()
	return nil
}

func (db *DB) baseWriteTable(es []entry) error {
	db.seq++
	name := tname(db.seq)
	if err := db.d.Create(name, encodeTable(es, db.o.BitsPerKey)); err != nil {
		return err
	}
	t, err := db.tableFromEntries(name, db.seq, es)
	if err != nil {
		return err
	}
	db.tables = append(db.tables, t)
	return nil
}

func (db *DB) tableFromEntries(name string, seq int, es []entry) (*table, error) {
	// rebuild index/filter by re-encoding (cheap enough)
	data := encodeTable(es, db.o.BitsPerKey)
	md := &memOne{name: name, data: data}
	return loadTable(md, name, seq)
}

type memOne struct {
	name string
	data []byte
}

func (m *memOne) Create(string, []byte) error { return errors.New("ro") }
func (m *memOne) ReadAt(name string, p []byte, off int64) (int, error) {
	return copy(p, m.data[off:]), nil
}
func (m *memOne) Size(string) (int64, error) { return int64(len(m.data)), nil }
func (m *memOne) Remove(string) error        { return nil }
func (m *memOne) List() ([]string, error)    { return nil, nil }

// merged returns each key's newest entry over all tables (oldest-first slice), tombstones kept.
func (db *DB) merged(tables []*table) ([]entry, error) {
	seen := map[string]entry{}
	for _, t := range tables {
		es, err := db.tableAll(t)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			seen[string(e.key)] = entry{key: append([]byte{}, e.key...), val: append([]byte{}, e.val...), tomb: e.tomb}
		}
	}
	out := make([]entry, 0, len(seen))
	for _, e := range seen {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return bytes.Compare(out[i].key, out[j].key) < 0 })
	return out, nil
}

func (db *DB) Compact() error {
	if err := db.Flush(); err != nil {
		return err
	}
	return variantCompact(db)
}

func (db *DB) baseCompact() error {
	if len(db.tables) == 0 {
		return nil
	}
	all, err := db.merged(db.tables)
	if err != nil {
		return err
	}
	var live []entry
	for _, e := range all {
		if !e.tomb {
			live = append(live, e)
		}
	}
	old := db.tables
	db.tables = nil
	if len(live) > 0 {
		if err := db.baseWriteTable(live); err != nil {
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

type Disk interface {
	Create(name string, data []byte) error
	ReadAt(name string, p []byte, off int64) (int, error)
	Size(name string) (int64, error)
	Remove(name string) error
	List() ([]string, error)
}
