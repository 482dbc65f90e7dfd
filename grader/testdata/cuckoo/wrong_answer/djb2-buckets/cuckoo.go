// A filter whose first bucket comes from DJB2, the classic string hash (h = h·33 + byte), as a
// public cuckoo filter's does, and its fingerprint from xxhash: keys that differ only in their
// last bytes land in neighbouring buckets, so patterned keys crowd parts of the table and an
// Insert fails below 93% of the slots, while random keys fill it.
package cuckoo

import (
	"github.com/cespare/xxhash/v2"
)

const maxKicks = 500

type Filter struct {
	slots []uint16
	mask  uint64
	n     uint64
	seed  uint64
}

func New(capacity uint64) *Filter {
	want := capacity / 4
	if capacity%4 != 0 {
		want++
	}
	b := uint64(1)
	for b < want {
		b *= 2
	}
	return &Filter{slots: make([]uint16, 4*b), mask: b - 1, seed: 42}
}

func (f *Filter) Buckets() uint64 { return f.mask + 1 }

func (f *Filter) Count() uint64 { return f.n }

func (f *Filter) next() uint64 {
	f.seed += 0x9e3779b97f4a7c15
	z := f.seed
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (f *Filter) fingerprint(key []byte) (uint16, uint64) {
	fp := uint16(xxhash.Sum64(key) >> 48)
	if fp == 0 {
		fp = 1
	}
	return fp, djb2(key) & f.mask
}

// djb2 is Bernstein's string hash.
func djb2(key []byte) uint64 {
	h := uint64(5381)
	for _, b := range key {
		h = h*33 + uint64(b)
	}
	return h
}

func (f *Filter) other(i uint64, fp uint16) uint64 {
	return (i ^ xxhash.Sum64([]byte{byte(fp), byte(fp >> 8)})) & f.mask
}

func (f *Filter) place(i uint64, fp uint16) bool {
	for s := 4 * i; s < 4*i+4; s++ {
		if f.slots[s] == 0 {
			f.slots[s] = fp
			return true
		}
	}
	return false
}

func (f *Filter) find(i uint64, fp uint16) int {
	for s := 4 * i; s < 4*i+4; s++ {
		if f.slots[s] == fp {
			return int(s)
		}
	}
	return -1
}

func (f *Filter) Insert(key []byte) bool {
	fp, i1 := f.fingerprint(key)
	i2 := f.other(i1, fp)

	if f.place(i1, fp) || f.place(i2, fp) {
		f.n++
		return true
	}
	var trail [maxKicks]uint64
	i := i1
	if f.next()&1 == 0 {
		i = i2
	}
	for k := 0; k < maxKicks; k++ {
		s := 4*i + f.next()%4
		trail[k] = s
		fp, f.slots[s] = f.slots[s], fp
		i = f.other(i, fp)
		if f.place(i, fp) {
			f.n++
			return true
		}
	}
	for k := maxKicks - 1; k >= 0; k-- {
		fp, f.slots[trail[k]] = f.slots[trail[k]], fp
	}
	return false
}

func (f *Filter) Lookup(key []byte) bool {
	fp, i1 := f.fingerprint(key)
	return f.find(i1, fp) >= 0 || f.find(f.other(i1, fp), fp) >= 0
}

func (f *Filter) Delete(key []byte) bool {
	fp, i1 := f.fingerprint(key)
	s := f.find(i1, fp)
	if s < 0 {
		s = f.find(f.other(i1, fp), fp)
	}
	if s < 0 {
		return false
	}
	f.slots[s] = 0
	f.n--
	return true
}
