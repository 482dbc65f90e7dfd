// Package hashset is a hash set of ints with open addressing.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	keys []int
	used []bool
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{keys: make([]int, 64), used: make([]bool, 64)}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	// TODO: grow the table.
	i := int(uint64(key) % uint64(len(s.keys)))
	for s.used[i] && s.keys[i] != key {
		i = (i + 1) % len(s.keys)
	}
	s.keys[i], s.used[i] = key, true
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	panic("not implemented")
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	panic("not implemented")
}
