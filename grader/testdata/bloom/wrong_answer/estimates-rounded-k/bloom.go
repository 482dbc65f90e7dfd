// Package bloom is a Bloom filter with double hashing whose NewWithEstimates takes k as
// round((m/n)·ln 2) instead of calling OptimalK(m, n). The two agree at most sizes, the example's
// (1000, 0.01) among them; where (m/n)·ln 2 is a little below a half, OptimalK's comparison of
// the rates of its two neighbours takes the ceiling and the rounding the floor: about 1.3% of
// random (n, p), such as (100, 0.358), where m = 214 and K() is 1 instead of 2.
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

// New returns an empty filter of m bits using k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("bloom: m and k must be positive")
	}
	return &Filter{bits: make([]uint64, (m+63)/64), m: m, k: k}
}

// NewWithEstimates returns a filter sized for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	k := uint(1)
	if n > 0 {
		k = uint(math.Round(float64(m) / float64(n) * math.Ln2))
		if k < 1 {
			k = 1
		}
	}
	return New(m, k)
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
	h2 := mix(h1 + 0x9e3779b97f4a7c15)
	if h2%f.m == 0 {
		h2 = 1
	}
	return h1, h2
}

// Add records key.
func (f *Filter) Add(key []byte) {
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		f.bits[p/64] |= 1 << (p % 64)
	}
}

// Test reports whether key was possibly added.
func (f *Filter) Test(key []byte) bool {
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		if f.bits[p/64]&(1<<(p%64)) == 0 {
			return false
		}
	}
	return true
}

// M returns m.
func (f *Filter) M() uint64 { return f.m }

// K returns k.
func (f *Filter) K() uint { return f.k }

// OptimalM returns ceil(-n ln p / (ln 2)^2), at least 1.
func OptimalM(n uint64, p float64) uint64 {
	if !(p > 0 && p < 1) {
		panic("bloom: p must be in (0, 1)")
	}
	m := uint64(math.Ceil(-float64(n) * math.Log(p) / (math.Ln2 * math.Ln2)))
	if m < 1 {
		m = 1
	}
	return m
}

// OptimalK returns the k >= 1 minimising FalsePositiveRate(m, n, k).
func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	if n == 0 {
		return 1
	}
	x := float64(m) / float64(n) * math.Ln2
	lo := math.Floor(x)
	if lo < 1 {
		lo = 1
	}
	hi := math.Ceil(x)
	if hi < 1 {
		hi = 1
	}
	kl, kh := uint(lo), uint(hi)
	if FalsePositiveRate(m, n, kh) < FalsePositiveRate(m, n, kl) {
		return kh
	}
	return kl
}

// FalsePositiveRate returns (1 - e^(-kn/m))^k.
func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	return math.Pow(1-math.Exp(-float64(k)*float64(n)/float64(m)), float64(k))
}
