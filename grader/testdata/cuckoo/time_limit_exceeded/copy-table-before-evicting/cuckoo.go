package cuckoo

import (
	"math/rand/v2"

	"github.com/cespare/xxhash/v2"
)

const (
	slotsPerBucket = 4
	maxKicks       = 500
)

// Filter is a cuckoo filter of B buckets of 4 16-bit slots.
type Filter struct {
	slots []uint16
	mask  uint64
	count uint64
	rng   *rand.PCG
}

// New returns a filter with room for about capacity keys.
func New(capacity uint64) *Filter {
	b := uint64(1)
	for b*slotsPerBucket < capacity {
		b <<= 1
	}
	return &Filter{slots: make([]uint16, b*slotsPerBucket), mask: b - 1, rng: rand.NewPCG(7, 11)}
}

func (f *Filter) index(key []byte) (fp uint16, i1 uint64) {
	h := xxhash.Sum64(key)
	fp = uint16(h >> 48)
	if fp == 0 {
		fp = 1
	}
	return fp, h & f.mask
}

func (f *Filter) alt(i uint64, fp uint16) uint64 {
	return (i ^ uint64(fp)*0x5bd1e995) & f.mask
}

func (f *Filter) put(i uint64, fp uint16) bool {
	b := f.slots[i*slotsPerBucket : i*slotsPerBucket+slotsPerBucket]
	for j, v := range b {
		if v == 0 {
			b[j] = fp
			return true
		}
	}
	return false
}

func (f *Filter) has(i uint64, fp uint16) bool {
	b := f.slots[i*slotsPerBucket : i*slotsPerBucket+slotsPerBucket]
	return b[0] == fp || b[1] == fp || b[2] == fp || b[3] == fp
}

func (f *Filter) remove(i uint64, fp uint16) bool {
	b := f.slots[i*slotsPerBucket : i*slotsPerBucket+slotsPerBucket]
	for j, v := range b {
		if v == fp {
			b[j] = 0
			return true
		}
	}
	return false
}

// Insert stores one copy of key's fingerprint; false if no room was found.
func (f *Filter) Insert(key []byte) bool {
	fp, i1 := f.index(key)
	i2 := f.alt(i1, fp)
	if f.put(i1, fp) || f.put(i2, fp) {
		f.count++
		return true
	}
	i := i1
	if f.rng.Uint64()&1 == 1 {
		i = i2
	}
	saved := append([]uint16(nil), f.slots...) // to undo the evictions if they fail
	for n := 0; n < maxKicks; n++ {
		s := uint32(i*slotsPerBucket + f.rng.Uint64()%slotsPerBucket)
		fp, f.slots[s] = f.slots[s], fp
		i = f.alt(i, fp)
		if f.put(i, fp) {
			f.count++
			return true
		}
	}
	copy(f.slots, saved)
	return false
}

// Lookup reports whether key may be present.
func (f *Filter) Lookup(key []byte) bool {
	fp, i1 := f.index(key)
	return f.has(i1, fp) || f.has(f.alt(i1, fp), fp)
}

// Delete removes one copy of key's fingerprint.
func (f *Filter) Delete(key []byte) bool {
	fp, i1 := f.index(key)
	if f.remove(i1, fp) || f.remove(f.alt(i1, fp), fp) {
		f.count--
		return true
	}
	return false
}

// Count is successful Inserts minus successful Deletes.
func (f *Filter) Count() uint64 { return f.count }

// Buckets returns B.
func (f *Filter) Buckets() uint64 { return f.mask + 1 }
