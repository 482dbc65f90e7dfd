// Package hashset keeps the keys in one slice with no hashing at all: Contains scans it, Add
// appends a key not found, and Remove scans for the key and moves the last key into its place.
// It uses no map, as the rules ask, and the answers are right, but every operation looks at all
// n keys: O(n) per call instead of O(1).
package hashset

type HashSet struct {
	keys []int
}

func New() *HashSet {
	return &HashSet{}
}

func (s *HashSet) indexOf(key int) int {
	for i, k := range s.keys {
		if k == key {
			return i
		}
	}
	return -1
}

func (s *HashSet) Add(key int) {
	if s.indexOf(key) < 0 {
		s.keys = append(s.keys, key)
	}
}

func (s *HashSet) Remove(key int) {
	if i := s.indexOf(key); i >= 0 {
		last := len(s.keys) - 1
		s.keys[i] = s.keys[last]
		s.keys = s.keys[:last]
	}
}

func (s *HashSet) Contains(key int) bool {
	return s.indexOf(key) >= 0
}
