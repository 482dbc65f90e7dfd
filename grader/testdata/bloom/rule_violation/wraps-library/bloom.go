// A Bloom filter that wraps a library's filter, with the sizing written out by hand.
package bloom

import (
	"math"

	"github.com/bits-and-blooms/bloom/v3"
)

// Filter wraps the library's filter.
type Filter struct {
	f    *bloom.BloomFilter
	m, k uint64
}

// New returns an empty filter of m bits and k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("bloom: m and k must be positive")
	}
	return &Filter{f: bloom.New(uint(m), k), m: m, k: uint64(k)}
}

// NewWithEstimates sizes a filter for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

// Add adds key.
func (f *Filter) Add(key []byte) { f.f.Add(key) }

// Test reports whether key may have been added.
func (f *Filter) Test(key []byte) bool { return f.f.Test(key) }

// M returns the number of bits.
func (f *Filter) M() uint64 { return f.m }

// K returns the number of hash functions.
func (f *Filter) K() uint { return uint(f.k) }

// OptimalM is the bits needed for n keys at rate p.
func OptimalM(n uint64, p float64) uint64 {
	if !(p > 0 && p < 1) {
		panic("bloom: p must be in (0, 1)")
	}
	return max(1, uint64(math.Ceil(-float64(n)*math.Log(p)/(math.Ln2*math.Ln2))))
}

// OptimalK is the best whole number of hash functions.
func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	if n == 0 {
		return 1
	}
	k := float64(m) / float64(n) * math.Ln2
	lo, hi := max(1, uint(math.Floor(k))), max(1, uint(math.Ceil(k)))
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
	return math.Pow(-math.Expm1(-float64(k)*float64(n)/float64(m)), float64(k))
}
