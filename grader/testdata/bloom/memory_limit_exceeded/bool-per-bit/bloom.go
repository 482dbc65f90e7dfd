// Package bloom is a Bloom filter that keeps one bool per bit: eight times the memory allowed.
package bloom

import "math"

// Filter is a Bloom filter of m bits and k hash functions.
type Filter struct {
	bits []bool
	m    uint64
	k    uint
}

// New returns an empty filter of m bits using k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("bloom: m and k must be positive")
	}
	return &Filter{bits: make([]bool, m), m: m, k: k}
}

// NewWithEstimates returns a filter sized for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

// hash returns FNV-1a of key and a second hash mixed from it.
func hash(key []byte) (uint64, uint64) {
	h := uint64(14695981039346656037)
	for _, b := range key {
		h ^= uint64(b)
		h *= 1099511628211
	}
	g := h
	g = (g ^ g>>30) * 0xbf58476d1ce4e5b9
	g = (g ^ g>>27) * 0x94d049bb133111eb
	return h, g ^ g>>31
}

// Add records key.
func (f *Filter) Add(key []byte) {
	h1, h2 := hash(key)
	for i := range uint64(f.k) {
		p := (h1 + i*h2) % f.m
		f.bits[p] = true
	}
}

// Test reports whether key was possibly added.
func (f *Filter) Test(key []byte) bool {
	h1, h2 := hash(key)
	for i := range uint64(f.k) {
		p := (h1 + i*h2) % f.m
		if !f.bits[p] {
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
	return max(1, uint64(math.Ceil(-float64(n)*math.Log(p)/(math.Ln2*math.Ln2))))
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
	lo, hi := max(1, uint(math.Floor(x))), max(1, uint(math.Ceil(x)))
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
