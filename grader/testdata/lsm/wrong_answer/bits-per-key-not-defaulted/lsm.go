// Package lsm: a B-tree memtable; each table is two files, NNNNNN.dat (32 KiB blocks, each
// ending in an array of its entries' offsets for a binary search, then a sparse index and a
// footer) and NNNNNN.flt (the Bloom filter, xxhash64). Compact merges with a hand-written heap.
// Written without the judge in view, with one defect: Open defaults MemtableBytes but not
// BitsPerKey, so with BitsPerKey 0 (which means 10) each filter is a byte or so and passes
// nearly every key. Its message showed BitsPerKey 10, which the test never passed, and its hint
// sent the learner to ask the filter, which Get does.
package lsm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sort"
	"strconv"
	"strings"
)

type Disk interface {
	Create(name string, data []byte) error
	ReadAt(name string, p []byte, off int64) (int, error)
	Size(name string) (int64, error)
	Remove(name string) error
	List() ([]string, error)
}

type Options struct {
	MemtableBytes int
	BitsPerKey    int
}

type DB struct {
	d      Disk
	o      Options
	mem    *btree
	tabs   []*tab // oldest first
	nextID int
}

var errCorrupt = errors.New("lsm: corrupt file")

func Open(d Disk, o Options) (*DB, error) {
	if o.MemtableBytes <= 0 {
		o.MemtableBytes = 4 << 20
	}
	db := &DB{d: d, o: o, mem: &btree{}, nextID: 1}
	names, err := d.List()
	if err != nil {
		return nil, err
	}
	var ids []int
	for _, n := range names {
		if base, ok := strings.CutSuffix(n, ".dat"); ok {
			if id, err := strconv.Atoi(base); err == nil {
				ids = append(ids, id)
			}
		}
	}
	sort.Ints(ids)
	for _, id := range ids {
		t, err := loadTab(d, id)
		if err != nil {
			return nil, err
		}
		db.tabs = append(db.tabs, t)
		db.nextID = id + 1
	}
	return db, nil
}

func (db *DB) Put(key, value []byte) error {
	db.mem.put(item{key: append([]byte(nil), key...), val: append(make([]byte, 0, len(value)), value...)})
	return db.full()
}

func (db *DB) Delete(key []byte) error {
	db.mem.put(item{key: append([]byte(nil), key...), del: true})
	return db.full()
}

func (db *DB) full() error {
	if db.mem.bytes >= db.o.MemtableBytes {
		return db.Flush()
	}
	return nil
}

func (db *DB) Get(key []byte) ([]byte, bool, error) {
	if it, ok := db.mem.get(key); ok {
		if it.del {
			return nil, false, nil
		}
		return append([]byte{}, it.val...), true, nil
	}
	for i := len(db.tabs) - 1; i >= 0; i-- {
		val, del, ok, err := db.tabs[i].get(db.d, key)
		if err != nil {
			return nil, false, err
		}
		if ok {
			if del {
				return nil, false, nil
			}
			return val, true, nil
		}
	}
	return nil, false, nil
}

func (db *DB) Flush() error {
	if db.mem.n == 0 {
		return nil
	}
	w := newWriter(db.o.BitsPerKey, db.mem.n)
	db.mem.each(func(it item) { w.add(it.key, it.val, it.del) })
	t, err := db.write(w)
	if err != nil {
		return err
	}
	db.tabs = append(db.tabs, t)
	db.mem = &btree{}
	return nil
}

func (db *DB) write(w *writer) (*tab, error) {
	id := db.nextID
	db.nextID++
	dat, flt := w.finish()
	if err := db.d.Create(fmt.Sprintf("%06d.dat", id), dat); err != nil {
		return nil, err
	}
	if err := db.d.Create(fmt.Sprintf("%06d.flt", id), flt); err != nil {
		return nil, err
	}
	return loadTab(db.d, id)
}

func (db *DB) Compact() error {
	if err := db.Flush(); err != nil {
		return err
	}
	if len(db.tabs) == 0 {
		return nil
	}
	var h cursorHeap
	total := 0
	for i, t := range db.tabs {
		total += t.count
		c := &cursor{t: t, d: db.d, rank: i}
		if err := c.advance(); err != nil {
			return err
		}
		if c.ok {
			h.push(c)
		}
	}
	w := newWriter(db.o.BitsPerKey, total)
	var prev []byte
	have := false
	for len(h) > 0 {
		c := h[0]
		if !have || !bytes.Equal(prev, c.key) {
			prev = append(prev[:0], c.key...)
			have = true
			if !c.del {
				w.add(c.key, c.val, false)
			}
		}
		if err := c.advance(); err != nil {
			return err
		}
		if c.ok {
			h.down(0)
		} else {
			h.pop()
		}
	}
	old := db.tabs
	db.tabs = nil
	if w.count > 0 {
		t, err := db.write(w)
		if err != nil {
			db.tabs = old
			return err
		}
		db.tabs = append(db.tabs, t)
	}
	for _, t := range old {
		if err := db.d.Remove(fmt.Sprintf("%06d.dat", t.id)); err != nil {
			return err
		}
		if err := db.d.Remove(fmt.Sprintf("%06d.flt", t.id)); err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) Close() error { return db.Flush() }

// ---- B-tree memtable ----

const degree = 16 // a node holds at most 2*degree-1 items

type item struct {
	key, val []byte
	del      bool
}

type bnode struct {
	items []item
	kids  []*bnode
}

type btree struct {
	root  *bnode
	n     int
	bytes int
}

func (n *bnode) find(key []byte) (int, bool) {
	i := sort.Search(len(n.items), func(i int) bool { return bytes.Compare(n.items[i].key, key) >= 0 })
	return i, i < len(n.items) && bytes.Equal(n.items[i].key, key)
}

func (t *btree) get(key []byte) (item, bool) {
	for n := t.root; n != nil; {
		i, ok := n.find(key)
		if ok {
			return n.items[i], true
		}
		if len(n.kids) == 0 {
			break
		}
		n = n.kids[i]
	}
	return item{}, false
}

func (n *bnode) split(i int) {
	c := n.kids[i]
	mid := c.items[degree-1]
	right := &bnode{items: append([]item(nil), c.items[degree:]...)}
	if len(c.kids) > 0 {
		right.kids = append([]*bnode(nil), c.kids[degree:]...)
		c.kids = c.kids[:degree]
	}
	c.items = c.items[:degree-1]
	n.items = append(n.items, item{})
	copy(n.items[i+1:], n.items[i:])
	n.items[i] = mid
	n.kids = append(n.kids, nil)
	copy(n.kids[i+2:], n.kids[i+1:])
	n.kids[i+1] = right
}

func (t *btree) put(it item) {
	if t.root == nil {
		t.root = &bnode{}
	}
	if len(t.root.items) == 2*degree-1 {
		r := &bnode{kids: []*bnode{t.root}}
		r.split(0)
		t.root = r
	}
	n := t.root
	for {
		i, ok := n.find(it.key)
		if ok {
			t.bytes += len(it.val) - len(n.items[i].val)
			n.items[i].val, n.items[i].del = it.val, it.del
			return
		}
		if len(n.kids) == 0 {
			n.items = append(n.items, item{})
			copy(n.items[i+1:], n.items[i:])
			n.items[i] = it
			t.n++
			t.bytes += len(it.key) + len(it.val)
			return
		}
		if len(n.kids[i].items) == 2*degree-1 {
			n.split(i)
			switch c := bytes.Compare(it.key, n.items[i].key); {
			case c == 0:
				t.bytes += len(it.val) - len(n.items[i].val)
				n.items[i].val, n.items[i].del = it.val, it.del
				return
			case c > 0:
				i++
			}
		}
		n = n.kids[i]
	}
}

func (t *btree) each(f func(item)) {
	var walk func(n *bnode)
	walk = func(n *bnode) {
		for i, it := range n.items {
			if len(n.kids) > 0 {
				walk(n.kids[i])
			}
			f(it)
		}
		if len(n.kids) > 0 {
			walk(n.kids[len(n.items)])
		}
	}
	if t.root != nil {
		walk(t.root)
	}
}

// ---- table files ----

const blockTarget = 32 << 10

type writer struct {
	dat     []byte
	blk     []byte
	offs    []uint32
	last    []byte
	idxKeys []byte // concatenated last keys
	idxEnds []uint32
	idxOffs []uint32
	filter  *bloom
	count   int
}

func newWriter(bpk, n int) *writer { return &writer{filter: newBloom(n, bpk)} }

func (w *writer) add(key, val []byte, del bool) {
	w.offs = append(w.offs, uint32(len(w.blk)))
	w.blk = binary.AppendUvarint(w.blk, uint64(len(key)))
	if del {
		w.blk = binary.AppendUvarint(w.blk, 0)
	} else {
		w.blk = binary.AppendUvarint(w.blk, uint64(len(val))+1)
	}
	w.blk = append(w.blk, key...)
	w.blk = append(w.blk, val...)
	w.last = append(w.last[:0], key...)
	w.filter.add(key)
	w.count++
	if len(w.blk) >= blockTarget {
		w.endBlock()
	}
}

func (w *writer) endBlock() {
	if len(w.offs) == 0 {
		return
	}
	for _, o := range w.offs {
		w.blk = binary.LittleEndian.AppendUint32(w.blk, o)
	}
	w.blk = binary.LittleEndian.AppendUint32(w.blk, uint32(len(w.offs)))
	w.idxOffs = append(w.idxOffs, uint32(len(w.dat)))
	w.dat = append(w.dat, w.blk...)
	w.idxKeys = append(w.idxKeys, w.last...)
	w.idxEnds = append(w.idxEnds, uint32(len(w.idxKeys)))
	w.blk, w.offs = w.blk[:0], w.offs[:0]
}

// finish returns the data file and the filter file. The data file ends in: the index (count,
// then per block: key end, block offset; then the keys), and a footer of index offset and entry
// count.
func (w *writer) finish() ([]byte, []byte) {
	w.endBlock()
	idxOff := len(w.dat)
	w.dat = binary.LittleEndian.AppendUint32(w.dat, uint32(len(w.idxOffs)))
	for i := range w.idxOffs {
		w.dat = binary.LittleEndian.AppendUint32(w.dat, w.idxEnds[i])
		w.dat = binary.LittleEndian.AppendUint32(w.dat, w.idxOffs[i])
	}
	w.dat = append(w.dat, w.idxKeys...)
	w.dat = binary.LittleEndian.AppendUint64(w.dat, uint64(idxOff))
	w.dat = binary.LittleEndian.AppendUint64(w.dat, uint64(w.count))
	return w.dat, w.filter.marshal()
}

type tab struct {
	id      int
	count   int
	dataEnd uint32 // where the index starts: the end of the last block
	keys    []byte
	ends    []uint32
	offs    []uint32
	filter  *bloom
}

func readAll(d Disk, name string, off int64, n int) ([]byte, error) {
	b := make([]byte, n)
	got, err := d.ReadAt(name, b, off)
	if got == n {
		return b, nil
	}
	if err == nil {
		err = errCorrupt
	}
	return nil, err
}

func loadTab(d Disk, id int) (*tab, error) {
	dn, fn := fmt.Sprintf("%06d.dat", id), fmt.Sprintf("%06d.flt", id)
	size, err := d.Size(dn)
	if err != nil {
		return nil, err
	}
	foot, err := readAll(d, dn, size-16, 16)
	if err != nil {
		return nil, err
	}
	idxOff := int64(binary.LittleEndian.Uint64(foot))
	t := &tab{id: id, count: int(binary.LittleEndian.Uint64(foot[8:])), dataEnd: uint32(idxOff)}
	idx, err := readAll(d, dn, idxOff, int(size-16-idxOff))
	if err != nil {
		return nil, err
	}
	nb := int(binary.LittleEndian.Uint32(idx))
	for i := 0; i < nb; i++ {
		t.ends = append(t.ends, binary.LittleEndian.Uint32(idx[4+8*i:]))
		t.offs = append(t.offs, binary.LittleEndian.Uint32(idx[8+8*i:]))
	}
	t.keys = bytes.Clone(idx[4+8*nb:])
	fsize, err := d.Size(fn)
	if err != nil {
		return nil, err
	}
	fb, err := readAll(d, fn, 0, int(fsize))
	if err != nil {
		return nil, err
	}
	if t.filter, err = unmarshalBloom(fb); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *tab) lastKey(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = t.ends[i-1]
	}
	return t.keys[start:t.ends[i]]
}

func (t *tab) block(d Disk, i int) ([]byte, []uint32, error) {
	end := t.dataEnd
	if i+1 < len(t.offs) {
		end = t.offs[i+1]
	}
	b, err := readAll(d, fmt.Sprintf("%06d.dat", t.id), int64(t.offs[i]), int(end-t.offs[i]))
	if err != nil {
		return nil, nil, err
	}
	n := int(binary.LittleEndian.Uint32(b[len(b)-4:]))
	base := len(b) - 4 - 4*n
	offs := make([]uint32, n)
	for j := range offs {
		offs[j] = binary.LittleEndian.Uint32(b[base+4*j:])
	}
	return b[:base], offs, nil
}

func decodeAt(b []byte, off uint32) (key, val []byte, del bool) {
	p := b[off:]
	kl, n1 := binary.Uvarint(p)
	vl, n2 := binary.Uvarint(p[n1:])
	p = p[n1+n2:]
	key = p[:kl]
	if vl == 0 {
		return key, nil, true
	}
	return key, p[kl : kl+vl-1], false
}

func (t *tab) get(d Disk, key []byte) ([]byte, bool, bool, error) {
	if !t.filter.has(key) {
		return nil, false, false, nil
	}
	i := sort.Search(len(t.ends), func(i int) bool { return bytes.Compare(t.lastKey(i), key) >= 0 })
	if i == len(t.ends) {
		return nil, false, false, nil
	}
	b, offs, err := t.block(d, i)
	if err != nil {
		return nil, false, false, err
	}
	j := sort.Search(len(offs), func(j int) bool {
		k, _, _ := decodeAt(b, offs[j])
		return bytes.Compare(k, key) >= 0
	})
	if j == len(offs) {
		return nil, false, false, nil
	}
	k, v, del := decodeAt(b, offs[j])
	if !bytes.Equal(k, key) {
		return nil, false, false, nil
	}
	if del {
		return nil, true, true, nil
	}
	return append([]byte{}, v...), false, true, nil
}

type cursor struct {
	t        *tab
	d        Disk
	rank     int // higher is newer
	blk      int
	b        []byte
	offs     []uint32
	j        int
	ok       bool
	key, val []byte
	del      bool
}

func (c *cursor) advance() error {
	for c.j >= len(c.offs) {
		if c.blk >= len(c.t.offs) {
			c.ok = false
			return nil
		}
		b, offs, err := c.t.block(c.d, c.blk)
		if err != nil {
			return err
		}
		c.blk++
		c.b, c.offs, c.j = b, offs, 0
	}
	c.key, c.val, c.del = decodeAt(c.b, c.offs[c.j])
	c.j++
	c.ok = true
	return nil
}

type cursorHeap []*cursor

func (h cursorHeap) less(i, j int) bool {
	if c := bytes.Compare(h[i].key, h[j].key); c != 0 {
		return c < 0
	}
	return h[i].rank > h[j].rank
}

func (h *cursorHeap) push(c *cursor) {
	*h = append(*h, c)
	i := len(*h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		(*h)[i], (*h)[p] = (*h)[p], (*h)[i]
		i = p
	}
}

func (h cursorHeap) down(i int) {
	for {
		l, s := 2*i+1, i
		if l < len(h) && h.less(l, s) {
			s = l
		}
		if l+1 < len(h) && h.less(l+1, s) {
			s = l + 1
		}
		if s == i {
			return
		}
		h[i], h[s] = h[s], h[i]
		i = s
	}
}

func (h *cursorHeap) pop() {
	old := *h
	n := len(old) - 1
	old[0] = old[n]
	*h = old[:n]
	if n > 0 {
		h.down(0)
	}
}

// ---- Bloom filter over xxhash64 ----

type bloom struct {
	words []uint64
	m     uint64
	k     uint32
}

func newBloom(n, bpk int) *bloom {
	m := uint64(n) * uint64(bpk)
	if m == 0 {
		m = 1
	}
	k := uint32(math.Round(float64(bpk) * math.Ln2))
	if k == 0 {
		k = 1
	}
	return &bloom{words: make([]uint64, (m+63)/64), m: m, k: k}
}

func (b *bloom) probes(key []byte, f func(uint64) bool) bool {
	h := xxh64(key, 0)
	h1, h2 := h, bits.RotateLeft64(h, 32)|1
	for i := uint64(0); i < uint64(b.k); i++ {
		if !f((h1 + i*h2) % b.m) {
			return false
		}
	}
	return true
}

func (b *bloom) add(key []byte) {
	b.probes(key, func(p uint64) bool { b.words[p>>6] |= 1 << (p & 63); return true })
}

func (b *bloom) has(key []byte) bool {
	return b.probes(key, func(p uint64) bool { return b.words[p>>6]&(1<<(p&63)) != 0 })
}

func (b *bloom) marshal() []byte {
	out := binary.LittleEndian.AppendUint64(nil, b.m)
	out = binary.LittleEndian.AppendUint32(out, b.k)
	for _, w := range b.words {
		out = binary.LittleEndian.AppendUint64(out, w)
	}
	return out
}

func unmarshalBloom(p []byte) (*bloom, error) {
	if len(p) < 12 {
		return nil, errCorrupt
	}
	b := &bloom{m: binary.LittleEndian.Uint64(p), k: binary.LittleEndian.Uint32(p[8:])}
	p = p[12:]
	if uint64(len(p)) != (b.m+63)/64*8 {
		return nil, errCorrupt
	}
	b.words = make([]uint64, len(p)/8)
	for i := range b.words {
		b.words[i] = binary.LittleEndian.Uint64(p[8*i:])
	}
	return b, nil
}

const (
	p1 uint64 = 11400714785074694791
	p2 uint64 = 14029467366897019727
	p3 uint64 = 1609587929392839161
	p4 uint64 = 9650029242287828579
	p5 uint64 = 2870177450012600261
)

func round(acc, input uint64) uint64 {
	acc += input * p2
	acc = bits.RotateLeft64(acc, 31)
	return acc * p1
}

func mergeRound(acc, val uint64) uint64 {
	val = round(0, val)
	acc ^= val
	return acc*p1 + p4
}

func xxh64(b []byte, seed uint64) uint64 {
	n := len(b)
	var h uint64
	if n >= 32 {
		v1, v2, v3, v4 := seed+p1+p2, seed+p2, seed, seed-p1
		for len(b) >= 32 {
			v1 = round(v1, binary.LittleEndian.Uint64(b[0:]))
			v2 = round(v2, binary.LittleEndian.Uint64(b[8:]))
			v3 = round(v3, binary.LittleEndian.Uint64(b[16:]))
			v4 = round(v4, binary.LittleEndian.Uint64(b[24:]))
			b = b[32:]
		}
		h = bits.RotateLeft64(v1, 1) + bits.RotateLeft64(v2, 7) + bits.RotateLeft64(v3, 12) + bits.RotateLeft64(v4, 18)
		h = mergeRound(h, v1)
		h = mergeRound(h, v2)
		h = mergeRound(h, v3)
		h = mergeRound(h, v4)
	} else {
		h = seed + p5
	}
	h += uint64(n)
	for ; len(b) >= 8; b = b[8:] {
		k1 := round(0, binary.LittleEndian.Uint64(b))
		h ^= k1
		h = bits.RotateLeft64(h, 27)*p1 + p4
	}
	if len(b) >= 4 {
		h ^= uint64(binary.LittleEndian.Uint32(b)) * p1
		h = bits.RotateLeft64(h, 23)*p2 + p3
		b = b[4:]
	}
	for _, c := range b {
		h ^= uint64(c) * p5
		h = bits.RotateLeft64(h, 11) * p1
	}
	h ^= h >> 33
	h *= p2
	h ^= h >> 29
	h *= p3
	h ^= h >> 32
	return h
}
