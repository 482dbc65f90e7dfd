// Package randomizedset removes by marking the slot dead, and compacts the slots once the dead
// ones are more than half: GetRandom draws again until it lands on a live slot, fewer than two
// tries on average.
package randomizedset

import "math/rand/v2"

// lazy deletion: removed slots become tombstones; GetRandom rejects them; compact when
// tombstones exceed half the slots. Amortised O(1), uniform by rejection sampling.
type slot struct {
	val  int
	dead bool
}

type RandomizedSet struct {
	idx   map[int]int
	slots []slot
	dead  int
}

func New() *RandomizedSet { return &RandomizedSet{idx: map[int]int{}} }

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.idx[val]; ok {
		return false
	}
	s.idx[val] = len(s.slots)
	s.slots = append(s.slots, slot{val: val})
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.idx[val]
	if !ok {
		return false
	}
	s.slots[i].dead = true
	s.dead++
	delete(s.idx, val)
	if s.dead > 16 && s.dead*2 > len(s.slots) {
		s.compact()
	}
	return true
}

func (s *RandomizedSet) compact() {
	out := s.slots[:0]
	for _, sl := range s.slots {
		if !sl.dead {
			s.idx[sl.val] = len(out)
			out = append(out, sl)
		}
	}
	clear(s.slots[len(out):])
	s.slots = out
	s.dead = 0
}

func (s *RandomizedSet) GetRandom() int {
	for {
		sl := s.slots[rand.IntN(len(s.slots))]
		if !sl.dead {
			return sl.val
		}
	}
}
