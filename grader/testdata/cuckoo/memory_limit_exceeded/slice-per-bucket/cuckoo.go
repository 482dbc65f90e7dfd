// Each bucket is a slice of its own, grown by append: a slice header of 24 bytes per bucket
// before any fingerprint, over 3 times the 8 bytes a bucket of four 16-bit slots needs.
package cuckoo

import "github.com/cespare/xxhash/v2"

type Filter struct {
	buckets [][]uint16
	count   uint64
	r       uint64
}

func New(capacity uint64) *Filter {
	b := 1
	for uint64(b)*4 < capacity {
		b *= 2
	}
	return &Filter{buckets: make([][]uint16, b), r: 99}
}

func (f *Filter) Buckets() uint64 { return uint64(len(f.buckets)) }
func (f *Filter) Count() uint64   { return f.count }

func (f *Filter) at(key []byte) (uint16, int) {
	h := xxhash.Sum64(key)
	fp := uint16(h >> 48)
	if fp == 0 {
		fp = 7
	}
	return fp, int(h & uint64(len(f.buckets)-1))
}

func (f *Filter) alt(i int, fp uint16) int {
	return (i ^ int(uint64(fp)*0x2545f4914f6cdd1d>>20)) & (len(f.buckets) - 1)
}

func (f *Filter) Insert(key []byte) bool {
	fp, i1 := f.at(key)
	for _, i := range []int{i1, f.alt(i1, fp)} {
		if len(f.buckets[i]) < 4 {
			f.buckets[i] = append(f.buckets[i], fp)
			f.count++
			return true
		}
	}
	type step struct{ i, j int }
	var done []step
	i := i1
	for range 500 {
		f.r = f.r*2862933555777941757 + 3037000493
		j := int(f.r >> 62)
		done = append(done, step{i, j})
		fp, f.buckets[i][j] = f.buckets[i][j], fp
		i = f.alt(i, fp)
		if len(f.buckets[i]) < 4 {
			f.buckets[i] = append(f.buckets[i], fp)
			f.count++
			return true
		}
	}
	for k := len(done) - 1; k >= 0; k-- {
		s := done[k]
		fp, f.buckets[s.i][s.j] = f.buckets[s.i][s.j], fp
	}
	return false
}

func (f *Filter) Lookup(key []byte) bool {
	fp, i1 := f.at(key)
	for _, i := range []int{i1, f.alt(i1, fp)} {
		for _, v := range f.buckets[i] {
			if v == fp {
				return true
			}
		}
	}
	return false
}

func (f *Filter) Delete(key []byte) bool {
	fp, i1 := f.at(key)
	for _, i := range []int{i1, f.alt(i1, fp)} {
		b := f.buckets[i]
		for j, v := range b {
			if v == fp {
				b[j] = b[len(b)-1]
				f.buckets[i] = b[:len(b)-1]
				f.count--
				return true
			}
		}
	}
	return false
}
