// A right filter written plainly: FNV-1a mixed by the splitmix64 finalizer, the package's
// random source for victims, and the evictions recorded in a slice kept by the filter so that
// a failed Insert can undo them.
package cuckoo

import "math/rand/v2"

type Filter struct {
	table    []uint16
	nbuckets uint64
	items    uint64
	undo     []uint64
}

func New(capacity uint64) *Filter {
	nb := uint64(1)
	for nb*4 < capacity {
		nb = nb * 2
	}
	return &Filter{table: make([]uint16, nb*4), nbuckets: nb}
}

func (f *Filter) Buckets() uint64 { return f.nbuckets }

func (f *Filter) Count() uint64 { return f.items }

func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

func hashKey(key []byte) uint64 {
	var h uint64 = 14695981039346656037
	for _, c := range key {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return mix(h)
}

// split gives the key's fingerprint (bits 40..55 of the hash) and first bucket (low bits).
func (f *Filter) split(key []byte) (uint16, uint64) {
	h := hashKey(key)
	fp := uint16(h >> 40)
	if fp == 0 {
		fp = 1
	}
	return fp, h % f.nbuckets
}

func (f *Filter) altBucket(b uint64, fp uint16) uint64 {
	return (b ^ mix(uint64(fp))) % f.nbuckets
}

func (f *Filter) tryPut(b uint64, fp uint16) bool {
	for k := b * 4; k < b*4+4; k++ {
		if f.table[k] == 0 {
			f.table[k] = fp
			return true
		}
	}
	return false
}

func (f *Filter) Insert(key []byte) bool {
	fp, b1 := f.split(key)
	b2 := f.altBucket(b1, fp)
	if f.tryPut(b1, fp) || f.tryPut(b2, fp) {
		f.items++
		return true
	}
	f.undo = f.undo[:0]
	b := b2
	for kick := 0; kick < 500; kick++ {
		k := b*4 + uint64(rand.IntN(4))
		f.undo = append(f.undo, k)
		f.table[k], fp = fp, f.table[k]
		b = f.altBucket(b, fp)
		if f.tryPut(b, fp) {
			f.items++
			return true
		}
	}
	for j := len(f.undo) - 1; j >= 0; j-- {
		k := f.undo[j]
		f.table[k], fp = fp, f.table[k]
	}
	return false
}

func (f *Filter) contains(b uint64, fp uint16) bool {
	for k := b * 4; k < b*4+4; k++ {
		if f.table[k] == fp {
			return true
		}
	}
	return false
}

func (f *Filter) Lookup(key []byte) bool {
	fp, b1 := f.split(key)
	return f.contains(b1, fp) || f.contains(f.altBucket(b1, fp), fp)
}

func (f *Filter) Delete(key []byte) bool {
	fp, b1 := f.split(key)
	for _, b := range []uint64{b1, f.altBucket(b1, fp)} {
		for k := b * 4; k < b*4+4; k++ {
			if f.table[k] == fp {
				f.table[k] = 0
				f.items--
				return true
			}
		}
	}
	return false
}
