// Package hashset is a hash set of ints, safe for concurrent use.
package hashset

import "sync"

// HashSet is a set of ints.
type HashSet struct {
	m sync.Map
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) { s.m.Store(key, struct{}{}) }

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) { s.m.Delete(key) }

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	_, ok := s.m.Load(key)
	return ok
}
