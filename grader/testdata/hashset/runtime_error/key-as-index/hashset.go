// Package hashset is the LeetCode answer for keys 0 to 10^6: a fixed array indexed by the key
// itself. Any key is allowed here, and Add(-1) indexes the array at -1. There is no % in the
// code, so a hint about key % n being negative would name a cause it does not have.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	data []bool
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{data: make([]bool, 1000001)}
}

// Add inserts key.
func (s *HashSet) Add(key int) { s.data[key] = true }

// Remove deletes key.
func (s *HashSet) Remove(key int) { s.data[key] = false }

// Contains reports whether key is present.
func (s *HashSet) Contains(key int) bool { return s.data[key] }
