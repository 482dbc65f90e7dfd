// Package hashset is LeetCode 705's bitset answer: one bit for each key from 0 to 10^6. A
// negative key gives a negative shift (key % 64 is negative in Go), and the contract's keys are
// any int.
package hashset

// HashSet holds a bit for each key from 0 to 10^6.
type HashSet struct{ bits [1000001/64 + 1]uint64 }

// New returns an empty set.
func New() *HashSet { return &HashSet{} }

// Add adds key.
func (s *HashSet) Add(key int) { s.bits[key/64] |= 1 << (key % 64) }

// Remove removes key.
func (s *HashSet) Remove(key int) { s.bits[key/64] &^= 1 << (key % 64) }

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool { return s.bits[key/64]&(1<<(key%64)) != 0 }
