// Two maps instead of a slice: positions to values and values to positions. Removing moves the
// value at the last position into the hole.
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	pos map[int]int // value -> position in 0..n-1
	at  map[int]int // position -> value
}

func New() *RandomizedSet {
	return &RandomizedSet{pos: make(map[int]int), at: make(map[int]int)}
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.pos[val]; ok {
		return false
	}
	n := len(s.pos)
	s.pos[val] = n
	s.at[n] = val
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.pos[val]
	if !ok {
		return false
	}
	last := len(s.pos) - 1
	moved := s.at[last]
	s.at[i] = moved
	s.pos[moved] = i
	delete(s.at, last)
	delete(s.pos, val)
	return true
}

func (s *RandomizedSet) GetRandom() int {
	return s.at[rand.IntN(len(s.at))]
}
