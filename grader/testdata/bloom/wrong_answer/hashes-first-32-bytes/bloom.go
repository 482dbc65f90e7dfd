// Package bloom is a Bloom filter whose two hashes come from hash/maphash with two random seeds
// chosen once per filter, but which hashes at most the first 32 bytes of a key, and its length,
// "for speed": long keys that share their first 32 bytes and their length get the same k
// positions.
package bloom

import (
	"hash/maphash"
	"math"
)

// Filter is a Bloom filter of m bits and k hash functions.
type Filter struct {
	words  []uint64
	m      uint64
	k      uint
	s1, s2 maphash.Seed
}

// New returns an empty filter of m bits using k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 {
		panic("bloom: m must be at least 1")
	}
	if k == 0 {
		panic("bloom: k must be at least 1")
	}
	return &Filter{
		words: make([]uint64, (m+63)/64),
		m:     m,
		k:     k,
		s1:    maphash.MakeSeed(),
		s2:    maphash.MakeSeed(),
	}
}

// NewWithEstimates returns a filter sized for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

func (f *Filter) pos(h1, h2 uint64, i uint) uint64 {
	return (h1 + uint64(i)*h2) % f.m
}

func (f *Filter) hashes(key []byte) (uint64, uint64) {
	n := len(key)
	if len(key) > 32 {
		key = key[:32]
	}
	h1 := maphash.Bytes(f.s1, key) ^ uint64(n)*0x9e3779b97f4a7c15
	h2 := maphash.Bytes(f.s2, key) ^ uint64(n)*0xc2b2ae3d27d4eb4f
	if h2%f.m == 0 {
		h2++
	}
	return h1, h2
}

// Add records key.
func (f *Filter) Add(key []byte) {
	h1, h2 := f.hashes(key)
	for i := uint(0); i < f.k; i++ {
		p := f.pos(h1, h2, i)
		f.words[p>>6] |= 1 << (p & 63)
	}
}

// Test reports whether key was possibly added.
func (f *Filter) Test(key []byte) bool {
	h1, h2 := f.hashes(key)
	for i := uint(0); i < f.k; i++ {
		p := f.pos(h1, h2, i)
		if f.words[p>>6]&(1<<(p&63)) == 0 {
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
	if p <= 0 || p >= 1 || math.IsNaN(p) {
		panic("bloom: p must be between 0 and 1")
	}
	m := math.Ceil(float64(n) * -math.Log(p) / math.Ln2 / math.Ln2)
	if m < 1 {
		return 1
	}
	return uint64(m)
}

// OptimalK returns the number of hash functions that minimises the false-positive rate.
func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: m must be at least 1")
	}
	if n == 0 {
		return 1
	}
	x := math.Ln2 * float64(m) / float64(n)
	floor := uint(x)
	if floor < 1 {
		floor = 1
	}
	ceil := uint(math.Ceil(x))
	if ceil < 1 {
		ceil = 1
	}
	if FalsePositiveRate(m, n, ceil) < FalsePositiveRate(m, n, floor) {
		return ceil
	}
	return floor
}

// FalsePositiveRate returns (1 - e^(-kn/m))^k.
func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom: m must be at least 1")
	}
	return math.Pow(1-math.Exp(-float64(k)*float64(n)/float64(m)), float64(k))
}
