// A slice that never shrinks, with a count of the slots in use: removed values are swapped
// past the count and overwritten by later inserts.
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	slots []int
	n     int
	index map[int]int
	rng   *rand.Rand
}

func New() *RandomizedSet {
	return &RandomizedSet{index: map[int]int{}, rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	if s.n == len(s.slots) {
		s.slots = append(s.slots, val)
	} else {
		s.slots[s.n] = val
	}
	s.index[val] = s.n
	s.n++
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.index[val]
	if !ok {
		return false
	}
	s.n--
	last := s.slots[s.n]
	s.slots[i] = last
	s.index[last] = i
	delete(s.index, val)
	return true
}

func (s *RandomizedSet) GetRandom() int {
	return s.slots[s.rng.IntN(s.n)]
}
