// Package bloom is a correct double-hashing Bloom filter whose Test also keeps a fill ratio up
// to date: before answering, it counts the set bits of the whole array to record the fraction
// set (and warn, through Saturated, when the false-positive rate is degrading). The answers are
// right, but that count reads all m bits on every call, so Test costs O(m) instead of O(k); Add
// stays O(k).
package bloom

import (
	"math"
	"math/bits"

	"github.com/cespare/xxhash/v2"
)

// Filter is a Bloom filter of m bits and k hash functions.
type Filter struct {
	words []uint64
	m     uint64
	k     uint
	fill  float64 // fraction of the bits set, as of the last Test
}

// New returns an empty filter of m bits using k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("bloom: m and k must be positive")
	}
	return &Filter{words: make([]uint64, (m+63)/64), m: m, k: k}
}

// NewWithEstimates returns a filter sized for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

// hashes returns the two hashes of double hashing: xxhash of the key, and a mix of it (odd, so
// that the k positions differ).
func hashes(key []byte) (uint64, uint64) {
	h1 := xxhash.Sum64(key)
	h2 := h1 * 0x9E3779B97F4A7C15
	h2 ^= h2 >> 29
	return h1, h2 | 1
}

// Add records key.
func (f *Filter) Add(key []byte) {
	h1, h2 := hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		f.words[p/64] |= 1 << (p % 64)
	}
}

// Test reports whether key may have been added, and updates the fill ratio.
func (f *Filter) Test(key []byte) bool {
	set := 0
	for _, w := range f.words {
		set += bits.OnesCount64(w)
	}
	f.fill = float64(set) / float64(f.m)
	h1, h2 := hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		if f.words[p/64]&(1<<(p%64)) == 0 {
			return false
		}
	}
	return true
}

// Saturated reports whether more than half the bits were set at the last Test: beyond that the
// false-positive rate climbs fast.
func (f *Filter) Saturated() bool { return f.fill > 0.5 }

// M returns the number of bits.
func (f *Filter) M() uint64 { return f.m }

// K returns the number of hash functions.
func (f *Filter) K() uint { return f.k }

// OptimalM returns the bits needed for n keys at false-positive rate p.
func OptimalM(n uint64, p float64) uint64 {
	if !(p > 0 && p < 1) {
		panic("bloom: p must be between 0 and 1")
	}
	m := math.Ceil(-float64(n) * math.Log(p) / (math.Ln2 * math.Ln2))
	if m < 1 {
		return 1
	}
	return uint64(m)
}

// OptimalK returns the number of hash functions that minimises the false-positive rate.
func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	if n == 0 {
		return 1
	}
	x := float64(m) / float64(n) * math.Ln2
	lo := uint(math.Max(1, math.Floor(x)))
	hi := uint(math.Max(1, math.Ceil(x)))
	if FalsePositiveRate(m, n, hi) < FalsePositiveRate(m, n, lo) {
		return hi
	}
	return lo
}

// FalsePositiveRate returns (1 - e^(-kn/m))^k.
func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	return math.Pow(1-math.Exp(-float64(k)*float64(n)/float64(m)), float64(k))
}
