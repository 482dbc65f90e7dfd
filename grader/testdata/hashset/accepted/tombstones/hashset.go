// Package hashset is a hash set of ints with open addressing, linear probing and
// tombstones.
package hashset

import "hash/maphash"

const (
	empty = iota
	used
	deleted
)

type slot struct {
	key   int
	state uint8
}

// HashSet is a set of ints.
type HashSet struct {
	slots []slot
	seed  maphash.Seed
	live  int // keys in the table
	taken int // slots that are used or deleted
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{slots: make([]slot, 16), seed: maphash.MakeSeed()}
}

func (s *HashSet) home(key int) int {
	return int(maphash.Comparable(s.seed, key) & uint64(len(s.slots)-1))
}

// lookup returns the slot holding key, or -1 and the first slot Add may use.
func (s *HashSet) lookup(key int) (int, int) {
	free := -1
	mask := len(s.slots) - 1
	for i := s.home(key); ; i = (i + 1) & mask {
		switch s.slots[i].state {
		case empty:
			if free < 0 {
				free = i
			}
			return -1, free
		case deleted:
			if free < 0 {
				free = i
			}
		default:
			if s.slots[i].key == key {
				return i, free
			}
		}
	}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	at, free := s.lookup(key)
	if at >= 0 {
		return
	}
	if 2*(s.taken+1) > len(s.slots) {
		s.rehash()
		_, free = s.lookup(key)
	}
	if s.slots[free].state == empty {
		s.taken++
	}
	s.slots[free] = slot{key: key, state: used}
	s.live++
}

// rehash rebuilds the table without tombstones, twice as big if it is half full of keys.
func (s *HashSet) rehash() {
	old := s.slots
	size := len(old)
	if 4*s.live >= size {
		size *= 2
	}
	s.slots = make([]slot, size)
	s.taken = 0
	for _, sl := range old {
		if sl.state == used {
			_, free := s.lookup(sl.key)
			s.slots[free] = sl
			s.taken++
		}
	}
}

// Remove takes key out of the set, leaving a tombstone.
func (s *HashSet) Remove(key int) {
	if at, _ := s.lookup(key); at >= 0 {
		s.slots[at].state = deleted
		s.live--
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	at, _ := s.lookup(key)
	return at >= 0
}
