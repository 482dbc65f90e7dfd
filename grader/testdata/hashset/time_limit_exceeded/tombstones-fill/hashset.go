// Package hashset is a hash set of ints with open addressing, linear probing
// and tombstones. The table doubles when it is half full of keys.
package hashset

const (
	empty = iota
	full
	deleted
)

// HashSet is a set of ints.
type HashSet struct {
	keys  []int
	state []uint8
	count int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{keys: make([]int, 8), state: make([]uint8, 8)}
}

func (s *HashSet) home(key int) int {
	return int(uint64(key) * 0x9E3779B97F4A7C15 >> 40 & uint64(len(s.keys)-1))
}

// find returns the slot of key, or -1.
func (s *HashSet) find(key int) int {
	mask := len(s.keys) - 1
	for i := s.home(key); s.state[i] != empty; i = (i + 1) & mask {
		if s.state[i] == full && s.keys[i] == key {
			return i
		}
	}
	return -1
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if s.find(key) >= 0 {
		return
	}
	if 2*(s.count+1) > len(s.keys) {
		s.grow()
	}
	s.put(key)
	s.count++
}

// put stores key in the first slot that holds no key.
func (s *HashSet) put(key int) {
	mask := len(s.keys) - 1
	i := s.home(key)
	for s.state[i] == full {
		i = (i + 1) & mask
	}
	s.keys[i], s.state[i] = key, full
}

func (s *HashSet) grow() {
	keys, state := s.keys, s.state
	s.keys = make([]int, 2*len(keys))
	s.state = make([]uint8, 2*len(keys))
	for i, k := range keys {
		if state[i] == full {
			s.put(k)
		}
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	if i := s.find(key); i >= 0 {
		s.state[i] = deleted
		s.count--
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	return s.find(key) >= 0
}
