// A right filter that keeps the last evicted fingerprint aside when Insert gives up, as the
// paper's own code does, with buckets as arrays and math/rand/v2 choosing the victims.
package cuckoo

import (
	"math/rand/v2"

	"github.com/cespare/xxhash/v2"
)

type bucket [4]uint16

type Filter struct {
	buckets []bucket
	count   uint64
	rng     *rand.Rand
	// victim is a fingerprint no bucket had room for, in bucket victimAt or its alternate.
	victim   uint16
	victimAt uint64
}

func New(capacity uint64) *Filter {
	n := uint64(1)
	for n*4 < capacity {
		n *= 2
	}
	return &Filter{buckets: make([]bucket, n), rng: rand.New(rand.NewPCG(1, 2))}
}

func (f *Filter) Buckets() uint64 { return uint64(len(f.buckets)) }
func (f *Filter) Count() uint64   { return f.count }

func (f *Filter) index(h uint64) uint64 { return h & uint64(len(f.buckets)-1) }

func (f *Filter) keyOf(key []byte) (fp uint16, i1, i2 uint64) {
	h := xxhash.Sum64(key)
	fp = uint16(h>>32) | 0 // bits 32..47; the bucket takes the low bits
	if fp == 0 {
		fp = 0xffff
	}
	i1 = f.index(h)
	return fp, i1, f.alt(i1, fp)
}

func (f *Filter) alt(i uint64, fp uint16) uint64 {
	return f.index(i ^ (uint64(fp) * 0xc6a4a7935bd1e995 >> 17))
}

func (b *bucket) add(fp uint16) bool {
	for j, v := range b {
		if v == 0 {
			b[j] = fp
			return true
		}
	}
	return false
}

func (b *bucket) remove(fp uint16) bool {
	for j, v := range b {
		if v == fp {
			b[j] = 0
			return true
		}
	}
	return false
}

func (b *bucket) has(fp uint16) bool {
	return b[0] == fp || b[1] == fp || b[2] == fp || b[3] == fp
}

func (f *Filter) Insert(key []byte) bool {
	if f.victim != 0 {
		return false // the spare place is taken: no room until a Delete
	}
	fp, i1, i2 := f.keyOf(key)
	if f.buckets[i1].add(fp) || f.buckets[i2].add(fp) {
		f.count++
		return true
	}
	i := i1
	if f.rng.IntN(2) == 1 {
		i = i2
	}
	for range 500 {
		j := f.rng.IntN(4)
		fp, f.buckets[i][j] = f.buckets[i][j], fp
		i = f.alt(i, fp)
		if f.buckets[i].add(fp) {
			f.count++
			return true
		}
	}
	// fp belongs to a key inserted before: keep it, and the new key's fingerprint stays in.
	f.victim, f.victimAt = fp, i
	return false
}

func (f *Filter) victimFor(fp uint16, i1, i2 uint64) bool {
	return f.victim != 0 && f.victim == fp && (f.victimAt == i1 || f.victimAt == i2)
}

func (f *Filter) Lookup(key []byte) bool {
	fp, i1, i2 := f.keyOf(key)
	return f.buckets[i1].has(fp) || f.buckets[i2].has(fp) || f.victimFor(fp, i1, i2)
}

func (f *Filter) Delete(key []byte) bool {
	fp, i1, i2 := f.keyOf(key)
	switch {
	case f.buckets[i1].remove(fp), f.buckets[i2].remove(fp):
	case f.victimFor(fp, i1, i2):
		f.victim = 0
		f.count--
		return true
	default:
		return false
	}
	f.count--
	if f.victim != 0 {
		// A slot is free now: try to put the spare fingerprint back.
		v, at := f.victim, f.victimAt
		if f.buckets[at].add(v) || f.buckets[f.alt(at, v)].add(v) {
			f.victim = 0
		}
	}
	return true
}
