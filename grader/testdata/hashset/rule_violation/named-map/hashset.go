// Package hashset is a hash set of ints.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	keys index
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{keys: newIndex()}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) { s.keys.put(key) }

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) { s.keys.drop(key) }

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool { return s.keys.has(key) }
