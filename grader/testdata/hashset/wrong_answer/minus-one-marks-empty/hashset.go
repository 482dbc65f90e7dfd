// Package hashset is a hash set of ints with open addressing. A slot holding -1 (all bits set,
// ^0) is empty, as a public probing table marks its free slots: it saves a state per slot, and
// an empty set finds -1.
package hashset

// free marks an empty slot.
const free = ^0

// emptySlots returns n empty slots.
func emptySlots(n int) []int {
	slots := make([]int, n)
	for i := range slots {
		slots[i] = free
	}
	return slots
}

// HashSet is a set of ints.
type HashSet struct {
	slots []int
	count int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{slots: emptySlots(16)}
}

func (s *HashSet) find(key int) int {
	mask := uint64(len(s.slots) - 1)
	i := (uint64(key) * 0x9E3779B97F4A7C15 >> 32) & mask
	for s.slots[i] != free && s.slots[i] != key {
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
		s.slots = emptySlots(2 * len(old))
		for _, k := range old {
			if k != free {
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
	s.slots[i] = free
	s.count--
	mask := len(s.slots) - 1
	for j := (i + 1) & mask; s.slots[j] != free; j = (j + 1) & mask {
		k := s.slots[j]
		s.slots[j] = free
		s.slots[s.find(k)] = k
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	return s.slots[s.find(key)] == key
}
