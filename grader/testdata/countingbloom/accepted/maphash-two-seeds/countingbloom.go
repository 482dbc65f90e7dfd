// Package countingbloom is a counting Bloom filter hashed with hash/maphash under two seeds chosen
// once per filter, its counters packed by hand into uint64 words.
package countingbloom

import "hash/maphash"

// Filter is a counting Bloom filter.
type Filter struct {
	counters []uint64
	m        uint64
	k        uint
	s1, s2   maphash.Seed
}

// New makes a filter of m counters and k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 {
		panic("m must be at least 1")
	}
	if k == 0 {
		panic("k must be at least 1")
	}
	return &Filter{
		counters: make([]uint64, (m+15)/16),
		m:        m, k: k,
		s1: maphash.MakeSeed(), s2: maphash.MakeSeed(),
	}
}

func (f *Filter) index(key []byte, i uint64) (word uint64, shift uint64) {
	h := maphash.Bytes(f.s1, key) + i*(maphash.Bytes(f.s2, key)|1)
	p := h % f.m
	return p >> 4, (p & 15) << 2
}

// Add counts the key in.
func (f *Filter) Add(key []byte) {
	a, b := maphash.Bytes(f.s1, key), maphash.Bytes(f.s2, key)|1
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (a + i*b) % f.m
		w, s := p>>4, (p&15)<<2
		if (f.counters[w]>>s)&0xF != 0xF {
			f.counters[w] += 1 << s
		}
	}
}

// Count is the smallest counter of the key.
func (f *Filter) Count(key []byte) uint {
	a, b := maphash.Bytes(f.s1, key), maphash.Bytes(f.s2, key)|1
	c := uint64(15)
	for i := uint64(0); i < uint64(f.k) && c > 0; i++ {
		p := (a + i*b) % f.m
		if v := (f.counters[p>>4] >> ((p & 15) << 2)) & 0xF; v < c {
			c = v
		}
	}
	return uint(c)
}

// Test reports whether the key may be present.
func (f *Filter) Test(key []byte) bool { return f.Count(key) > 0 }

// Remove counts the key out, if it may be present.
func (f *Filter) Remove(key []byte) bool {
	if f.Count(key) == 0 {
		return false
	}
	a, b := maphash.Bytes(f.s1, key), maphash.Bytes(f.s2, key)|1
	for i := uint64(0); i < uint64(f.k); i++ {
		p := (a + i*b) % f.m
		w, s := p>>4, (p&15)<<2
		if v := (f.counters[w] >> s) & 0xF; v != 0xF && v != 0 {
			f.counters[w] -= 1 << s
		}
	}
	return true
}

// M is the number of counters.
func (f *Filter) M() uint64 { return f.m }

// K is the number of hash functions.
func (f *Filter) K() uint { return f.k }
