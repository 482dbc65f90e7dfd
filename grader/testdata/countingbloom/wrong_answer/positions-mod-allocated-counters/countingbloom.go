// Package countingbloom is a right counting Bloom filter but for its positions, taken mod the
// counters its words hold (16 a word) instead of mod m: where 16 does not divide m, the padding
// counters past m are used, and in a filter of one counter a key's positions miss it.
package countingbloom

import "github.com/cespare/xxhash/v2"

type Filter struct {
	words []uint64
	m     uint64
	k     uint
}

func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("countingbloom: m and k must be positive")
	}
	return &Filter{words: make([]uint64, (m+15)/16), m: m, k: k}
}

func mix(x uint64) uint64 {
	x ^= x >> 31
	x *= 0x7fb5d329728ea185
	x ^= x >> 27
	x *= 0x81dadef4bc2dd44d
	x ^= x >> 33
	return x
}

func (f *Filter) positions(key []byte) []uint64 {
	h1 := xxhash.Sum64(key)
	h2 := mix(h1) | 1
	ps := make([]uint64, f.k)
	for i := range ps {
		ps[i] = (h1 + uint64(i)*h2) % (uint64(len(f.words)) * 16) // every counter we allocated
	}
	return ps
}

func (f *Filter) get(p uint64) uint64 { return f.words[p/16] >> (4 * (p % 16)) & 15 }

func (f *Filter) set(p, v uint64) {
	s := 4 * (p % 16)
	f.words[p/16] = f.words[p/16]&^(15<<s) | (v&15)<<s
}

func (f *Filter) Add(key []byte) {
	for _, p := range f.positions(key) {
		if c := f.get(p); c < 15 {
			f.set(p, c+1)
		}
	}
}

func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	for _, p := range f.positions(key) {
		if c := f.get(p); c > 0 && c < 15 {
			f.set(p, c-1)
		}
	}
	return true
}

func (f *Filter) Test(key []byte) bool {
	for _, p := range f.positions(key) {
		if f.get(p) == 0 {
			return false
		}
	}
	return true
}

func (f *Filter) Count(key []byte) uint {
	c := uint64(15)
	for _, p := range f.positions(key) {
		c = min(c, f.get(p))
	}
	return uint(c)
}

func (f *Filter) M() uint64 { return f.m }
func (f *Filter) K() uint   { return f.k }
