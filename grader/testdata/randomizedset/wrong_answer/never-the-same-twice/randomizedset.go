// A right set but for GetRandom, which draws again while the answer is the one it gave last,
// "to look more random" (a set of one is guarded, unlike time_limit_exceeded/no-repeat): every
// member still comes up equally often, but a value never follows itself, so successive draws are
// not independent.
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	vals  []int
	index map[int]int
	last  int
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
	i, ok := s.index[val]
	if !ok {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	s.index[last] = i
	s.vals = s.vals[:len(s.vals)-1]
	delete(s.index, val)
	return true
}

func (s *RandomizedSet) GetRandom() int {
	v := s.vals[rand.IntN(len(s.vals))]
	for len(s.vals) > 1 && v == s.last {
		v = s.vals[rand.IntN(len(s.vals))]
	}
	s.last = v
	return v
}
