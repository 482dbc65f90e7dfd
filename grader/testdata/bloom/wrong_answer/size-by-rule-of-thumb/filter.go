// Package bloom sizes NewWithEstimates by the rule of thumb of 1.44·log2(1/p) bits per key,
// truncated, instead of calling its own OptimalM, which is right: NewWithEstimates(1000, 0.01)
// has 9567 bits instead of 9586.
package bloom

import "github.com/cespare/xxhash/v2"

type Filter struct {
	bits []uint64
	m    uint64
	k    uint
}

func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("bloom: m and k must be positive")
	}
	return &Filter{bits: make([]uint64, (m+63)/64), m: m, k: k}
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
		h2++
	}
	return h1, h2
}

func (f *Filter) Add(key []byte) {
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		f.bits[p>>6] |= 1 << (p & 63)
	}
}

func (f *Filter) Test(key []byte) bool {
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		if f.bits[p>>6]&(1<<(p&63)) == 0 {
			return false
		}
	}
	return true
}

func (f *Filter) M() uint64 { return f.m }
func (f *Filter) K() uint   { return f.k }
