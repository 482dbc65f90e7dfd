// Package bloom queues the keys Add is given without copying them and hashes them 32 at a time, or
// before a Test: a caller that reuses its buffer after Add returns gets false negatives, since
// the filter hashes whatever the buffer holds by then.
package bloom

import "github.com/cespare/xxhash/v2"

type Filter struct {
	bits    []uint64
	m       uint64
	k       uint
	pending [][]byte // keys not hashed yet, not copied
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
	f.pending = append(f.pending, key)
	if len(f.pending) == 32 {
		f.flush()
	}
}

func (f *Filter) flush() {
	for _, key := range f.pending {
		f.set(key)
	}
	f.pending = f.pending[:0]
}

func (f *Filter) set(key []byte) {
	h1, h2 := f.hashes(key)
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (h1 + i*h2) % f.m
		f.bits[p>>6] |= 1 << (p & 63)
	}
}

func (f *Filter) Test(key []byte) bool {
	f.flush()
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
