// Package cuckoo is a right cuckoo filter but for Delete, which looks for the fingerprint in the
// key's first bucket i1 only: a copy that sits in i2, or was evicted there, looks up true and
// cannot be deleted.
package cuckoo

import (
	"math/rand/v2"

	"github.com/cespare/xxhash/v2"
)

const (
	bucketLen = 4
	maxKicks  = 500
)

type Filter struct {
	slots []uint16
	nb    uint64
	n     uint64
	trail []int
}

func New(capacity uint64) *Filter {
	nb := uint64(1)
	for nb*bucketLen < capacity {
		nb <<= 1
	}
	return &Filter{slots: make([]uint16, nb*bucketLen), nb: nb}
}

func (f *Filter) Buckets() uint64 { return f.nb }
func (f *Filter) Count() uint64   { return f.n }

func (f *Filter) fingerprint(key []byte) (uint64, uint16) {
	h := xxhash.Sum64(key)
	fp := uint16(h >> 48)
	if fp == 0 {
		fp = 1
	}
	return h & (f.nb - 1), fp
}

func (f *Filter) alt(i uint64, fp uint16) uint64 {
	return (i ^ (uint64(fp) * 0x9e3779b97f4a7c15 >> 20)) & (f.nb - 1)
}

func (f *Filter) add(i uint64, fp uint16) bool {
	for s := i * bucketLen; s < i*bucketLen+bucketLen; s++ {
		if f.slots[s] == 0 {
			f.slots[s] = fp
			return true
		}
	}
	return false
}

func (f *Filter) contains(i uint64, fp uint16) bool {
	for s := i * bucketLen; s < i*bucketLen+bucketLen; s++ {
		if f.slots[s] == fp {
			return true
		}
	}
	return false
}

func (f *Filter) remove(i uint64, fp uint16) bool {
	for s := i * bucketLen; s < i*bucketLen+bucketLen; s++ {
		if f.slots[s] == fp {
			f.slots[s] = 0
			return true
		}
	}
	return false
}

func (f *Filter) Insert(key []byte) bool {
	i1, fp := f.fingerprint(key)
	i2 := f.alt(i1, fp)
	if f.add(i1, fp) || f.add(i2, fp) {
		f.n++
		return true
	}
	i := i1
	if rand.IntN(2) == 1 {
		i = i2
	}
	f.trail = f.trail[:0]
	for k := 0; k < maxKicks; k++ {
		s := int(i)*bucketLen + rand.IntN(bucketLen)
		f.trail = append(f.trail, s)
		fp, f.slots[s] = f.slots[s], fp
		i = f.alt(i, fp)
		if f.add(i, fp) {
			f.n++
			return true
		}
	}
	// UNDO
	for k := len(f.trail) - 1; k >= 0; k-- {
		s := f.trail[k]
		fp, f.slots[s] = f.slots[s], fp
	}
	return false
}

func (f *Filter) Lookup(key []byte) bool {
	i1, fp := f.fingerprint(key)
	return f.contains(i1, fp) || f.contains(f.alt(i1, fp), fp)
}

func (f *Filter) Delete(key []byte) bool {
	i1, fp := f.fingerprint(key)
	if f.remove(i1, fp) {
		f.n--
		return true
	}
	return false
}
