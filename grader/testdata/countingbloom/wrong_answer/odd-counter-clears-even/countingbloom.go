// Package countingbloom packs two counters to a byte, the even one in the low nibble and the odd
// one in the high nibble. Writing an odd counter stores it shifted into the byte, which clears the
// even counter beside it: another key's Add can take a key's counter back to 0, and the key tests
// false though it was added.
package countingbloom

import (
	"math/bits"

	"github.com/cespare/xxhash/v2"
)

// Filter is a counting Bloom filter of m 4-bit counters and k hash positions
// per key.
type Filter struct {
	nibbles []byte // counter i is nibbles[i/2] >> (4*(i%2)) & 15
	m       uint64
	k       uint
}

// maxCount is the largest value of a counter: a counter there is saturated.
const maxCount = 15

// New returns an empty filter of m counters with k hash functions.
func New(m uint64, k uint) *Filter {
	if m == 0 {
		panic("countingbloom: New with m == 0 counters")
	}
	if k == 0 {
		panic("countingbloom: New with k == 0 hash functions")
	}
	return &Filter{nibbles: make([]byte, (m+1)/2), m: m, k: k}
}

// M is the number of counters, as given to New.
func (f *Filter) M() uint64 { return f.m }

// K is the number of hash positions per key, as given to New.
func (f *Filter) K() uint { return f.k }

// The k positions come from one 64-bit hash by double hashing (Kirsch and
// Mitzenmacher): g_i = h1 + i*h2 for i = 0..k-1, with h2 a mix of h1 (the
// splitmix64 finalizer), made odd. Each g_i is mapped to [0, m) by the high
// word of g_i * m, as uniform as g_i mod m and cheaper than a division.
// Positions may coincide (always when m == 1): such a counter moves once per
// position, so by 2 or more, on Add and on Remove alike.

func hashes(key []byte) (h1, h2 uint64) {
	h1 = xxhash.Sum64(key)
	h2 = h1
	h2 ^= h2 >> 30
	h2 *= 0xbf58476d1ce4e5b9
	h2 ^= h2 >> 27
	h2 *= 0x94d049bb133111eb
	h2 ^= h2 >> 31
	return h1, h2 | 1
}

// index returns the position of the counter at hash g.
func (f *Filter) index(g uint64) uint64 {
	i, _ := bits.Mul64(g, f.m)
	return i
}

// get returns counter i.
func (f *Filter) get(i uint64) uint64 { return uint64(f.nibbles[i/2]>>(4*(i%2))) & 15 }

// set writes v to counter i.
func (f *Filter) set(i, v uint64) {
	if i%2 == 1 {
		f.nibbles[i/2] = byte(v << 4)
		return
	}
	f.nibbles[i/2] = f.nibbles[i/2]&0xf0 | byte(v)
}

// Add adds 1 to each of the key's k counters that is below 15.
func (f *Filter) Add(key []byte) {
	g, step := hashes(key)
	for range f.k {
		i := f.index(g)
		if c := f.get(i); c < maxCount {
			f.set(i, c+1)
		}
		g += step
	}
}

// Test reports whether all the key's k counters are above 0: false means
// absent.
func (f *Filter) Test(key []byte) bool {
	g, step := hashes(key)
	for range f.k {
		if f.get(f.index(g)) == 0 {
			return false
		}
		g += step
	}
	return true
}

// Count returns the smallest of the key's k counters: at least the key's adds
// minus removes, while that is below 15.
func (f *Filter) Count(key []byte) uint {
	g, step := hashes(key)
	least := uint64(maxCount)
	for range f.k {
		least = min(least, f.get(f.index(g)))
		g += step
	}
	return uint(least)
}

// Remove subtracts 1 from each of the key's k counters that is below 15, and
// returns true; if the key tests false it changes nothing and returns false,
// since its counters then belong to other keys. A counter at 0 is left alone
// too: it can only be met when the caller removes a key more often than it
// added it, and subtracting would borrow from the next counter.
func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	g, step := hashes(key)
	for range f.k {
		i := f.index(g)
		if c := f.get(i); c > 0 && c < maxCount {
			f.set(i, c-1)
		}
		g += step
	}
	return true
}
