// Package hashset is a hash set of ints with separate chaining whose hash reads the key's
// bytes through unsafe: no map anywhere, but unsafe is not among the packages the hash set may
// import.
package hashset

import "unsafe"

// keyBits is the key's eight bytes as a uint64, read through unsafe.
func keyBits(key int) uint64 { return *(*uint64)(unsafe.Pointer(&key)) }

// HashSet is a set of ints.
type HashSet struct {
	buckets [][]int
	bits    uint // len(buckets) == 1 << bits
	count   int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{buckets: make([][]int, 8), bits: 3}
}

// index is Fibonacci hashing: multiply by 2^64/phi and keep the top bits.
func (s *HashSet) index(key int) uint64 {
	return (keyBits(key) * 0x9E3779B97F4A7C15) >> (64 - s.bits)
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	if 4*(s.count+1) > 3*len(s.buckets) {
		s.grow()
	}
	i := s.index(key)
	s.buckets[i] = append(s.buckets[i], key)
	s.count++
}

func (s *HashSet) grow() {
	old := s.buckets
	s.bits++
	s.buckets = make([][]int, 1<<s.bits)
	for _, b := range old {
		for _, key := range b {
			i := s.index(key)
			s.buckets[i] = append(s.buckets[i], key)
		}
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	i := s.index(key)
	b := s.buckets[i]
	for j, k := range b {
		if k == key {
			b[j] = b[len(b)-1]
			s.buckets[i] = b[:len(b)-1]
			s.count--
			return
		}
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	for _, k := range s.buckets[s.index(key)] {
		if k == key {
			return true
		}
	}
	return false
}
