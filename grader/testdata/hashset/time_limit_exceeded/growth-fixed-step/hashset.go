// The table grows by a fixed 1024 buckets instead of doubling: every 1024 Adds re-insert every key.
package hashset

// HashSet is a chained hash set that grows by a fixed step.
type HashSet struct {
	buckets [][]int
	n       int
}

// New returns an empty set.
func New() *HashSet { return &HashSet{buckets: make([][]int, 1024)} }

func (s *HashSet) idx(key int) int {
	h := uint64(key)
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 29
	return int(h % uint64(len(s.buckets)))
}

// Add inserts key.
func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	if s.n >= len(s.buckets) {
		old := s.buckets
		s.buckets = make([][]int, len(old)+1024)
		for _, b := range old {
			for _, k := range b {
				i := s.idx(k)
				s.buckets[i] = append(s.buckets[i], k)
			}
		}
	}
	i := s.idx(key)
	s.buckets[i] = append(s.buckets[i], key)
	s.n++
}

// Remove deletes key.
func (s *HashSet) Remove(key int) {
	i := s.idx(key)
	b := s.buckets[i]
	for j, k := range b {
		if k == key {
			b[j] = b[len(b)-1]
			s.buckets[i] = b[:len(b)-1]
			s.n--
			return
		}
	}
}

// Contains reports whether key is present.
func (s *HashSet) Contains(key int) bool {
	for _, k := range s.buckets[s.idx(key)] {
		if k == key {
			return true
		}
	}
	return false
}
