// Package hashset is a hash set of ints with separate chaining that doubles its
// table to keep the chains short.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	buckets [][]int
	count   int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{buckets: make([][]int, 8)}
}

func (s *HashSet) index(key int) uint64 {
	return uint64(key) * 0x9E3779B97F4A7C15 % uint64(len(s.buckets))
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	// Grow when the load factor passes 3/4.
	if 4*s.count < 3*len(s.buckets) {
		s.grow()
	}
	i := s.index(key)
	s.buckets[i] = append(s.buckets[i], key)
	s.count++
}

func (s *HashSet) grow() {
	old := s.buckets
	s.buckets = make([][]int, 2*len(old))
	for _, b := range old {
		for _, k := range b {
			i := s.index(k)
			s.buckets[i] = append(s.buckets[i], k)
		}
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	i := s.index(key)
	for j, k := range s.buckets[i] {
		if k == key {
			s.buckets[i] = append(s.buckets[i][:j], s.buckets[i][j+1:]...)
			s.count--
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
