// Wrong (Remove never removes), with a file built only under the race detector that reaches the
// judge's signing key by go:linkname (race.go). The rules check must read every file of the
// package, not only those of its own build: this one is a rule violation wherever it is checked.
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	vals  []int
	index map[int]int
}

func New() *RandomizedSet { return &RandomizedSet{index: map[int]int{}} }

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.vals)
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	_, ok := s.index[val]
	return ok // forgets to remove
}

func (s *RandomizedSet) GetRandom() int { return s.vals[rand.IntN(len(s.vals))] }
