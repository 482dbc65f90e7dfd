// Package bloom is a Bloom filter with k independent xxhash hashes, whose sizing formulas are
// the contract's written another way: OptimalM takes n·ln(1/p) over math.Pow(math.Log(2), 2).
// Near p = 1, 1/p is rounded and ln(1/p) differs from −ln p by far more than the formula's
// usual rounding, so that its ceiling can be one more than the reference's: still right.
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
	d    *xxhash.Digest // reused for each of the k seeded hashes
}

// New returns an empty filter of m bits using k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	if k == 0 {
		panic("bloom: k must be positive")
	}
	return &Filter{bits: make([]uint64, (m+63)/64), m: m, k: k, d: xxhash.New()}
}

// NewWithEstimates returns a filter sized for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

// position is the bit hash function i picks for key.
func (f *Filter) position(key []byte, i uint) uint64 {
	f.d.ResetWithSeed(uint64(i))
	f.d.Write(key)
	return f.d.Sum64() % f.m
}

// Add records key.
func (f *Filter) Add(key []byte) {
	for i := uint(0); i < f.k; i++ {
		p := f.position(key, i)
		f.bits[p/64] |= 1 << (p % 64)
	}
}

// Test reports whether key may have been added.
func (f *Filter) Test(key []byte) bool {
	for i := uint(0); i < f.k; i++ {
		p := f.position(key, i)
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

// OptimalM returns the bits needed for n keys at false-positive rate p.
func OptimalM(n uint64, p float64) uint64 {
	if !(p > 0 && p < 1) {
		panic("bloom: p must be between 0 and 1")
	}
	m := math.Ceil(float64(n) * math.Log(1/p) / math.Pow(math.Log(2), 2))
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
	x := float64(m) * math.Log(2) / float64(n)
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
