// Keeps a snapshot after every change, "to be able to undo", each in a page of at least
// 32,768 values: memory grows by 256 KiB per operation, and passes any sensible limit within
// a few thousand operations.
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	vals    []int
	index   map[int]int
	history [][]int
}

func New() *RandomizedSet {
	return &RandomizedSet{index: map[int]int{}}
}

func (s *RandomizedSet) save() {
	page := make([]int, max(len(s.vals), 1<<15))
	copy(page, s.vals)
	s.history = append(s.history, page)
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.vals)
	s.vals = append(s.vals, val)
	s.save()
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
	s.save()
	return true
}

func (s *RandomizedSet) GetRandom() int {
	return s.vals[rand.IntN(len(s.vals))]
}
