// Remove of an absent value takes the lock twice: the call blocks forever. The judge's
// watchdog sees the goroutine blocked on the mutex and calls it a deadlock.
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

var mu sync.Mutex

func (s *RandomizedSet) Insert(val int) bool { return s.insert(val) }

func (s *RandomizedSet) Remove(val int) bool {
	mu.Lock()
	defer mu.Unlock()
	if _, ok := s.index[val]; !ok {
		mu.Lock() // taken twice
	}
	return s.remove(val)
}
