// Package hashset is a hash set of ints, on a small generic container.
package hashset

// box holds a value of any type.
type box[T any] struct {
	v T
}

// HashSet is a set of ints.
type HashSet struct {
	b *box[map[int]struct{}]
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{b: &box[map[int]struct{}]{v: make(map[int]struct{})}}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) { s.b.v[key] = struct{}{} }

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) { delete(s.b.v, key) }

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	_, ok := s.b.v[key]
	return ok
}
