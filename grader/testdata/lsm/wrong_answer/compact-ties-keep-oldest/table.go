package lsm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
)

// A table file:
//
//	data blocks   entries: uvarint(len key) key uvarint(tag) value, tag 0 = tombstone, else len(value)+1
//	index         uvarint(blocks), per block uvarint(len lastKey) lastKey uvarint(off) uvarint(len);
//	              then uvarint(len minKey) minKey
//	filter        one byte k, then the bits
//	footer        index offset, index length, filter length, magic: four little-endian uint64

const (
	blockSize   = 4 << 10
	footerSize  = 32
	tableMagic  = 0x4c534d5441424c45 // "LSMTABLE"
	tagTomb     = 0
	maxMetaSize = 1 << 30
)

var errCorrupt = errors.New("lsm: corrupt table")

type blockHandle struct {
	last []byte // the block's last key
	off  uint64
	n    uint64
}

// table is what the store keeps in memory of one table file: its index, filter and key range.
type table struct {
	name     string
	min, max []byte
	index    []blockHandle
	filter   bloom
}

// builder lays out a table in memory, entries added in key order.
type builder struct {
	buf        []byte
	blockStart int
	lastKey    []byte
	minKey     []byte
	index      []blockHandle
	hashes     []uint64
	n          int
}

func newBuilder() *builder { return &builder{} }

func (b *builder) add(key, val []byte, tomb bool) {
	if b.n == 0 {
		b.minKey = bytes.Clone(key)
	}
	b.buf = binary.AppendUvarint(b.buf, uint64(len(key)))
	b.buf = append(b.buf, key...)
	if tomb {
		b.buf = binary.AppendUvarint(b.buf, tagTomb)
	} else {
		b.buf = binary.AppendUvarint(b.buf, uint64(len(val))+1)
		b.buf = append(b.buf, val...)
	}
	b.lastKey = append(b.lastKey[:0], key...)
	b.hashes = append(b.hashes, keyHash(key))
	b.n++
	if len(b.buf)-b.blockStart >= blockSize {
		b.endBlock()
	}
}

func (b *builder) endBlock() {
	if len(b.buf) == b.blockStart {
		return
	}
	b.index = append(b.index, blockHandle{
		last: bytes.Clone(b.lastKey),
		off:  uint64(b.blockStart),
		n:    uint64(len(b.buf) - b.blockStart),
	})
	b.blockStart = len(b.buf)
}

// finish returns the file's bytes and the table to keep in memory.
func (b *builder) finish(name string, bitsPerKey int) ([]byte, *table) {
	b.endBlock()
	t := &table{name: name, min: b.minKey, index: b.index, filter: newBloom(b.hashes, bitsPerKey)}
	if len(b.index) > 0 {
		t.max = b.index[len(b.index)-1].last
	}
	data := b.buf
	indexOff := len(data)
	data = binary.AppendUvarint(data, uint64(len(b.index)))
	for _, h := range b.index {
		data = binary.AppendUvarint(data, uint64(len(h.last)))
		data = append(data, h.last...)
		data = binary.AppendUvarint(data, h.off)
		data = binary.AppendUvarint(data, h.n)
	}
	data = binary.AppendUvarint(data, uint64(len(b.minKey)))
	data = append(data, b.minKey...)
	indexLen := len(data) - indexOff
	data = append(data, byte(t.filter.k))
	data = append(data, t.filter.bits...)
	filterLen := 1 + len(t.filter.bits)
	data = binary.LittleEndian.AppendUint64(data, uint64(indexOff))
	data = binary.LittleEndian.AppendUint64(data, uint64(indexLen))
	data = binary.LittleEndian.AppendUint64(data, uint64(filterLen))
	data = binary.LittleEndian.AppendUint64(data, tableMagic)
	return data, t
}

// readFull reads exactly len(p) bytes of name at off.
func readFull(d Disk, name string, p []byte, off int64) error {
	n, err := d.ReadAt(name, p, off)
	if n == len(p) && (err == nil || err == io.EOF) {
		return nil
	}
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("lsm: read %s: %w", name, err)
}

// openTable reads a table's footer, then its index and filter, in one read each.
func openTable(d Disk, name string) (*table, error) {
	size, err := d.Size(name)
	if err != nil {
		return nil, err
	}
	if size < footerSize {
		return nil, fmt.Errorf("%w: %s too short", errCorrupt, name)
	}
	var foot [footerSize]byte
	if err := readFull(d, name, foot[:], size-footerSize); err != nil {
		return nil, err
	}
	indexOff := binary.LittleEndian.Uint64(foot[0:])
	indexLen := binary.LittleEndian.Uint64(foot[8:])
	filterLen := binary.LittleEndian.Uint64(foot[16:])
	if binary.LittleEndian.Uint64(foot[24:]) != tableMagic || indexLen+filterLen > maxMetaSize ||
		indexOff+indexLen+filterLen+footerSize != uint64(size) || filterLen < 1 {
		return nil, fmt.Errorf("%w: %s bad footer", errCorrupt, name)
	}
	meta := make([]byte, indexLen+filterLen)
	if err := readFull(d, name, meta, int64(indexOff)); err != nil {
		return nil, err
	}
	t := &table{name: name}
	p := meta[:indexLen]
	count, p, err := uvarint(p)
	if err != nil {
		return nil, err
	}
	for i := uint64(0); i < count; i++ {
		var key []byte
		var h blockHandle
		if key, p, err = lenBytes(p); err != nil {
			return nil, err
		}
		h.last = bytes.Clone(key)
		if h.off, p, err = uvarint(p); err != nil {
			return nil, err
		}
		if h.n, p, err = uvarint(p); err != nil {
			return nil, err
		}
		t.index = append(t.index, h)
	}
	minKey, _, err := lenBytes(p)
	if err != nil {
		return nil, err
	}
	t.min = bytes.Clone(minKey)
	if len(t.index) > 0 {
		t.max = t.index[len(t.index)-1].last
	}
	f := meta[indexLen:]
	t.filter = bloom{k: int(f[0]), bits: bytes.Clone(f[1:])}
	if t.filter.k < 1 || len(t.filter.bits) == 0 {
		return nil, fmt.Errorf("%w: %s bad filter", errCorrupt, name)
	}
	return t, nil
}

func uvarint(p []byte) (uint64, []byte, error) {
	v, n := binary.Uvarint(p)
	if n <= 0 {
		return 0, nil, errCorrupt
	}
	return v, p[n:], nil
}

func lenBytes(p []byte) ([]byte, []byte, error) {
	n, p, err := uvarint(p)
	if err != nil {
		return nil, nil, err
	}
	if n > uint64(len(p)) {
		return nil, nil, errCorrupt
	}
	return p[:n], p[n:], nil
}

// readBlock reads block i of the table.
func (t *table) readBlock(d Disk, i int) ([]byte, error) {
	h := t.index[i]
	buf := make([]byte, h.n)
	if err := readFull(d, t.name, buf, int64(h.off)); err != nil {
		return nil, err
	}
	return buf, nil
}

// nextEntry decodes the entry at the start of p.
func nextEntry(p []byte) (key, val []byte, tomb bool, rest []byte, err error) {
	if key, p, err = lenBytes(p); err != nil {
		return
	}
	var tag uint64
	if tag, p, err = uvarint(p); err != nil {
		return
	}
	if tag == tagTomb {
		return key, nil, true, p, nil
	}
	n := tag - 1
	if n > uint64(len(p)) {
		err = errCorrupt
		return
	}
	return key, p[:n], false, p[n:], nil
}

// get looks key up in the table: found says whether the table holds the key or its tombstone.
// It reads nothing when the key range or the filter rules the key out, else one block.
// h is keyHash(key), computed once per Get.
func (t *table) get(d Disk, key []byte, h uint64) (val []byte, tomb, found bool, err error) {
	if len(t.index) == 0 || bytes.Compare(key, t.min) < 0 || bytes.Compare(key, t.max) > 0 {
		return nil, false, false, nil
	}
	if !t.filter.mayContain(h) {
		return nil, false, false, nil
	}
	i := sort.Search(len(t.index), func(i int) bool { return bytes.Compare(t.index[i].last, key) >= 0 })
	if i == len(t.index) {
		return nil, false, false, nil
	}
	block, err := t.readBlock(d, i)
	if err != nil {
		return nil, false, false, err
	}
	for len(block) > 0 {
		k, v, tb, rest, err := nextEntry(block)
		if err != nil {
			return nil, false, false, err
		}
		switch c := bytes.Compare(k, key); {
		case c == 0:
			if tb {
				return nil, true, true, nil
			}
			return append([]byte{}, v...), false, true, nil
		case c > 0:
			return nil, false, false, nil
		}
		block = rest
	}
	return nil, false, false, nil
}

// tableIter walks a table's entries in key order, one block read at a time.
type tableIter struct {
	t     *table
	age   int // how old the table is: 0 is the newest
	block int // next block to read
	buf   []byte
	key   []byte
	val   []byte
	tomb  bool
}

// next moves to the next entry; false at the end.
func (it *tableIter) next(d Disk) (bool, error) {
	for len(it.buf) == 0 {
		if it.block >= len(it.t.index) {
			return false, nil
		}
		b, err := it.t.readBlock(d, it.block)
		if err != nil {
			return false, err
		}
		it.block++
		it.buf = b
	}
	k, v, tb, rest, err := nextEntry(it.buf)
	if err != nil {
		return false, err
	}
	it.key, it.val, it.tomb, it.buf = k, v, tb, rest
	return true, nil
}

// mergeHeap orders iterators by current key, the newest table first among equal keys.
type mergeHeap struct{ items []*tableIter }

func (h *mergeHeap) Len() int { return len(h.items) }
func (h *mergeHeap) Less(i, j int) bool {
	if c := bytes.Compare(h.items[i].key, h.items[j].key); c != 0 {
		return c < 0
	}
	return h.items[i].age < h.items[j].age // the youngest table wins a tie
}
func (h *mergeHeap) Swap(i, j int) { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *mergeHeap) Push(x any)    { h.items = append(h.items, x.(*tableIter)) }
func (h *mergeHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}
