// The counters are packed into one math/big.Int: every read shifts the whole number, every change adds a shifted unit, so each counter access costs O(m).
package countingbloom

import (
	"math/big"

	"github.com/cespare/xxhash/v2"
)

// Filter is a counting Bloom filter of m 4-bit counters.
type Filter struct {
	c *big.Int
	m uint64
	k uint
}

// New returns a filter of m counters and k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("countingbloom: m and k must be positive")
	}
	return &Filter{c: new(big.Int), m: m, k: k}
}

func (f *Filter) pos(key []byte, i uint64) uint64 {
	h := xxhash.Sum64(key)
	h2 := (h>>33 | h<<31) * 0xff51afd7ed558ccd
	return (h + i*(h2|1)) % f.m
}

// get reads the 4-bit counter p of the packed big integer.
func (f *Filter) get(p uint64) uint64 {
	v := new(big.Int).Rsh(f.c, uint(p*4))
	return v.Uint64() & 15
}

// unit is 1 shifted to counter p.
func unit(p uint64) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(p*4)) }

func (f *Filter) inc(p uint64) {
	if f.get(p) < 15 {
		f.c.Add(f.c, unit(p))
	}
}

func (f *Filter) dec(p uint64) {
	if v := f.get(p); v > 0 && v < 15 {
		f.c.Sub(f.c, unit(p))
	}
}

// Add adds 1 to each of the key's k counters.
func (f *Filter) Add(key []byte) {
	for i := uint64(0); i < uint64(f.k); i++ {
		f.inc(f.pos(key, i))
	}
}

// Remove subtracts 1 from each of the key's counters below 15; false if Test(key) is false.
func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	for i := uint64(0); i < uint64(f.k); i++ {
		f.dec(f.pos(key, i))
	}
	return true
}

// Test reports whether key may be present.
func (f *Filter) Test(key []byte) bool { return f.Count(key) > 0 }

// Count returns the smallest of the key's counters.
func (f *Filter) Count(key []byte) uint {
	min := uint64(15)
	for i := uint64(0); i < uint64(f.k); i++ {
		if v := f.get(f.pos(key, i)); v < min {
			min = v
		}
	}
	return uint(min)
}

// M returns m.
func (f *Filter) M() uint64 { return f.m }

// K returns k.
func (f *Filter) K() uint { return f.k }
