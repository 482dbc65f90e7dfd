// Package hashset is a hash set of ints with one key per slot: when two keys
// want the same slot, the table doubles until they no longer do, so there are
// never any collisions to handle.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	keys []int
	used []bool
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{keys: make([]int, 16), used: make([]bool, 16)}
}

func (s *HashSet) slot(key int) int {
	return int(uint64(key) & uint64(len(s.keys)-1))
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	for {
		i := s.slot(key)
		if !s.used[i] || s.keys[i] == key {
			s.keys[i], s.used[i] = key, true
			return
		}
		s.grow()
	}
}

func (s *HashSet) grow() {
	keys, used := s.keys, s.used
	s.keys = make([]int, 2*len(keys))
	s.used = make([]bool, 2*len(used))
	for i, k := range keys {
		if used[i] {
			j := s.slot(k)
			s.keys[j], s.used[j] = k, true
		}
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	if i := s.slot(key); s.used[i] && s.keys[i] == key {
		s.used[i] = false
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	i := s.slot(key)
	return s.used[i] && s.keys[i] == key
}
