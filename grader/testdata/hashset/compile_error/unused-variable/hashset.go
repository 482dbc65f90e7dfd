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

func (s *HashSet) index(key int) uint64 {
	return uint64(key) % uint64(len(s.buckets))
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	i := s.index(key)
	if !s.Contains(key) {
		s.buckets[i] = append(s.buckets[i], key)
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	i := s.index(key)
	for j, k := range s.buckets[i] {
		if k == key {
			last := len(s.buckets[i]) - 1
			s.buckets[i] = append(s.buckets[i][:j], s.buckets[i][j+1:]...)
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
