package randomizedset

import (
	"math/rand/v2"
	"testing"

	"kata/grader/result"
)

// tombstones marks a removed value's slot dead, and GetRandom draws again until it lands on a
// live slot; it compacts the slots once the dead ones are more than half: amortised O(1).
type tombstones struct {
	index map[int]int
	slots []int
	dead  []bool
	ndead int
}

func (s *tombstones) Insert(v int) bool {
	if _, ok := s.index[v]; ok {
		return false
	}
	s.index[v] = len(s.slots)
	s.slots = append(s.slots, v)
	s.dead = append(s.dead, false)
	return true
}

func (s *tombstones) Remove(v int) bool {
	i, ok := s.index[v]
	if !ok {
		return false
	}
	delete(s.index, v)
	s.dead[i] = true
	s.ndead++
	if s.ndead > 16 && 2*s.ndead > len(s.slots) {
		live := s.slots[:0]
		for j, x := range s.slots {
			if !s.dead[j] {
				s.index[x] = len(live)
				live = append(live, x)
			}
		}
		s.slots, s.dead, s.ndead = live, make([]bool, len(live)), 0
	}
	return true
}

func (s *tombstones) GetRandom() int {
	for {
		if i := rand.IntN(len(s.slots)); !s.dead[i] {
			return s.slots[i]
		}
	}
}

// TestPerformanceJudgesGrowth checks that the growth test passes a right set of another
// design: tombstones compacted once they are half the slots. (A Remove that shifts the slice, a
// GetRandom that walks a map and tombstones never compacted are submissions under
// grader/testdata/randomizedset/time_limit_exceeded, graded end to end.)
func TestPerformanceJudgesGrowth(t *testing.T) {
	impl := API{New: func() RandomizedSet { return &tombstones{index: map[int]int{}} }}
	if end, _ := kit.Perf(t, impl, 5, "performance/growth"); end.Status != result.Pass {
		t.Errorf("compacting tombstones: flagged: %+v", end.Failure)
	}
}
