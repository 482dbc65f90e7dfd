// A right filter with each bucket packed in one uint64 (four 16-bit lanes), searched with
// word-at-a-time bit tricks, and hash/maphash with a seed chosen per filter.
package cuckoo

import (
	"hash/maphash"
	"math/bits"
)

const (
	lows  = 0x0001_0001_0001_0001
	highs = 0x8000_8000_8000_8000
)

type Filter struct {
	words []uint64 // bucket i: lanes 0..3 of words[i]
	mask  uint64
	count uint64
	seed  maphash.Seed
	state uint64
	path  []int // slots written by the current eviction, to undo it
}

func New(capacity uint64) *Filter {
	b := uint64(1)
	for b*4 < capacity {
		b <<= 1
	}
	return &Filter{words: make([]uint64, b), mask: b - 1, seed: maphash.MakeSeed(), state: 7}
}

func (f *Filter) Buckets() uint64 { return f.mask + 1 }
func (f *Filter) Count() uint64   { return f.count }

func (f *Filter) hash(key []byte) (uint64, uint64) {
	h := maphash.Bytes(f.seed, key)
	fp := h >> 48
	if fp == 0 {
		fp = 1
	}
	return fp, h & f.mask
}

func (f *Filter) alt(i, fp uint64) uint64 {
	x := fp * 0xff51afd7ed558ccd
	return (i ^ x>>29) & f.mask
}

// match returns a mask with the high bit set in every lane of w equal to fp (exact for the
// lowest matching lane, which is all callers use).
func match(w, fp uint64) uint64 {
	x := w ^ (fp * lows)
	return (x - lows) &^ x & highs
}

func lane(w, fp uint64) int {
	m := match(w, fp)
	if m == 0 {
		return -1
	}
	return bits.TrailingZeros64(m) / 16
}

func (f *Filter) put(i, fp uint64) bool {
	if j := lane(f.words[i], 0); j >= 0 {
		f.words[i] |= fp << (16 * j)
		return true
	}
	return false
}

func (f *Filter) swap(i uint64, j int, fp uint64) uint64 {
	old := f.words[i] >> (16 * j) & 0xffff
	f.words[i] = f.words[i]&^(0xffff<<(16*j)) | fp<<(16*j)
	return old
}

func (f *Filter) rand() uint64 {
	f.state ^= f.state << 7
	f.state ^= f.state >> 9
	return f.state
}

func (f *Filter) Insert(key []byte) bool {
	fp, i1 := f.hash(key)
	i2 := f.alt(i1, fp)
	if f.put(i1, fp) || f.put(i2, fp) {
		f.count++
		return true
	}
	f.path = f.path[:0]
	i := i1
	if f.rand()&2 == 0 {
		i = i2
	}
	for range 500 {
		j := int(f.rand() >> 62)
		f.path = append(f.path, int(i)*4+j)
		fp = f.swap(i, j, fp)
		i = f.alt(i, fp)
		if f.put(i, fp) {
			f.count++
			return true
		}
	}
	for k := len(f.path) - 1; k >= 0; k-- {
		s := f.path[k]
		fp = f.swap(uint64(s/4), s%4, fp)
	}
	return false
}

func (f *Filter) Lookup(key []byte) bool {
	fp, i1 := f.hash(key)
	return match(f.words[i1], fp) != 0 || match(f.words[f.alt(i1, fp)], fp) != 0
}

func (f *Filter) Delete(key []byte) bool {
	fp, i1 := f.hash(key)
	for _, i := range [2]uint64{i1, f.alt(i1, fp)} {
		if j := lane(f.words[i], fp); j >= 0 {
			f.swap(i, j, 0)
			f.count--
			return true
		}
	}
	return false
}
