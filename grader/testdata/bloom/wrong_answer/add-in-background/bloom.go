// Package bloom sets a key's bits in a goroutine of their own, so that Add returns at once:
// a Test right after Add does not see the bits yet. Its positions and masks are right; the
// hint must not blame them.
package bloom

import (
	"math"
	"sync"
	"time"

	"github.com/cespare/xxhash/v2"
)

// Filter is a Bloom filter of m bits and k hash functions.
type Filter struct {
	bits []uint64
	m    uint64
	k    uint
	mu   sync.Mutex
}

// New returns an empty filter of m bits using k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 {
		panic("bloom: m must be positive")
	}
	if k == 0 {
		panic("bloom: k must be positive")
	}
	return &Filter{bits: make([]uint64, (m+63)/64), m: m, k: k}
}

// NewWithEstimates returns a filter sized for n keys at false-positive rate p.
func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

// position is the bit hash function i picks for key.
func (f *Filter) position(key []byte, i uint) uint64 {
	d := xxhash.NewWithSeed(uint64(i))
	d.Write(key)
	return d.Sum64() % f.m
}

// Add records key, a moment later.
func (f *Filter) Add(key []byte) {
	key = append([]byte(nil), key...)
	go func() {
		time.Sleep(time.Millisecond)
		f.mu.Lock()
		defer f.mu.Unlock()
		for i := uint(0); i < f.k; i++ {
			p := f.position(key, i)
			f.bits[p/64] |= 1 << (p % 64)
		}
	}()
}

// Test reports whether key may have been added.
func (f *Filter) Test(key []byte) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
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
