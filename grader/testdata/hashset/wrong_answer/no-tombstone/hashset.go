// Package hashset is a hash set of ints with open addressing and linear probing.
package hashset

type slot struct {
	key  int
	full bool
}

// HashSet is a set of ints.
type HashSet struct {
	slots []slot
	n     int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{slots: make([]slot, 8)}
}

func hash(key int) uint64 {
	x := uint64(key)
	x ^= x >> 31
	x *= 0x7fb5d329728ea185
	x ^= x >> 27
	return x
}

// probe returns the slot that holds key, or the empty slot where it would go.
func (s *HashSet) probe(key int) int {
	mask := uint64(len(s.slots) - 1)
	i := hash(key) & mask
	for s.slots[i].full && s.slots[i].key != key {
		i = (i + 1) & mask
	}
	return int(i)
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	i := s.probe(key)
	if s.slots[i].full {
		return
	}
	s.slots[i] = slot{key, true}
	s.n++
	if s.n*2 > len(s.slots) {
		old := s.slots
		s.slots = make([]slot, len(old)*2)
		for _, sl := range old {
			if sl.full {
				s.slots[s.probe(sl.key)] = sl
			}
		}
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	i := s.probe(key)
	if s.slots[i].full {
		s.slots[i] = slot{}
		s.n--
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	return s.slots[s.probe(key)].full
}
