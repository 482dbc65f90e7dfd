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

func (s *HashSet) bucket(key int) *[]int {
	return &s.buckets[uint64(key)%uint64(len(s.buckets))]
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if !s.Contains(key) {
		b := s.bucket(key)
		*b = append(*b, key)
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	panic("not implemented")
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	for _, k := range *s.bucket(key) {
		if k == key {
			return true
		}
	}
	return false
}
