// Package randomizedset keeps only a slice of the values: GetRandom picks a uniform index, as
// it should, and Remove moves the last value into the removed one's place, but finding a value
// means scanning the slice, in Insert (to refuse a value already there) and in Remove. Without
// a map from value to index, Insert and Remove cost O(n) per call instead of O(1).
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	vals []int
}

func New() *RandomizedSet {
	return &RandomizedSet{}
}

func (s *RandomizedSet) find(val int) int {
	for i, v := range s.vals {
		if v == val {
			return i
		}
	}
	return -1
}

func (s *RandomizedSet) Insert(val int) bool {
	if s.find(val) >= 0 {
		return false
	}
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i := s.find(val)
	if i < 0 {
		return false
	}
	last := len(s.vals) - 1
	s.vals[i] = s.vals[last]
	s.vals = s.vals[:last]
	return true
}

func (s *RandomizedSet) GetRandom() int {
	return s.vals[rand.IntN(len(s.vals))]
}
