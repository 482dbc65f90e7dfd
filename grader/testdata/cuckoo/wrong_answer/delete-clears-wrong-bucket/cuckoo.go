// Package cuckoo: flat []uint16, fp = top 16 bits, undo log on failure.
package cuckoo

import (
	"math/rand/v2"

	"github.com/cespare/xxhash/v2"
)

const maxKicks = 500

type Filter struct {
	slots []uint16
	mask  uint64
	count uint64
	undo  []int32
}

func New(capacity uint64) *Filter {
	need := (capacity + 3) / 4
	b := uint64(1)
	for b < need {
		b <<= 1
	}
	return &Filter{slots: make([]uint16, 4*b), mask: b - 1}
}

func (f *Filter) altIndex(i uint64, fp uint16) uint64 {
	return (i ^ (uint64(fp) * 0x5bd1e995)) & f.mask
}

func (f *Filter) hash(key []byte) (uint16, uint64, uint64) {
	h := xxhash.Sum64(key)
	fp := uint16(h >> 48)
	if fp == 0 {
		fp = 1
	}
	i1 := h & f.mask
	return fp, i1, f.altIndex(i1, fp)
}

func (f *Filter) put(i uint64, fp uint16) bool {
	for j := i * 4; j < i*4+4; j++ {
		if f.slots[j] == 0 {
			f.slots[j] = fp
			return true
		}
	}
	return false
}

func (f *Filter) has(i uint64, fp uint16) bool {
	s := f.slots[i*4 : i*4+4]
	return s[0] == fp || s[1] == fp || s[2] == fp || s[3] == fp
}

func (f *Filter) Insert(key []byte) bool {
	fp, i1, i2 := f.hash(key)
	if f.put(i1, fp) || f.put(i2, fp) {
		f.count++
		return true
	}
	i := i1
	if rand.IntN(2) == 1 {
		i = i2
	}
	f.undo = f.undo[:0]
	for k := 0; k < maxKicks; k++ {
		pos := int32(i*4) + int32(rand.IntN(4))
		fp, f.slots[pos] = f.slots[pos], fp
		f.undo = append(f.undo, pos)
		i = f.altIndex(i, fp)
		if f.put(i, fp) {
			f.count++
			return true
		}
	}
	for k := len(f.undo) - 1; k >= 0; k-- {
		pos := f.undo[k]
		fp, f.slots[pos] = f.slots[pos], fp
	}
	return false
}

func (f *Filter) Lookup(key []byte) bool {
	fp, i1, i2 := f.hash(key)
	return f.has(i1, fp) || f.has(i2, fp)
}

func (f *Filter) Delete(key []byte) bool {
	fp, i1, i2 := f.hash(key)
	for _, i := range [2]uint64{i1, i2} {
		for j := i * 4; j < i*4+4; j++ {
			if f.slots[j] == fp {
				f.slots[i1*4+j%4] = 0
				f.count--
				return true
			}
		}
	}
	return false
}

func (f *Filter) Count() uint64   { return f.count }
func (f *Filter) Buckets() uint64 { return f.mask + 1 }
