// Package hashset is a hash set of ints with open addressing in a table of
// 1024 slots, plenty for the tests I tried.
package hashset

const size = 1024

// HashSet is a set of ints.
type HashSet struct {
	keys  [size]int
	state [size]uint8 // 0 empty, 1 full, 2 deleted
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{}
}

func home(key int) int {
	return int(uint64(key) * 0x9E3779B97F4A7C15 >> 54)
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	i := home(key)
	for s.state[i] == 1 {
		i = (i + 1) % size
	}
	s.keys[i], s.state[i] = key, 1
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	for i, n := home(key), 0; s.state[i] != 0 && n < size; i, n = (i+1)%size, n+1 {
		if s.state[i] == 1 && s.keys[i] == key {
			s.state[i] = 2
			return
		}
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	for i, n := home(key), 0; s.state[i] != 0 && n < size; i, n = (i+1)%size, n+1 {
		if s.state[i] == 1 && s.keys[i] == key {
			return true
		}
	}
	return false
}
