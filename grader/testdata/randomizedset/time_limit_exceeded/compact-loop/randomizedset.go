// Removal only marks a slot dead; when more than half the slots are dead, compact drops them.
// Its loop forgets to step past a live slot, so it spins on the first one forever.
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	vals  []int
	live  []bool
	index map[int]int
	dead  int
}

func New() *RandomizedSet {
	return &RandomizedSet{index: map[int]int{}}
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.vals)
	s.vals = append(s.vals, val)
	s.live = append(s.live, true)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.index[val]
	if !ok {
		return false
	}
	s.live[i] = false
	delete(s.index, val)
	s.dead++
	if 2*s.dead > len(s.vals) {
		s.compact()
	}
	return true
}

// compact moves the last slot into each dead one and shrinks the slices.
func (s *RandomizedSet) compact() {
	for i := 0; i < len(s.vals); {
		if s.live[i] {
			continue
		}
		last := len(s.vals) - 1
		s.vals[i], s.live[i] = s.vals[last], s.live[last]
		if s.live[i] {
			s.index[s.vals[i]] = i
		}
		s.vals, s.live = s.vals[:last], s.live[:last]
	}
	s.dead = 0
}

func (s *RandomizedSet) GetRandom() int {
	for {
		i := rand.IntN(len(s.vals))
		if s.live[i] {
			return s.vals[i]
		}
	}
}
