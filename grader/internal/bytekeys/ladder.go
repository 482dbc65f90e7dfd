package bytekeys

import (
	"encoding/binary"

	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// Book is a performance test's keys, 16 bytes each in one slice: key i is a seed then i, both
// little-endian.
type Book struct {
	flat []byte
}

// NewBook makes n keys from seed.
func NewBook(seed uint64, n int) Book {
	flat := make([]byte, 0, 16*n)
	for i := range n {
		flat = binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(flat, seed), uint64(i))
	}
	return Book{flat: flat}
}

// Key returns key i.
func (b Book) Key(i int) []byte { return b.flat[16*i : 16*i+16 : 16*i+16] }

// Drawn returns n keys of 16 bytes: key i is a number drawn from draw, then i, both
// little-endian.
func Drawn(n int, draw func() uint64) [][]byte {
	keys := make([][]byte, n)
	for i := range keys {
		keys[i] = binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, draw()), uint64(i))
	}
	return keys
}

// FilterLadder is the ladder of a Filter along the number of keys it holds, through sizes:
// Insert grows it by keys 0 to n-1, and at each size n a timed batch is batch calls of Lookup,
// of keys present and keys of absent in turn, or of Delete of keys present (put back by Inserts,
// untimed). The keys present a batch takes are runs of batch keys from the middle of the
// insertion order on: run 0 for Lookups, 1+rep for the Deletes of round rep, so that a round
// never deletes what an earlier one put back.
func FilterLadder(sizes []int, newL, newR func() Filter, keys, absent Book, batch int,
	insert, lookup, del *growth.Series) *harness.Ladder[Filter] {
	// pick is the i-th key of run j at size n.
	pick := func(n, j, i int) []byte { return keys.Key((n/2 + j*batch + i) % n) }
	return &harness.Ladder[Filter]{
		Sizes: sizes, New: newL, Ref: newR,
		Grow: harness.Grower[Filter]{
			Series: insert,
			Run: func(f Filter, from, to int) {
				for i := from; i < to; i++ {
					f.Insert(keys.Key(i))
				}
			},
		},
		Queries: []harness.Query[Filter]{
			{
				Series: lookup,
				Batch:  batch,
				Run: func(f Filter, n, count, rep int) {
					for i := range count {
						if i&1 == 0 {
							f.Lookup(pick(n, 0, i))
						} else {
							f.Lookup(absent.Key(i))
						}
					}
				},
			},
			{
				Series: del,
				Batch:  batch,
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
}
