// Package bloom is a correct double-hashing Bloom filter that also estimates how many keys it
// holds (Swamidass and Baldi: n ≈ -(m/k)·ln(1 - X/m), X the bits set). To keep X current, Add
// recounts the set bits over the whole array after every key instead of counting the bits it
// turns on. The answers are right, but Add costs O(m) instead of O(k); Test stays O(k).
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
	set   uint64 // bits set, recounted after every Add
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

// Add records key and recounts the bits set.
func (f *Filter) Add(key []byte) {
	h1, h2 := hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		f.words[p/64] |= 1 << (p % 64)
	}
	f.set = 0
	for _, w := range f.words {
		f.set += uint64(bits.OnesCount64(w))
	}
}

// Test reports whether key may have been added.
func (f *Filter) Test(key []byte) bool {
	h1, h2 := hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		if f.words[p/64]&(1<<(p%64)) == 0 {
			return false
		}
	}
	return true
}

// ApproximateCount estimates the number of distinct keys added from the bits set.
func (f *Filter) ApproximateCount() float64 {
	if f.set >= f.m {
		return math.Inf(1)
	}
	return -float64(f.m) / float64(f.k) * math.Log1p(-float64(f.set)/float64(f.m))
}

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
