// Insert updates the map from several goroutines at once: Go's runtime stops the program
// with "concurrent map writes", which no recover can catch.
package randomizedset

import (
	"math/rand/v2"
	"sync"
)

type RandomizedSet struct {
	vals  []int
	index map[int]int
}

func New() *RandomizedSet { return &RandomizedSet{index: map[int]int{}} }

func (s *RandomizedSet) GetRandom() int { return s.vals[rand.IntN(len(s.vals))] }

func (s *RandomizedSet) remove(val int) bool {
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

func (s *RandomizedSet) insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.vals)
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Insert(val int) bool {
	ok := s.insert(val)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10000 {
				s.index[-1-g*10000-i] = 0 // scratch keys, racing
				delete(s.index, -1-g*10000-i)
			}
		}()
	}
	wg.Wait()
	return ok
}

func (s *RandomizedSet) Remove(val int) bool { return s.remove(val) }
