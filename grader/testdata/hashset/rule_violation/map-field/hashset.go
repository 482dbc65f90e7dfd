// Package hashset is a hash set of ints.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	seen map[int]bool
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{seen: make(map[int]bool)}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) { s.seen[key] = true }

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) { delete(s.seen, key) }

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool { return s.seen[key] }
