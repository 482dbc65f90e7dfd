// Package randomizedset draws only from the first 1024 slots, rand.IntN(min(len, 1024)): on a
// larger set the values past slot 1023 never come back.
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	idx  map[int]int
	vals []int
}

func New() *RandomizedSet { return &RandomizedSet{idx: map[int]int{}} }

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.idx[val]; ok {
		return false
	}
	s.idx[val] = len(s.vals)
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.idx[val]
	if !ok {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	s.idx[last] = i
	s.vals = s.vals[:len(s.vals)-1]
	delete(s.idx, val)
	return true
}

func (s *RandomizedSet) GetRandom() int { return s.vals[rand.IntN(min(len(s.vals), 1024))] }
