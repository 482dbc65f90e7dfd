// Package bloom is a right Bloom filter that keeps a byte beside each 64-bit word, counting its
// set bits: m/8 + m/64 bytes, an eighth over the bound of m/8 bytes and a small constant. The
// extra bytes grow with m, so no constant allowance covers them in a large filter.
//
// A Bloom filter is an array of m bits and k hash functions. Add sets the k
// bits the key hashes to; Test reports whether all k are set. A key that was
// added always passes, and a key that was not passes only if other keys
// happened to set all k of its bits: after n keys a bit is still clear with
// probability (1 - 1/m)^(kn) ~ e^(-kn/m), so the false-positive rate is about
// (1 - e^(-kn/m))^k. The filter stores no keys, only the bits.
package bloom

import (
	"math"
	"math/bits"

	"github.com/cespare/xxhash/v2"
)

// Filter is a Bloom filter of m bits and k hash positions per key.
type Filter struct {
	bits []uint64 // bit i is bits[i/64] >> (i%64) & 1
	pop  []uint8  // set bits in each word
	m    uint64
	k    uint
}

// New returns an empty filter of m bits with k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 {
		panic("bloom: New with m == 0 bits")
	}
	if k == 0 {
		panic("bloom: New with k == 0 hash functions")
	}
	words := m / 64
	if m%64 != 0 {
		words++
	}
	return &Filter{bits: make([]uint64, words), pop: make([]uint8, words), m: m, k: k}
}

// NewWithEstimates returns a filter sized for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

// M is the number of bits, as given to New.
func (f *Filter) M() uint64 { return f.m }

// K is the number of hash positions per key, as given to New.
func (f *Filter) K() uint { return f.k }

// The k positions come from one 64-bit hash by double hashing (Kirsch and
// Mitzenmacher): g_i = h1 + i*h2 for i = 0..k-1 behaves, for a Bloom filter,
// like k independent hashes. h2 is h1 through a mixer (the splitmix64
// finalizer), made odd so that the g_i never repeat. Each g_i is mapped to
// [0, m) by taking the high word of g_i * m, which is as uniform as g_i mod m
// and much cheaper than a division.

func hashes(key []byte) (h1, h2 uint64) {
	h1 = xxhash.Sum64(key)
	h2 = h1
	h2 ^= h2 >> 30
	h2 *= 0xbf58476d1ce4e5b9
	h2 ^= h2 >> 27
	h2 *= 0x94d049bb133111eb
	h2 ^= h2 >> 31
	return h1, h2 | 1
}

func (f *Filter) position(g uint64) uint64 {
	hi, _ := bits.Mul64(g, f.m)
	return hi
}

// Add sets the key's k bits.
func (f *Filter) Add(key []byte) {
	g, step := hashes(key)
	for range f.k {
		i := f.position(g)
		if f.bits[i/64]&(1<<(i%64)) == 0 {
			f.pop[i/64]++
		}
		f.bits[i/64] |= 1 << (i % 64)
		g += step
	}
}

// Test reports whether all the key's k bits are set: false means never added.
func (f *Filter) Test(key []byte) bool {
	g, step := hashes(key)
	for range f.k {
		i := f.position(g)
		if f.bits[i/64]&(1<<(i%64)) == 0 {
			return false
		}
		g += step
	}
	return true
}

// OptimalM is the number of bits for n keys at false-positive rate p:
// ceil(-n ln p / (ln 2)^2), at least 1. At the best k this makes
// (1 - e^(-kn/m))^k = p. It panics unless 0 < p < 1, and saturates at the
// largest uint64 for sizes beyond it.
func OptimalM(n uint64, p float64) uint64 {
	if !(p > 0 && p < 1) { // also catches NaN
		panic("bloom: OptimalM needs a false-positive rate 0 < p < 1")
	}
	m := math.Ceil(-float64(n) * math.Log(p) / (math.Ln2 * math.Ln2))
	switch {
	case m < 1:
		return 1
	case m >= math.MaxUint64: // 2^64 as a float64
		return math.MaxUint64
	}
	return uint64(m)
}

// OptimalK is the number of hash functions k >= 1 that minimises the
// false-positive rate of m bits holding n keys. The real minimum is at
// k = (m/n) ln 2; the rate is convex in k, so the best whole number is the
// floor or the ceiling of it, whichever gives the lower rate (the floor on a
// tie). It is 1 when n == 0, and panics if m == 0.
func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: OptimalK with m == 0 bits")
	}
	if n == 0 {
		return 1
	}
	x := float64(m) / float64(n) * math.Ln2
	lo := max(uint(math.Floor(x)), 1)
	hi := max(uint(math.Ceil(x)), 1)
	if FalsePositiveRate(m, n, hi) < FalsePositiveRate(m, n, lo) {
		return hi
	}
	return lo
}

// FalsePositiveRate is (1 - e^(-kn/m))^k, the false-positive rate of m bits
// holding n keys with k hash functions. 1 - e^(-t) is computed as
// -expm1(-t), which stays accurate when t is tiny (m much larger than kn),
// where the plain formula would lose every digit. It panics if m == 0.
func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom: FalsePositiveRate with m == 0 bits")
	}
	t := float64(k) * float64(n) / float64(m)
	return math.Pow(-math.Expm1(-t), float64(k))
}
