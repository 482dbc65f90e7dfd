// Package hashset is a hash set of ints with separate chaining.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	buckets [][]int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{buckets: make([][]int, 1024)}
}

// find returns where key is in its bucket, or -1.
func (s *HashSet) find(key int) (uint64, int) {
	i := uint64(key) % uint64(len(s.buckets))
	for j, k := range s.buckets[i] {
		if k == key {
			return i, j
		}
	}
	return i, -1
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if i, j := s.find(key); j < 0 {
		s.buckets[i] = append(s.buckets[i], key)
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	if i, j := s.find(key); j >= 0 {
		s.buckets[i] = append(s.buckets[i][:j], s.buckets[i][j+1:]...)
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	_, j := s.find(key)
	return j
}
