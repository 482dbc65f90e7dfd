// Remove leaves a hole; GetRandom lands on a random slot and, on a hole, walks to the next value: a value after a run of holes comes up more often.
package randomizedset

import "math/rand/v2"

// RandomizedSet keeps values in a slice with holes (removed slots); it compacts when half is holes.
type RandomizedSet struct {
	vals  []int
	alive []bool
	pos   map[int]int
	n     int
}

// New returns an empty set.
func New() *RandomizedSet { return &RandomizedSet{pos: map[int]int{}} }

// Insert adds val; false if present.
func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.pos[val]; ok {
		return false
	}
	s.pos[val] = len(s.vals)
	s.vals = append(s.vals, val)
	s.alive = append(s.alive, true)
	s.n++
	return true
}

// Remove deletes val; false if absent.
func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.pos[val]
	if !ok {
		return false
	}
	delete(s.pos, val)
	s.alive[i] = false
	s.n--
	if 2*s.n < len(s.vals) {
		j := 0
		for i, v := range s.vals {
			if s.alive[i] {
				s.vals[j], s.alive[j] = v, true
				s.pos[v] = j
				j++
			}
		}
		s.vals, s.alive = s.vals[:j], s.alive[:j]
	}
	return true
}

// GetRandom picks a random slot and, if it is a hole, the next live value after it.
func (s *RandomizedSet) GetRandom() int {
	i := rand.IntN(len(s.vals))
	for !s.alive[i] {
		i = (i + 1) % len(s.vals)
	}
	return s.vals[i]
}
