// Package cuckoo is a cuckoo filter whose Insert stores the fingerprint from a
// goroutine a moment after it returns.
package cuckoo

import (
	"sync"
	"time"

	"github.com/cespare/xxhash/v2"
)

// SlotsPerBucket is the number of fingerprints a bucket holds.
const SlotsPerBucket = 4

// MaxKicks is how many fingerprints an Insert evicts before it gives up.
const MaxKicks = 500

// Filter is a cuckoo filter of B buckets of 4 16-bit slots.
type Filter struct {
	slots []uint16 // bucket i is slots[4i : 4i+4]; 0 is an empty slot
	mask  uint64   // B - 1, B a power of two
	count uint64   // successful Inserts minus successful Deletes
	rng   uint64   // xorshift state for choosing victims
	path  []uint64 // the slots an eviction wrote, to undo it: MaxKicks at most
	mu    sync.Mutex
}

// New returns an empty filter of B buckets, B the smallest power of two at least
// ceil(capacity/4), and at least 1.
func New(capacity uint64) *Filter {
	need := capacity / SlotsPerBucket
	if capacity%SlotsPerBucket != 0 {
		need++
	}
	b := uint64(1)
	for b < need {
		b <<= 1
	}
	return &Filter{slots: make([]uint16, b*SlotsPerBucket), mask: b - 1, rng: 0x9e3779b97f4a7c15}
}

// Buckets returns B.
func (f *Filter) Buckets() uint64 { return f.mask + 1 }

// Count returns the successful Inserts minus the successful Deletes.
func (f *Filter) Count() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.count
}

// locate returns the key's fingerprint and its first bucket.
func (f *Filter) locate(key []byte) (fp uint16, i1 uint64) {
	h := xxhash.Sum64(key)
	fp = uint16(h >> 48)
	if fp == 0 {
		fp = 1
	}
	return fp, h & f.mask
}

// alt returns the other bucket of fingerprint fp stored in bucket i. fp is spread over 64 bits
// by a multiplication (odd, so distinct fingerprints give distinct products) and the high half
// is kept, where every bit of fp has reached.
func (f *Filter) alt(i uint64, fp uint16) uint64 {
	return (i ^ (uint64(fp)*0x9e3779b97f4a7c15)>>32) & f.mask
}

// bucket returns bucket i's slots.
func (f *Filter) bucket(i uint64) []uint16 {
	return f.slots[i*SlotsPerBucket : i*SlotsPerBucket+SlotsPerBucket : i*SlotsPerBucket+SlotsPerBucket]
}

// put stores fp in a free slot of bucket i, and reports whether there was one.
func (f *Filter) put(i uint64, fp uint16) bool {
	b := f.bucket(i)
	for s := range b {
		if b[s] == 0 {
			b[s] = fp
			return true
		}
	}
	return false
}

// has reports whether bucket i holds fp.
func (f *Filter) has(i uint64, fp uint16) bool {
	b := f.bucket(i)
	return b[0] == fp || b[1] == fp || b[2] == fp || b[3] == fp
}

// remove clears one slot of bucket i holding fp, and reports whether there was one.
func (f *Filter) remove(i uint64, fp uint16) bool {
	b := f.bucket(i)
	for s := range b {
		if b[s] == fp {
			b[s] = 0
			return true
		}
	}
	return false
}

// random returns the next number of the filter's xorshift generator.
func (f *Filter) random() uint64 {
	f.rng ^= f.rng << 13
	f.rng ^= f.rng >> 7
	f.rng ^= f.rng << 17
	return f.rng
}

// Insert stores one copy of the key's fingerprint, and returns false if no room was found, in
// which case the filter is left as it was.
func (f *Filter) Insert(key []byte) bool {
	fp, i1 := f.locate(key)
	go func() {
		time.Sleep(time.Millisecond)
		f.mu.Lock()
		defer f.mu.Unlock()
		f.insert(fp, i1)
	}()
	return true
}

// insert stores the fingerprint fp of the key whose first bucket is i1.
func (f *Filter) insert(fp uint16, i1 uint64) bool {
	i2 := f.alt(i1, fp)
	if f.put(i1, fp) || f.put(i2, fp) {
		f.count++
		return true
	}
	if f.evict(fp, i1, i2) {
		f.count++
		return true
	}
	return false
}

// evict places fp, whose buckets i1 and i2 are both full, by cuckoo eviction: it swaps fp with
// a random fingerprint of one of the buckets and carries the evicted one to its other bucket,
// up to MaxKicks times. If none finds a free slot, it undoes the swaps and returns false.
func (f *Filter) evict(fp uint16, i1, i2 uint64) bool {
	path := f.path[:0] // the slot written at each kick, kept for the next eviction
	i := i1
	if f.random()&1 == 1 {
		i = i2
	}
	for range MaxKicks {
		slot := i*SlotsPerBucket + f.random()%SlotsPerBucket
		path = append(path, slot)
		fp, f.slots[slot] = f.slots[slot], fp
		i = f.alt(i, fp)
		if f.put(i, fp) {
			f.path = path
			return true
		}
	}
	f.path = path
	// In reverse, each slot takes back the fingerprint it held; the last one taken back is the
	// new key's, which is dropped.
	for k := len(path) - 1; k >= 0; k-- {
		fp, f.slots[path[k]] = f.slots[path[k]], fp
	}
	return false
}

// Lookup returns false if the key is definitely absent, and true if it is possibly present.
func (f *Filter) Lookup(key []byte) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	fp, i1 := f.locate(key)
	return f.has(i1, fp) || f.has(f.alt(i1, fp), fp)
}

// Delete removes one copy of the key's fingerprint, and returns false if none is stored.
func (f *Filter) Delete(key []byte) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	fp, i1 := f.locate(key)
	if f.remove(i1, fp) || f.remove(f.alt(i1, fp), fp) {
		f.count--
		return true
	}
	return false
}
