// Package hashset is a hash set of ints with separate chaining.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	buckets [][]int
	count   int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{buckets: make([][]int, 16)}
}

func (s *HashSet) bucket(key int) int {
	return int(uint64(key) * 0x9E3779B97F4A7C15 >> 40 % uint64(len(s.buckets)))
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	b := s.bucket(key)
	s.buckets[b] = append(s.buckets[b], key)
	s.count++
	if s.count > 2*len(s.buckets) {
		old := s.buckets
		s.buckets = make([][]int, 2*len(old))
		for _, bucket := range old {
			for _, k := range bucket {
				b := s.bucket(k)
				s.buckets[b] = append(s.buckets[b], k)
			}
		}
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	b := s.bucket(key)
	for i, k := range s.buckets[b] {
		if k == key {
			s.buckets[b] = append(s.buckets[b][:i], s.buckets[b][i+1:]...)
			s.count--
			return
		}
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	for _, k := range s.buckets[s.bucket(key)] {
		if k == key {
			return true
		}
	}
	return false
}
