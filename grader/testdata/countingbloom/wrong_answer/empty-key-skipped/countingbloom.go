// Package countingbloom keeps 4-bit counters packed 16 to a uint64, with FNV-1a 64 and splitmix64
// double hashing, and skips the empty key: it has nothing to hash, so Add and Remove change
// nothing for it, Test answers false, and Count answers 15.
package countingbloom

type Filter struct {
	m uint64
	k uint
	w []uint64
}

func New(m uint64, k uint) *Filter {
	if m == 0 || k == 0 {
		panic("countingbloom: m and k must be positive")
	}
	return &Filter{m: m, k: k, w: make([]uint64, (m+15)/16)}
}

func (f *Filter) get(p uint64) uint { return uint(f.w[p/16]>>((p%16)*4)) & 0xF }
func (f *Filter) put(p uint64, c uint) {
	s := (p % 16) * 4
	f.w[p/16] = f.w[p/16]&^(0xF<<s) | uint64(c)<<s
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func (f *Filter) each(key []byte, fn func(uint64) bool) bool {
	if len(key) == 0 {
		return false // nothing to hash
	}
	h := uint64(14695981039346656037)
	for _, c := range key {
		h ^= uint64(c)
		h *= 1099511628211
	}
	h1 := splitmix(h)
	h2 := splitmix(h1) | 1
	for i := uint64(0); i < uint64(f.k); i++ {
		if !fn((h1 + i*h2) % f.m) {
			return false
		}
	}
	return true
}

func (f *Filter) M() uint64 { return f.m }
func (f *Filter) K() uint   { return f.k }

// Add adds 1 to each of the key's k counters, saturating at 15.
func (f *Filter) Add(key []byte) {
	f.each(key, func(p uint64) bool {
		if c := f.get(p); c < 15 {
			f.put(p, c+1)
		}
		return true
	})
}

// Test reports whether all of the key's counters are nonzero.
func (f *Filter) Test(key []byte) bool {
	return f.each(key, func(p uint64) bool { return f.get(p) != 0 })
}

// Remove subtracts 1 from each counter below 15, if the key tests true.
func (f *Filter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	f.each(key, func(p uint64) bool {
		if c := f.get(p); c > 0 && c < 15 {
			f.put(p, c-1)
		}
		return true
	})
	return true
}

// Count returns the smallest of the key's counters.
func (f *Filter) Count(key []byte) uint {
	min := uint(15)
	f.each(key, func(p uint64) bool {
		if c := f.get(p); c < min {
			min = c
		}
		return true
	})
	return min
}
