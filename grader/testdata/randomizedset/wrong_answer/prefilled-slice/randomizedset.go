// Package randomizedset keeps its values in a slice made with a length instead of a capacity:
// make([]int, 200001) holds 200001 zeros before anything is inserted, and GetRandom draws among
// them. Insert(1); GetRandom() returns 0, a value never inserted.
package randomizedset

import "math/rand/v2"

// RandomizedSet is a set of ints with O(1) Insert, Remove and GetRandom.
type RandomizedSet struct {
	values []int
	index  map[int]int
}

// New returns an empty set.
func New() *RandomizedSet {
	return &RandomizedSet{values: make([]int, 200001), index: map[int]int{}}
}

// Insert adds val; false if it was present.
func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.values)
	s.values = append(s.values, val)
	return true
}

// Remove deletes val; false if it was absent.
func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.index[val]
	if !ok {
		return false
	}
	last := s.values[len(s.values)-1]
	s.values[i] = last
	s.index[last] = i
	s.values = s.values[:len(s.values)-1]
	delete(s.index, val)
	return true
}

// GetRandom returns a random element.
func (s *RandomizedSet) GetRandom() int { return s.values[rand.IntN(len(s.values))] }
