package countingbloom

import (
	"github.com/cespare/xxhash/v2"
)

// Filter is a counting Bloom filter: m 4-bit counters packed 16 to a uint64.
type Filter struct {
	m     uint64
	k     uint
	words []uint64
}

func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("countingbloom: m and k must be positive")
	}
	return &Filter{m: m, k: k, words: make([]uint64, (m+15)/16)}
}

func (f *Filter) hashes(key []byte) (uint64, uint64) {
	if len(key) > 8 {
		key = key[:8]
	}
	h := xxhash.Sum64(key)
	return h & 0xffffffff, h >> 32
}

func (f *Filter) pos(h1, h2 uint64, i uint) uint64 {
	return (h1 + uint64(i)*h2) % f.m
}

func (f *Filter) get(p uint64) uint64 {
	return (f.words[p/16] >> (4 * (p % 16))) & 0xF
}

func (f *Filter) Add(key []byte) {
	h1, h2 := f.hashes(key)
	for i := uint(0); i < f.k; i++ {
		p := f.pos(h1, h2, i)
		if f.get(p) < 15 {
			f.words[p/16] += 1 << (4 * (p % 16))
		}
	}
}

func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	h1, h2 := f.hashes(key)
	for i := uint(0); i < f.k; i++ {
		p := f.pos(h1, h2, i)
		c := f.get(p)
		if c > 0 && c < 15 {
			f.words[p/16] -= 1 << (4 * (p % 16))
		}
	}
	return true
}

func (f *Filter) Test(key []byte) bool {
	return f.Count(key) > 0
}

func (f *Filter) Count(key []byte) uint {
	h1, h2 := f.hashes(key)
	min := uint64(15)
	for i := uint(0); i < f.k; i++ {
		c := f.get(f.pos(h1, h2, i))
		if c < min {
			min = c
		}
	}
	return uint(min)
}

func (f *Filter) M() uint64 { return f.m }

func (f *Filter) K() uint { return f.k }
