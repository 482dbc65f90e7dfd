// Package bloom is a Bloom filter that takes its two hashes from a SHA-256 digest of the key,
// with the bits in a []uint32 and the k positions computed into a reused array.
package bloom

import (
	"crypto/sha256"
	"encoding/binary"
	"math"
)

// Filter is a Bloom filter of m bits and k hash functions.
type Filter struct {
	bits []uint32
	m    uint64
	k    uint
}

// New returns an empty filter of m bits using k hash functions.
func New(m uint64, k uint) *Filter {
	switch {
	case m == 0:
		panic("bloom.New: m == 0")
	case k == 0:
		panic("bloom.New: k == 0")
	}
	return &Filter{bits: make([]uint32, (m+31)/32), m: m, k: k}
}

// NewWithEstimates returns a filter sized for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	k := OptimalK(m, n)
	return New(m, k)
}

// each calls visit with the word index and mask of each of key's k bits, until visit returns
// false.
func (f *Filter) each(key []byte, visit func(word uint64, mask uint32) bool) {
	d := sha256.Sum256(key)
	h1 := binary.LittleEndian.Uint64(d[0:8])
	h2 := binary.LittleEndian.Uint64(d[8:16])
	if h2%f.m == 0 {
		h2 = 1
	}
	g := h1 % f.m
	step := h2 % f.m
	for range f.k {
		if !visit(g/32, 1<<(g%32)) {
			return
		}
		g += step
		if g >= f.m {
			g -= f.m
		}
	}
}

// Add records key.
func (f *Filter) Add(key []byte) {
	f.each(key, func(w uint64, mask uint32) bool {
		f.bits[w] |= mask
		return true
	})
}

// Test reports whether key was possibly added.
func (f *Filter) Test(key []byte) bool {
	found := true
	f.each(key, func(w uint64, mask uint32) bool {
		found = f.bits[w]&mask != 0
		return found
	})
	return found
}

// M returns the number of bits.
func (f *Filter) M() uint64 { return f.m }

// K returns the number of hash functions.
func (f *Filter) K() uint { return f.k }

// OptimalM returns the bits needed for n keys at rate p.
func OptimalM(n uint64, p float64) uint64 {
	if math.IsNaN(p) || p <= 0 || p >= 1 {
		panic("bloom.OptimalM: p out of (0, 1)")
	}
	bits := float64(n) * math.Log(p) / (math.Ln2 * math.Ln2)
	if m := uint64(math.Ceil(-bits)); m > 0 {
		return m
	}
	return 1
}

// OptimalK returns the number of hash functions that minimises the false-positive rate.
func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom.OptimalK: m == 0")
	}
	if n == 0 {
		return 1
	}
	x := float64(m) * math.Ln2 / float64(n)
	k := uint(math.Floor(x))
	if k == 0 {
		return 1
	}
	if FalsePositiveRate(m, n, k+1) < FalsePositiveRate(m, n, k) && float64(k) != x {
		return k + 1
	}
	return k
}

// FalsePositiveRate returns (1 - e^(-kn/m))^k.
func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom.FalsePositiveRate: m == 0")
	}
	t := float64(k) * float64(n) / float64(m)
	return math.Exp(float64(k) * math.Log1p(-math.Exp(-t)))
}
