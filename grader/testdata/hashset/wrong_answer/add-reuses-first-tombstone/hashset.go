// Package hashset is open addressing with linear probing and tombstones, but Add stores the key
// in the first tombstone of its probe run without looking further along the run for the key: a
// key already stored past that tombstone is stored a second time, and one Remove then leaves the
// other copy behind.
package hashset

type HashSet struct {
	keys  []int
	state []uint8
	bits  uint
	used  int
}

func New() *HashSet {
	s := &HashSet{}
	s.alloc(4)
	return s
}

func (s *HashSet) alloc(bits uint) {
	s.bits = bits
	s.keys = make([]int, 1<<bits)
	s.state = make([]uint8, 1<<bits)
	s.used = 0
}

func (s *HashSet) home(key int) int { return int((uint64(key) * 0x9E3779B97F4A7C15) >> (64 - s.bits)) }

func (s *HashSet) Add(key int) {
	if (s.used+1)*2 > len(s.keys) {
		oldK, oldS := s.keys, s.state
		s.alloc(s.bits + 1)
		for i, st := range oldS {
			if st == 1 {
				s.Add(oldK[i])
			}
		}
	}
	i := s.home(key)
	for s.state[i] != 0 {
		if s.state[i] == 2 { // reuse tombstone
			s.keys[i], s.state[i] = key, 1
			return
		}
		if s.keys[i] == key {
			return
		}
		i = (i + 1) & (len(s.keys) - 1)
	}
	s.keys[i], s.state[i] = key, 1
	s.used++
}

func (s *HashSet) Remove(key int) {
	i := s.home(key)
	for s.state[i] != 0 {
		if s.state[i] == 1 && s.keys[i] == key {
			s.state[i] = 2
			return
		}
		i = (i + 1) & (len(s.keys) - 1)
	}
}

func (s *HashSet) Contains(key int) bool {
	i := s.home(key)
	for s.state[i] != 0 {
		if s.state[i] == 1 && s.keys[i] == key {
			return true
		}
		i = (i + 1) & (len(s.keys) - 1)
	}
	return false
}
