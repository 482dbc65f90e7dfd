// Package countingbloom is a counting Bloom filter that puts a key's positions in an array of 16:
// New(m, k) with k above 16 panics (from a blind test, where the hint blamed positions past m and
// the size of the counters' words).
package countingbloom

import "github.com/cespare/xxhash/v2"

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

func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func (f *Filter) hashes(key []byte) (uint64, uint64) {
	h1 := xxhash.Sum64(key)
	h2 := mix(h1 ^ 0x9e3779b97f4a7c15)
	if h2%f.m == 0 {
		h2++
	}
	return h1, h2
}

// positions returns the key's k counter positions (k is at most 16 in practice).
func (f *Filter) positions(key []byte) ([16]uint64, int) {
	var pos [16]uint64
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		pos[i] = (h1 + i*h2) % f.m
	}
	return pos, int(f.k)
}

func (f *Filter) get(p uint64) uint64 {
	return (f.words[p/16] >> (4 * (p % 16))) & 0xF
}

func (f *Filter) inc(p uint64) {
	if f.get(p) < 15 {
		f.words[p/16] += 1 << (4 * (p % 16))
	}
}

func (f *Filter) dec(p uint64) {
	c := f.get(p)
	if c > 0 && c < 15 {
		f.words[p/16] -= 1 << (4 * (p % 16))
	}
}

// Add adds 1 to each of the key's k counters.
func (f *Filter) Add(key []byte) {
	pos, n := f.positions(key)
	for _, p := range pos[:n] {
		f.inc(p)
	}
}

// Remove subtracts 1 from the key's counters if it tests true.
func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	pos, n := f.positions(key)
	for _, p := range pos[:n] {
		f.dec(p)
	}
	return true
}

// Test reports whether all the key's counters are above 0.
func (f *Filter) Test(key []byte) bool {
	return f.Count(key) > 0
}

// Count returns the smallest of the key's counters.
func (f *Filter) Count(key []byte) uint {
	pos, n := f.positions(key)
	min := uint64(15)
	for _, p := range pos[:n] {
		if c := f.get(p); c < min {
			min = c
		}
	}
	return uint(min)
}

// M returns m.
func (f *Filter) M() uint64 { return f.m }

// K returns k.
func (f *Filter) K() uint { return f.k }
