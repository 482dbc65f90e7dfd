// Package bloom is a Bloom filter over a byte slice, hashing each key once with 128-bit FNV-1a
// and cutting the sum into the two halves of double hashing, each through the splitmix64
// finalizer. Add does nothing for an empty key, and Test answers false for one, as a public
// filter does: an empty key added tests false.
package bloom

import (
	"encoding/binary"
	"hash/fnv"
	"math"
)

// Filter is a Bloom filter of m bits and k hash functions.
type Filter struct {
	bits []byte
	m    uint64
	k    uint
}

// New returns an empty filter of m bits using k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("bloom: New needs m > 0 and k > 0")
	}
	return &Filter{bits: make([]byte, (m+7)/8), m: m, k: k}
}

// NewWithEstimates returns a filter sized for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

// locations returns the k bit positions of key.
func (f *Filter) locations(key []byte) []uint64 {
	h := fnv.New128a()
	h.Write(key)
	var sum [16]byte
	h.Sum(sum[:0])
	a := mix(binary.BigEndian.Uint64(sum[:8]))
	b := mix(binary.BigEndian.Uint64(sum[8:])) | 1
	locs := make([]uint64, f.k)
	for i := range locs {
		locs[i] = (a + uint64(i)*b) % f.m
	}
	return locs
}

// mix is the splitmix64 finalizer.
func mix(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Add records key.
func (f *Filter) Add(key []byte) {
	if len(key) == 0 {
		return
	}
	for _, l := range f.locations(key) {
		f.bits[l/8] |= 1 << (l % 8)
	}
}

// Test reports whether key was possibly added.
func (f *Filter) Test(key []byte) bool {
	if len(key) == 0 {
		return false
	}
	for _, l := range f.locations(key) {
		if f.bits[l/8]&(1<<(l%8)) == 0 {
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
	if !(0 < p && p < 1) {
		panic("bloom: OptimalM needs 0 < p < 1")
	}
	return uint64(math.Max(1, math.Ceil(-float64(n)*math.Log(p)/math.Pow(math.Ln2, 2))))
}

// OptimalK returns the number of hash functions that minimises the false-positive rate.
func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: OptimalK needs m > 0")
	}
	if n == 0 {
		return 1
	}
	x := float64(m) / float64(n) * math.Log(2)
	best := uint(math.Max(1, math.Floor(x)))
	if up := uint(math.Max(1, math.Ceil(x))); FalsePositiveRate(m, n, up) < FalsePositiveRate(m, n, best) {
		best = up
	}
	return best
}

// FalsePositiveRate returns (1 - e^(-kn/m))^k.
func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom: FalsePositiveRate needs m > 0")
	}
	base := -math.Expm1(-float64(k) * float64(n) / float64(m))
	rate := 1.0
	for range k {
		rate *= base
	}
	return rate
}
