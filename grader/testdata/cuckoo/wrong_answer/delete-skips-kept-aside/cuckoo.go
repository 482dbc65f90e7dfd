// Package cuckoo is a right cuckoo filter that keeps the fingerprint in hand aside when an Insert
// fails, but only Lookup reads it there, not Delete: that key looks up true and cannot be deleted
// until a Delete of another key makes room and the fingerprint goes back into the table.
package cuckoo

import "github.com/cespare/xxhash/v2"

const maxKicks = 500

type Filter struct {
	buckets [][4]uint16
	mask    uint64
	count   uint64
	rng     uint64

	// the last evicted fingerprint when an Insert gave up, and one of its buckets
	spare    uint16
	spareIdx uint64
	hasSpare bool
}

func New(capacity uint64) *Filter {
	n := uint64(1)
	for n*4 < capacity {
		n <<= 1
	}
	return &Filter{buckets: make([][4]uint16, n), mask: n - 1, rng: 0x2545f4914f6cdd1d}
}

func (f *Filter) Buckets() uint64 { return f.mask + 1 }
func (f *Filter) Count() uint64   { return f.count }

func (f *Filter) random() uint64 {
	f.rng ^= f.rng << 7
	f.rng ^= f.rng >> 9
	return f.rng
}

func (f *Filter) hash(key []byte) (uint64, uint16) {
	h := xxhash.Sum64(key)
	fp := uint16(h >> 48)
	if fp == 0 {
		fp++
	}
	return h & f.mask, fp
}

func (f *Filter) other(i uint64, fp uint16) uint64 {
	var b [2]byte
	b[0], b[1] = byte(fp), byte(fp>>8)
	return (i ^ xxhash.Sum64(b[:])) & f.mask
}

func (f *Filter) put(i uint64, fp uint16) bool {
	b := &f.buckets[i]
	for s := range b {
		if b[s] == 0 {
			b[s] = fp
			return true
		}
	}
	return false
}

func (f *Filter) spareMatches(i1, i2 uint64, fp uint16) bool {
	return f.hasSpare && f.spare == fp && (f.spareIdx == i1 || f.spareIdx == i2)
}

func (f *Filter) Insert(key []byte) bool {
	if f.hasSpare {
		return false // no room until a Delete frees a slot
	}
	i1, fp := f.hash(key)
	i2 := f.other(i1, fp)
	if f.put(i1, fp) || f.put(i2, fp) {
		f.count++
		return true
	}
	if f.kick(i1, i2, fp) {
		f.count++
		return true
	}
	return false
}

func (f *Filter) kick(i1, i2 uint64, fp uint16) bool {
	i := i1
	if f.random()&1 == 1 {
		i = i2
	}
	for range maxKicks {
		s := f.random() % 4
		fp, f.buckets[i][s] = f.buckets[i][s], fp
		i = f.other(i, fp)
		if f.put(i, fp) {
			return true
		}
	}
	f.spare, f.spareIdx, f.hasSpare = fp, i, true
	return false
}

func (f *Filter) Lookup(key []byte) bool {
	i1, fp := f.hash(key)
	i2 := f.other(i1, fp)
	for s := 0; s < 4; s++ {
		if f.buckets[i1][s] == fp || f.buckets[i2][s] == fp {
			return true
		}
	}
	return f.spareMatches(i1, i2, fp)
}

func (f *Filter) Delete(key []byte) bool {
	i1, fp := f.hash(key)
	i2 := f.other(i1, fp)
	for _, i := range [2]uint64{i1, i2} {
		for s := 0; s < 4; s++ {
			if f.buckets[i][s] == fp {
				f.buckets[i][s] = 0
				f.count--
				f.reinsertSpare()
				return true
			}
		}
	}
	return false
}

// reinsertSpare gives the spare fingerprint another chance once a slot is free.
func (f *Filter) reinsertSpare() {
	if !f.hasSpare {
		return
	}
	f.hasSpare = false
	i := f.spareIdx
	if !f.put(i, f.spare) && !f.put(f.other(i, f.spare), f.spare) {
		f.kick(i, f.other(i, f.spare), f.spare)
	}
}
