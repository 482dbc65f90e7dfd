// Add builds a fresh copy of the whole bit array and swaps it in: O(m) per Add.
package bloom

import (
	"math"

	"github.com/cespare/xxhash/v2"
)

// Filter is a Bloom filter of m bits and k hash functions.
type Filter struct {
	bits []uint64
	m    uint64
	k    uint
}

// New returns a filter of m bits and k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("bloom: m and k must be positive")
	}
	return &Filter{bits: make([]uint64, (m+63)/64), m: m, k: k}
}

// NewWithEstimates sizes a filter for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

func hashes(key []byte) (uint64, uint64) {
	h := xxhash.Sum64(key)
	h2 := h>>32 | h<<32
	h2 = h2*0x9E3779B97F4A7C15 | 1
	return h, h2
}

// Add inserts key.
func (f *Filter) Add(key []byte) {
	h1, h2 := hashes(key)
	next := make([]uint64, len(f.bits))
	copy(next, f.bits)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		next[p/64] |= 1 << (p % 64)
	}
	f.bits = next
}

// Test reports whether key may have been added.
func (f *Filter) Test(key []byte) bool {
	h1, h2 := hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		if f.bits[p/64]&(1<<(p%64)) == 0 {
			return false
		}
	}
	return true
}

// M returns the number of bits.
func (f *Filter) M() uint64 { return f.m }

// K returns the number of hash functions.
func (f *Filter) K() uint { return f.k }

// OptimalM returns the bits needed for n keys at rate p.
func OptimalM(n uint64, p float64) uint64 {
	if !(p > 0 && p < 1) {
		panic("bloom: p must be in (0, 1)")
	}
	m := math.Ceil(-float64(n) * math.Log(p) / (math.Ln2 * math.Ln2))
	if m < 1 {
		return 1
	}
	return uint64(m)
}

// OptimalK returns the k that minimises the false-positive rate.
func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	if n == 0 {
		return 1
	}
	x := float64(m) / float64(n) * math.Ln2
	lo, hi := uint(math.Floor(x)), uint(math.Ceil(x))
	if lo < 1 {
		return 1
	}
	if FalsePositiveRate(m, n, hi) < FalsePositiveRate(m, n, lo) {
		return hi
	}
	return lo
}

// FalsePositiveRate is (1 - e^(-kn/m))^k.
func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	return math.Pow(1-math.Exp(-float64(k)*float64(n)/float64(m)), float64(k))
}
