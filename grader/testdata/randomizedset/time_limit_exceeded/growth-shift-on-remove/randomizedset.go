// Package randomizedset keeps the values in a slice and their positions in a map, like the
// usual answer, but Remove deletes from the middle of the slice with slices.Delete, keeping the
// order, and then has to re-index every value after the hole. Insert and GetRandom are O(1),
// but Remove shifts and re-indexes n/2 values on average: O(n) per call instead of O(1). The
// fix is to move the last value into the hole and shrink the slice by one.
package randomizedset

import (
	"math/rand/v2"
	"slices"
)

type RandomizedSet struct {
	vals []int
	pos  map[int]int
}

func New() *RandomizedSet {
	return &RandomizedSet{pos: map[int]int{}}
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.pos[val]; ok {
		return false
	}
	s.pos[val] = len(s.vals)
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.pos[val]
	if !ok {
		return false
	}
	s.vals = slices.Delete(s.vals, i, i+1)
	delete(s.pos, val)
	for j := i; j < len(s.vals); j++ {
		s.pos[s.vals[j]] = j
	}
	return true
}

func (s *RandomizedSet) GetRandom() int {
	return s.vals[rand.IntN(len(s.vals))]
}
