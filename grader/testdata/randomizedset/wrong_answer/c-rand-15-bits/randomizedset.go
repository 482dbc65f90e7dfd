// Package randomizedset is a port of a C answer that draws the index as rand() % size, with the
// C standard's example rand() (RAND_MAX 32767): in a set of more than 32,768 elements, those in
// slots 32,768 and up are never returned.
package randomizedset

import "time"

// RandomizedSet is a slice of the values with each value's index in a map.
type RandomizedSet struct {
	arr  []int
	pos  map[int]int
	next uint32
}

func New() *RandomizedSet {
	return &RandomizedSet{pos: map[int]int{}, next: uint32(time.Now().UnixNano())}
}

// crand is the rand() of the C standard's example implementation.
func (s *RandomizedSet) crand() int {
	s.next = s.next*1103515245 + 12345
	return int(s.next/65536) % 32768
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.pos[val]; ok {
		return false
	}
	s.pos[val] = len(s.arr)
	s.arr = append(s.arr, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.pos[val]
	if !ok {
		return false
	}
	last := s.arr[len(s.arr)-1]
	s.arr[i] = last
	s.pos[last] = i
	s.arr = s.arr[:len(s.arr)-1]
	delete(s.pos, val)
	return true
}

func (s *RandomizedSet) GetRandom() int { return s.arr[s.crand()%len(s.arr)] }
