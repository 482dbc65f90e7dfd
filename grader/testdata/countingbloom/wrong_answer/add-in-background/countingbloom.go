// Package countingbloom is a counting Bloom filter whose Add raises the
// counters from a goroutine a moment after it returns: a key tested right after
// its Add may test false.
//
// A counting Bloom filter is a Bloom filter whose m bits are small counters:
// Add adds 1 to the key's k counters, Remove subtracts 1 from them, Test
// reports whether all k are above 0 and Count returns the smallest. So a key
// can be forgotten, at four times the bits of a Bloom filter: 4-bit counters,
// 16 to a uint64.
//
// Four bits are enough: in a filter sized for its keys (k = (m/n) ln 2), the
// chance that any counter reaches 16 is at most m·(e·ln 2/16)^16, about
// 1.37e-15·m (Fan, Cao, Almeida and Broder, 2000). A counter that does reach
// 15 saturates: it stays at 15 for ever, since its true count is lost, and a
// counter that came down from it could reach 0 while a key still needs it.
package countingbloom

import (
	"math/bits"
	"sync"
	"time"

	"github.com/cespare/xxhash/v2"
)

// Filter is a counting Bloom filter of m 4-bit counters and k hash positions
// per key.
type Filter struct {
	words []uint64 // counter i is words[i/16] >> (4*(i%16)) & 15
	m     uint64
	k     uint
	mu    sync.Mutex
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
	return &Filter{words: make([]uint64, (m+15)/16), m: m, k: k}
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

// slot returns the word and the shift of the counter at hash g.
func (f *Filter) slot(g uint64) (word uint64, shift uint) {
	i, _ := bits.Mul64(g, f.m)
	return i / 16, uint(i%16) * 4
}

// Add adds 1 to each of the key's k counters that is below 15.
func (f *Filter) Add(key []byte) {
	g, step := hashes(key)
	go func() {
		time.Sleep(time.Millisecond)
		f.mu.Lock()
		defer f.mu.Unlock()
		f.add(g, step)
	}()
}

// add adds 1 to the counters of the hash g and step that are below 15.
func (f *Filter) add(g, step uint64) {
	for range f.k {
		w, s := f.slot(g)
		if f.words[w]>>s&15 < maxCount {
			f.words[w] += 1 << s
		}
		g += step
	}
}

// Test reports whether all the key's k counters are above 0: false means
// absent.
func (f *Filter) Test(key []byte) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.test(key)
}

// test is Test with f.mu held.
func (f *Filter) test(key []byte) bool {
	g, step := hashes(key)
	for range f.k {
		w, s := f.slot(g)
		if f.words[w]>>s&15 == 0 {
			return false
		}
		g += step
	}
	return true
}

// Count returns the smallest of the key's k counters: at least the key's adds
// minus removes, while that is below 15.
func (f *Filter) Count(key []byte) uint {
	f.mu.Lock()
	defer f.mu.Unlock()
	g, step := hashes(key)
	least := uint64(maxCount)
	for range f.k {
		w, s := f.slot(g)
		least = min(least, f.words[w]>>s&15)
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
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.test(key) {
		return false
	}
	g, step := hashes(key)
	for range f.k {
		w, s := f.slot(g)
		if c := f.words[w] >> s & 15; c > 0 && c < maxCount {
			f.words[w] -= 1 << s
		}
		g += step
	}
	return true
}
