package lsm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// A table file is, in order:
//
//	data blocks   entries in key order, a new block once one holds blockSize bytes or more;
//	              an entry is uvarint(len(key)) key uvarint(len(value)+1) value, or
//	              uvarint(len(key)) key 0 for a deletion
//	index         uvarint(len(first)) first, the table's smallest key; uvarint(blocks); per block
//	              uvarint(len(last)) last uvarint(offset) uvarint(length), last its largest key
//	filter        one byte k, then the Bloom filter's bits
//	footer        index offset, index length, filter offset, filter length, magic: 5 uint64 LE
//
// Open reads the footer, then the index and the filter at once; a Get reads one block.
const (
	blockSize  = 4096
	footerSize = 5 * 8
	magic      = 0x6b6174616c736d31 // "katalsm1"
	suffix     = ".sst"
)

// tableName is the file name of table number num; a higher number is a newer table.
func tableName(num uint64) string { return fmt.Sprintf("%08d%s", num, suffix) }

// tableNumber parses a table's file name; ok is false for any other file.
func tableNumber(name string) (num uint64, ok bool) {
	digits, found := strings.CutSuffix(name, suffix)
	if !found {
		return 0, false
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	return n, err == nil
}

// handle locates one data block and names its largest key.
type handle struct {
	last      []byte
	off, size uint64
}

// table is what the store keeps in memory of one table file: its key range, its block index
// and its filter. The entries themselves stay on the Disk.
type table struct {
	name   string
	num    uint64
	first  []byte
	blocks []handle
	filter filter
}

// last returns the table's largest key.
func (t *table) last() []byte { return t.blocks[len(t.blocks)-1].last }

// builder writes a table from entries given in key order.
type builder struct {
	buf        []byte
	blockStart int
	t          table    // the table's first key and blocks so far
	hashes     []uint64 // one per key, for the filter sized once the keys are counted
	lastKey    []byte
}

// add appends an entry; keys must come in increasing order.
func (b *builder) add(e *entry) {
	if b.t.first == nil {
		b.t.first = e.key
	}
	b.buf = binary.AppendUvarint(b.buf, uint64(len(e.key)))
	b.buf = append(b.buf, e.key...)
	if e.deleted {
		b.buf = append(b.buf, 0)
	} else {
		b.buf = binary.AppendUvarint(b.buf, uint64(len(e.value))+1)
		b.buf = append(b.buf, e.value...)
	}
	h, _ := hashes(e.key)
	b.hashes = append(b.hashes, h)
	b.lastKey = e.key
	if len(b.buf)-b.blockStart >= blockSize {
		b.endBlock()
	}
}

// endBlock closes the block under way, if it holds anything.
func (b *builder) endBlock() {
	if len(b.buf) == b.blockStart {
		return
	}
	b.t.blocks = append(b.t.blocks, handle{last: b.lastKey, off: uint64(b.blockStart), size: uint64(len(b.buf) - b.blockStart)})
	b.blockStart = len(b.buf)
}

// empty reports whether no entry was added.
func (b *builder) empty() bool { return len(b.hashes) == 0 }

// finish writes the index, the filter and the footer, and returns the file's bytes and the
// table to keep in memory, whose keys are copies (they must not pin the entries they came from).
func (b *builder) finish(bitsPerKey int) ([]byte, *table) {
	b.endBlock()
	// A table of its own, not the builder's: it must not keep the builder's buffer alive.
	t := &table{first: bytes.Clone(b.t.first), blocks: b.t.blocks}
	indexOff := len(b.buf)
	b.buf = binary.AppendUvarint(b.buf, uint64(len(t.first)))
	b.buf = append(b.buf, t.first...)
	b.buf = binary.AppendUvarint(b.buf, uint64(len(t.blocks)))
	for i := range t.blocks {
		h := &t.blocks[i]
		h.last = bytes.Clone(h.last)
		b.buf = binary.AppendUvarint(b.buf, uint64(len(h.last)))
		b.buf = append(b.buf, h.last...)
		b.buf = binary.AppendUvarint(b.buf, h.off)
		b.buf = binary.AppendUvarint(b.buf, h.size)
	}
	filterOff := len(b.buf)
	t.filter = newFilter(len(b.hashes), bitsPerKey)
	for _, h := range b.hashes {
		t.filter.addHash(h)
	}
	b.buf = append(b.buf, t.filter.k)
	b.buf = append(b.buf, t.filter.bits...)
	for _, v := range []int{indexOff, filterOff - indexOff, filterOff, len(b.buf) - filterOff} {
		b.buf = binary.LittleEndian.AppendUint64(b.buf, uint64(v))
	}
	b.buf = binary.LittleEndian.AppendUint64(b.buf, magic)
	return b.buf, t
}

// errCorrupt is the error of a table file that does not parse.
var errCorrupt = errors.New("lsm: corrupt table")

// readFull reads len(p) bytes of name at off.
func readFull(d Disk, name string, p []byte, off int64) error {
	n, err := d.ReadAt(name, p, off)
	if n == len(p) {
		return nil
	}
	if err == nil || err == io.EOF {
		err = fmt.Errorf("%w: %s: short read at %d", errCorrupt, name, off)
	}
	return err
}

// loadTable reads a table's footer, index and filter.
func loadTable(d Disk, name string, num uint64) (*table, error) {
	size, err := d.Size(name)
	if err != nil {
		return nil, err
	}
	if size < footerSize {
		return nil, fmt.Errorf("%w: %s is %d bytes", errCorrupt, name, size)
	}
	var foot [footerSize]byte
	if err := readFull(d, name, foot[:], size-footerSize); err != nil {
		return nil, err
	}
	var v [5]uint64
	for i := range v {
		v[i] = binary.LittleEndian.Uint64(foot[8*i:])
	}
	indexOff, indexLen, filterOff, filterLen := v[0], v[1], v[2], v[3]
	if v[4] != magic || filterOff != indexOff+indexLen || filterOff+filterLen+footerSize != uint64(size) || filterLen < 2 {
		return nil, fmt.Errorf("%w: %s has a bad footer", errCorrupt, name)
	}
	meta := make([]byte, indexLen+filterLen)
	if err := readFull(d, name, meta, int64(indexOff)); err != nil {
		return nil, err
	}
	t := &table{name: name, num: num}
	r := reader{b: meta[:indexLen]}
	t.first = bytes.Clone(r.bytes())
	n := r.uvarint()
	for range n {
		if r.err {
			break
		}
		h := handle{last: bytes.Clone(r.bytes())}
		h.off, h.size = r.uvarint(), r.uvarint()
		t.blocks = append(t.blocks, h)
	}
	if r.err || len(t.blocks) == 0 {
		return nil, fmt.Errorf("%w: %s has a bad index", errCorrupt, name)
	}
	f := meta[indexLen:]
	t.filter = filter{k: f[0], bits: f[1:]}
	return t, nil
}

// get looks key up in the table, reading at most one block: found reports whether the table
// holds an entry (a value or a deletion) for it.
func (t *table) get(d Disk, key []byte) (e entry, found bool, err error) {
	if bytes.Compare(key, t.first) < 0 || bytes.Compare(key, t.last()) > 0 {
		return entry{}, false, nil
	}
	i := sort.Search(len(t.blocks), func(i int) bool { return bytes.Compare(t.blocks[i].last, key) >= 0 })
	block, err := t.readBlock(d, i)
	if err != nil {
		return entry{}, false, err
	}
	r := reader{b: block}
	for len(r.b) > 0 {
		e := r.entry()
		if r.err {
			return entry{}, false, fmt.Errorf("%w: %s: bad block %d", errCorrupt, t.name, i)
		}
		switch c := bytes.Compare(e.key, key); {
		case c == 0:
			e.value = bytes.Clone(e.value)
			if e.value == nil && !e.deleted {
				e.value = []byte{}
			}
			return e, true, nil
		case c > 0:
			return entry{}, false, nil
		}
	}
	return entry{}, false, nil
}

// readBlock reads data block i.
func (t *table) readBlock(d Disk, i int) ([]byte, error) {
	h := t.blocks[i]
	block := make([]byte, h.size)
	return block, readFull(d, t.name, block, int64(h.off))
}

// reader decodes the table's varint-framed fields; err is set once anything does not parse.
type reader struct {
	b   []byte
	err bool
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err, r.b = true, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

// bytes returns a length-prefixed field, aliasing the buffer.
func (r *reader) bytes() []byte {
	n := r.uvarint()
	if n > uint64(len(r.b)) {
		r.err, r.b = true, nil
		return nil
	}
	v := r.b[:n:n]
	r.b = r.b[n:]
	return v
}

// entry decodes one entry, aliasing the buffer.
func (r *reader) entry() entry {
	key := r.bytes()
	switch v := r.uvarint(); {
	case r.err:
		return entry{}
	case v == 0:
		return entry{key: key, deleted: true}
	case v-1 > uint64(len(r.b)):
		r.err, r.b = true, nil
		return entry{}
	default:
		value := r.b[: v-1 : v-1]
		r.b = r.b[v-1:]
		return entry{key: key, value: value}
	}
}
