// Package countingbloom keeps two 4-bit counters in each byte of a []byte, (m+1)/2 bytes in all,
// and takes its two hashes from the halves of FNV-128a, each mixed by the splitmix64 finalizer.
package countingbloom

import (
	"encoding/binary"
	"hash/fnv"
)

// Filter is a counting Bloom filter.
type Filter struct {
	nibbles []byte // counter i: low nibble of nibbles[i/2] if i is even, high nibble if odd
	m       uint64
	k       uint
}

// New returns an empty filter.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("countingbloom: need m > 0 and k > 0")
	}
	return &Filter{nibbles: make([]byte, (m+1)/2), m: m, k: k}
}

func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func hashes(key []byte) (uint64, uint64) {
	h := fnv.New128a()
	h.Write(key)
	var sum [16]byte
	h.Sum(sum[:0])
	return mix(binary.BigEndian.Uint64(sum[:8])), mix(binary.BigEndian.Uint64(sum[8:])) | 1
}

func (f *Filter) read(i uint64) byte {
	b := f.nibbles[i/2]
	if i%2 == 1 {
		return b >> 4
	}
	return b & 0x0F
}

func (f *Filter) write(i uint64, v byte) {
	if i%2 == 1 {
		f.nibbles[i/2] = f.nibbles[i/2]&0x0F | v<<4
	} else {
		f.nibbles[i/2] = f.nibbles[i/2]&0xF0 | v
	}
}

// Add adds the key.
func (f *Filter) Add(key []byte) {
	h1, h2 := hashes(key)
	for i := range uint64(f.k) {
		p := (h1 + i*h2) % f.m
		if v := f.read(p); v < 15 {
			f.write(p, v+1)
		}
	}
}

// Test reports whether the key may be in the filter.
func (f *Filter) Test(key []byte) bool {
	h1, h2 := hashes(key)
	for i := range uint64(f.k) {
		if f.read((h1+i*h2)%f.m) == 0 {
			return false
		}
	}
	return true
}

// Count returns the key's smallest counter.
func (f *Filter) Count(key []byte) uint {
	h1, h2 := hashes(key)
	c := byte(15)
	for i := range uint64(f.k) {
		c = min(c, f.read((h1+i*h2)%f.m))
	}
	return uint(c)
}

// Remove takes the key out once, if it tests true.
func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	h1, h2 := hashes(key)
	for i := range uint64(f.k) {
		p := (h1 + i*h2) % f.m
		if v := f.read(p); v > 0 && v < 15 {
			f.write(p, v-1)
		}
	}
	return true
}

// M returns m.
func (f *Filter) M() uint64 { return f.m }

// K returns k.
func (f *Filter) K() uint { return f.k }
