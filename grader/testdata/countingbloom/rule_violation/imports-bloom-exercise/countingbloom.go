package countingbloom

import (
	"github.com/cespare/xxhash/v2"

	"kata/exercises/bloom"
)

// Filter is a counting Bloom filter of m 4-bit counters.
type Filter struct {
	c []uint64
	m uint64
	k uint
}

// New returns a filter of m counters and k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("countingbloom: m and k must be positive")
	}
	return &Filter{c: make([]uint64, (m+15)/16), m: m, k: k}
}

// NewWithEstimates sizes a filter for n keys at false-positive rate p, as the Bloom filter does.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := bloom.OptimalM(n, p)
	return New(m, bloom.OptimalK(m, n))
}

func (f *Filter) pos(key []byte, i uint64) uint64 {
	h := xxhash.Sum64(key)
	h2 := (h>>33 | h<<31) * 0xff51afd7ed558ccd
	return (h + i*(h2|1)) % f.m
}

func (f *Filter) get(p uint64) uint64 { return f.c[p/16] >> (p % 16 * 4) & 15 }

func (f *Filter) inc(p uint64) {
	if f.get(p) < 15 {
		f.c[p/16] += 1 << (p % 16 * 4)
	}
}

func (f *Filter) dec(p uint64) {
	if v := f.get(p); v > 0 && v < 15 {
		f.c[p/16] -= 1 << (p % 16 * 4)
	}
}

// Add adds 1 to each of the key's k counters.
func (f *Filter) Add(key []byte) {
	for i := uint64(0); i < uint64(f.k); i++ {
		f.inc(f.pos(key, i))
	}
}

// Remove subtracts 1 from each of the key's counters below 15; false if Test(key) is false.
func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	for i := uint64(0); i < uint64(f.k); i++ {
		f.dec(f.pos(key, i))
	}
	return true
}

// Test reports whether key may be present.
func (f *Filter) Test(key []byte) bool { return f.Count(key) > 0 }

// Count returns the smallest of the key's counters.
func (f *Filter) Count(key []byte) uint {
	min := uint64(15)
	for i := uint64(0); i < uint64(f.k); i++ {
		if v := f.get(f.pos(key, i)); v < min {
			min = v
		}
	}
	return uint(min)
}

// M returns m.
func (f *Filter) M() uint64 { return f.m }

// K returns k.
func (f *Filter) K() uint { return f.k }
