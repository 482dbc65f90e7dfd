// Package hashset is a hash set of ints with separate chaining.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	buckets [][]int
	count   int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{buckets: make([][]int, 1009)}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	i := key % len(s.buckets)
	s.buckets[i] = append(s.buckets[i], key)
	s.count++
	if s.count > len(s.buckets) {
		old := s.buckets
		s.buckets = make([][]int, 2*len(old)+1)
		for _, b := range old {
			for _, k := range b {
				j := k % len(s.buckets)
				s.buckets[j] = append(s.buckets[j], k)
			}
		}
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	i := key % len(s.buckets)
	for j, k := range s.buckets[i] {
		if k == key {
			last := len(s.buckets[i]) - 1
			s.buckets[i][j] = s.buckets[i][last]
			s.buckets[i] = s.buckets[i][:last]
			s.count--
			return
		}
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	for _, k := range s.buckets[key%len(s.buckets)] {
		if k == key {
			return true
		}
	}
	return false
}
