// Package randomizedset removes by marking the slot dead and never compacts: GetRandom draws
// again until it lands on a live slot, so after n inserts and n-k removals a draw takes about
// n/k tries.
package randomizedset

import "math/rand/v2"

// lazy deletion: removed slots become tombstones; GetRandom rejects them.
type slot struct {
	val  int
	dead bool
}

type RandomizedSet struct {
	idx   map[int]int
	slots []slot
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
	delete(s.idx, val)
	return true
}

func (s *RandomizedSet) GetRandom() int {
	for {
		sl := s.slots[rand.IntN(len(s.slots))]
		if !sl.dead {
			return sl.val
		}
	}
}
