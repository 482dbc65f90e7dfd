// Package countingbloom keeps 16 counters to a uint64 and takes the k positions from the two
// 32-bit halves of one FNV-1 hash, lower + i·upper, as a well-known Go library does. Keys that
// differ only in their last bytes share most of the upper half, so their positions move
// together: on big-endian integer keys the false-positive rate is half as high again as the
// formula's, and on other patterned keys it swings below it.
package countingbloom

import "hash/fnv"

// Filter is a counting Bloom filter of m 4-bit counters and k hash functions.
type Filter struct {
	words []uint64
	m     uint64
	k     uint
}

// New returns an empty filter of m counters using k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("countingbloom: m and k must be positive")
	}
	return &Filter{words: make([]uint64, (m+15)/16), m: m, k: k}
}

// positions returns the key's k counters: lower + i·upper of the FNV-1 hash's halves.
func (f *Filter) positions(key []byte) []uint64 {
	h := fnv.New64()
	h.Write(key)
	sum := h.Sum64()
	lower, upper := sum&0xffffffff, sum>>32
	out := make([]uint64, f.k)
	for i := range out {
		out[i] = (lower + uint64(i)*upper) % f.m
	}
	return out
}

func (f *Filter) get(i uint64) uint64 { return f.words[i/16] >> (4 * (i % 16)) & 15 }

func (f *Filter) set(i, v uint64) {
	s := 4 * (i % 16)
	f.words[i/16] = f.words[i/16]&^(15<<s) | v<<s
}

// Add adds 1 to each of the key's counters below 15.
func (f *Filter) Add(key []byte) {
	for _, p := range f.positions(key) {
		if c := f.get(p); c < 15 {
			f.set(p, c+1)
		}
	}
}

// Test reports whether all the key's counters are above 0.
func (f *Filter) Test(key []byte) bool {
	for _, p := range f.positions(key) {
		if f.get(p) == 0 {
			return false
		}
	}
	return true
}

// Count returns the smallest of the key's counters.
func (f *Filter) Count(key []byte) uint {
	least := uint64(15)
	for _, p := range f.positions(key) {
		least = min(least, f.get(p))
	}
	return uint(least)
}

// Remove subtracts 1 from the key's counters below 15, if the key tests true.
func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	for _, p := range f.positions(key) {
		if c := f.get(p); c < 15 {
			f.set(p, c-1)
		}
	}
	return true
}

// M returns the number of counters.
func (f *Filter) M() uint64 { return f.m }

// K returns the number of hash functions.
func (f *Filter) K() uint { return f.k }
