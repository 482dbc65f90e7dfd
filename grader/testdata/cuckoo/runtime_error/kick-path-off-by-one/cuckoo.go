// Package cuckoo is a cuckoo filter (Fan et al., 2014): 16-bit fingerprints
// in B buckets of 4 slots, partial-key cuckoo hashing, at most 500 kicks.
// A failed Insert undoes its evictions, so it loses nothing.
package cuckoo

import (
	"math/bits"
	"math/rand/v2"

	"github.com/cespare/xxhash/v2"
)

const (
	slotsPerBucket = 4
	maxKicks       = 500
)

type bucket [slotsPerBucket]uint16

// Filter is a cuckoo filter of B buckets of 4 16-bit slots.
type Filter struct {
	buckets []bucket
	mask    uint64
	count   uint64
	rng     *rand.Rand
}

// New returns an empty filter of B buckets, B the smallest power of two at
// least ceil(capacity/4), and at least 1.
func New(capacity uint64) *Filter {
	need := capacity/slotsPerBucket + min(capacity%slotsPerBucket, 1)
	b := uint64(1)
	if need > 1 {
		b = uint64(1) << bits.Len64(need-1)
	}
	return &Filter{
		buckets: make([]bucket, b),
		mask:    b - 1,
		rng:     rand.New(rand.NewPCG(0x5eed, b)),
	}
}

func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// locate returns the key's fingerprint and first bucket.
func (f *Filter) locate(key []byte) (uint16, uint64) {
	h := xxhash.Sum64(key)
	fp := uint16(h >> 48) // top bits; the bucket comes from the low bits
	if fp == 0 {
		fp = 1
	}
	return fp, h & f.mask
}

// alt is the other bucket of a fingerprint stored in bucket i.
func (f *Filter) alt(i uint64, fp uint16) uint64 {
	return (i ^ mix(uint64(fp))) & f.mask
}

func (b *bucket) put(fp uint16) bool {
	for s := range b {
		if b[s] == 0 {
			b[s] = fp
			return true
		}
	}
	return false
}

func (b *bucket) has(fp uint16) bool {
	return b[0] == fp || b[1] == fp || b[2] == fp || b[3] == fp
}

func (b *bucket) del(fp uint16) bool {
	for s := range b {
		if b[s] == fp {
			b[s] = 0
			return true
		}
	}
	return false
}

// Insert stores one copy of the key's fingerprint; false if no room was found.
func (f *Filter) Insert(key []byte) bool {
	fp, i1 := f.locate(key)
	i2 := f.alt(i1, fp)
	if f.buckets[i1].put(fp) || f.buckets[i2].put(fp) {
		f.count++
		return true
	}

	var pathBucket [maxKicks]uint64
	var pathSlot [maxKicks]uint8

	i := i1
	if f.rng.IntN(2) == 1 {
		i = i2
	}
	cur := fp
	for n := 0; n <= maxKicks; n++ { // at most 500 kicks
		s := uint8(f.rng.IntN(slotsPerBucket))
		cur, f.buckets[i][s] = f.buckets[i][s], cur
		pathBucket[n], pathSlot[n] = i, s
		i = f.alt(i, cur)
		if f.buckets[i].put(cur) {
			f.count++
			return true
		}
	}
	// No room: swap everything back, last swap first. What comes out at the
	// end is the new key's own fingerprint, which is dropped.
	for n := maxKicks; n >= 0; n-- {
		b, s := pathBucket[n], pathSlot[n]
		cur, f.buckets[b][s] = f.buckets[b][s], cur
	}
	return false
}

// Lookup reports whether the key's fingerprint is in one of its two buckets.
func (f *Filter) Lookup(key []byte) bool {
	fp, i1 := f.locate(key)
	return f.buckets[i1].has(fp) || f.buckets[f.alt(i1, fp)].has(fp)
}

// Delete removes one copy of the key's fingerprint.
func (f *Filter) Delete(key []byte) bool {
	fp, i1 := f.locate(key)
	if f.buckets[i1].del(fp) || f.buckets[f.alt(i1, fp)].del(fp) {
		f.count--
		return true
	}
	return false
}

// Count returns successful Inserts minus successful Deletes.
func (f *Filter) Count() uint64 { return f.count }

// Buckets returns B.
func (f *Filter) Buckets() uint64 { return uint64(len(f.buckets)) }
