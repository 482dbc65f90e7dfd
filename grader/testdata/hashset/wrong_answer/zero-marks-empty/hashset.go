// Package hashset is a hash set of ints with open addressing. A slot holding 0
// is empty, which saves a state per slot.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	slots []int
	count int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{slots: make([]int, 16)}
}

func (s *HashSet) find(key int) int {
	mask := uint64(len(s.slots) - 1)
	i := (uint64(key) * 0x9E3779B97F4A7C15 >> 32) & mask
	for s.slots[i] != 0 && s.slots[i] != key {
		i = (i + 1) & mask
	}
	return int(i)
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	i := s.find(key)
	if s.slots[i] == key {
		return
	}
	s.slots[i] = key
	s.count++
	if 2*s.count > len(s.slots) {
		old := s.slots
		s.slots = make([]int, 2*len(old))
		for _, k := range old {
			if k != 0 {
				s.slots[s.find(k)] = k
			}
		}
	}
}

// Remove takes key out of the set, shifting back the keys after it.
func (s *HashSet) Remove(key int) {
	i := s.find(key)
	if s.slots[i] != key {
		return
	}
	s.slots[i] = 0
	s.count--
	mask := len(s.slots) - 1
	for j := (i + 1) & mask; s.slots[j] != 0; j = (j + 1) & mask {
		k := s.slots[j]
		s.slots[j] = 0
		s.slots[s.find(k)] = k
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	return s.slots[s.find(key)] == key
}
