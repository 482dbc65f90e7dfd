// Package countingbloom is a counting Bloom filter whose k is a package-level variable that New
// sets: a second filter made with another k changes the first one's positions (from a blind
// test, where it was accepted: the two filters of random/two-at-once had the same k).
package countingbloom

import "github.com/cespare/xxhash/v2"

// Filter is a counting Bloom filter of m 4-bit counters and k hash functions.
type Filter struct {
	words []uint64
	m     uint64
}

// k is the number of hash functions.
var k uint

// New returns an empty filter of m counters using k hash functions.
func New(m uint64, kk uint) *Filter {
	if m == 0 || kk == 0 {
		panic("countingbloom: m and k must be positive")
	}
	k = kk
	return &Filter{words: make([]uint64, (m+15)/16), m: m}
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
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(k); i++ {
		f.inc((h1 + i*h2) % f.m)
	}
}

// Remove subtracts 1 from the key's counters if it tests true.
func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(k); i++ {
		f.dec((h1 + i*h2) % f.m)
	}
	return true
}

// Test reports whether all the key's counters are above 0.
func (f *Filter) Test(key []byte) bool {
	return f.Count(key) > 0
}

// Count returns the smallest of the key's counters.
func (f *Filter) Count(key []byte) uint {
	h1, h2 := f.hashes(key)
	min := uint64(15)
	for i := uint64(0); i < uint64(k); i++ {
		if c := f.get((h1 + i*h2) % f.m); c < min {
			min = c
		}
	}
	return uint(min)
}

// M returns m.
func (f *Filter) M() uint64 { return f.m }

// K returns k.
func (f *Filter) K() uint { return k }
