// Package countingbloom computes a key's k positions once per call into a buffer the filter keeps,
// maps them to [0, m) by a multiply-shift, and hashes with CRC-64 finished by a mixer.
package countingbloom

import (
	"hash/crc64"
	"math/bits"
)

var table = crc64.MakeTable(crc64.ECMA)

// Filter is a counting Bloom filter.
type Filter struct {
	w   []uint64
	m   uint64
	k   uint
	pos []uint64 // scratch: the positions of the key being handled
}

// New creates a filter.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("countingbloom: New(0, _) or New(_, 0)")
	}
	return &Filter{w: make([]uint64, (m+15)/16), m: m, k: k, pos: make([]uint64, k)}
}

func finalize(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	return x ^ x>>33
}

func (f *Filter) fill(key []byte) []uint64 {
	h1 := finalize(crc64.Checksum(key, table) ^ uint64(len(key)))
	h2 := finalize(h1+0x9E3779B97F4A7C15) | 1
	for i := range f.pos {
		hi, _ := bits.Mul64(h1+uint64(i)*h2, f.m)
		f.pos[i] = hi
	}
	return f.pos
}

func (f *Filter) counter(p uint64) uint64 { return f.w[p>>4] >> ((p & 15) * 4) & 0xF }

// Add inserts the key.
func (f *Filter) Add(key []byte) {
	for _, p := range f.fill(key) {
		if f.counter(p) < 0xF {
			f.w[p>>4] += 1 << ((p & 15) * 4)
		}
	}
}

// Test checks the key.
func (f *Filter) Test(key []byte) bool {
	for _, p := range f.fill(key) {
		if f.counter(p) == 0 {
			return false
		}
	}
	return true
}

// Count is the key's smallest counter.
func (f *Filter) Count(key []byte) uint {
	least := uint64(0xF)
	for _, p := range f.fill(key) {
		least = min(least, f.counter(p))
	}
	return uint(least)
}

// Remove deletes one copy of the key, if it tests true.
func (f *Filter) Remove(key []byte) bool {
	ps := f.fill(key)
	for _, p := range ps {
		if f.counter(p) == 0 {
			return false
		}
	}
	for _, p := range ps {
		if c := f.counter(p); c > 0 && c < 0xF {
			f.w[p>>4] -= 1 << ((p & 15) * 4)
		}
	}
	return true
}

// M is m.
func (f *Filter) M() uint64 { return f.m }

// K is k.
func (f *Filter) K() uint { return f.k }
