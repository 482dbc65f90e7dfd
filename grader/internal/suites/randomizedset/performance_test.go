package randomizedset

import (
	"math/rand/v2"
	"slices"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
)

// shifting removes by deleting from the middle of the slice: O(n) Remove.
type shifting struct {
	vals  []int
	index map[int]int
}

func (s *shifting) Insert(v int) bool {
	if _, ok := s.index[v]; ok {
		return false
	}
	s.index[v] = len(s.vals)
	s.vals = append(s.vals, v)
	return true
}

func (s *shifting) Remove(v int) bool {
	i, ok := s.index[v]
	if !ok {
		return false
	}
	s.vals = slices.Delete(s.vals, i, i+1)
	delete(s.index, v)
	for j := i; j < len(s.vals); j++ {
		s.index[s.vals[j]] = j
	}
	return true
}

func (s *shifting) GetRandom() int { return s.vals[rand.IntN(len(s.vals))] }

// mapWalk keeps only a map and walks it to a random position: O(n) GetRandom.
type mapWalk struct{ set map[int]bool }

func (s *mapWalk) Insert(v int) bool {
	if s.set[v] {
		return false
	}
	s.set[v] = true
	return true
}

func (s *mapWalk) Remove(v int) bool {
	if !s.set[v] {
		return false
	}
	delete(s.set, v)
	return true
}

func (s *mapWalk) GetRandom() int {
	i := rand.IntN(len(s.set))
	for v := range s.set {
		if i == 0 {
			return v
		}
		i--
	}
	panic("unreachable")
}

// tombstones marks a removed value's slot dead, and GetRandom draws again until it lands on a
// live slot. With compact set, it compacts the slots once the dead ones are more than half
// (amortised O(1)); without, GetRandom takes about slots/members tries.
type tombstones struct {
	index   map[int]int
	slots   []int
	dead    []bool
	ndead   int
	compact bool
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
	if s.compact && s.ndead > 16 && 2*s.ndead > len(s.slots) {
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

func perfRun(t *testing.T, learner API) record.Event {
	t.Helper()
	s := &harness.Suite{Exercise: "randomizedset", Tests: []harness.Test{performance(learner, reference)}}
	log, err := harness.Local(s, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range log.Judgements() {
		t.Logf("%s: ok=%v %s (growth %.2f, slope %.2f)", c.Op, c.OK(), c.Reason, c.Growth, c.Slope)
	}
	return log.Ends()["performance/growth"]
}

func TestPerformanceJudgesGrowth(t *testing.T) {
	for _, tc := range []struct {
		name string
		impl API
		ok   bool
	}{
		{"reference", reference, true},
		{"shift on remove", API{New: func() RandomizedSet { return &shifting{index: map[int]int{}} }}, false},
		{"map walk", API{New: func() RandomizedSet { return &mapWalk{set: map[int]bool{}} }}, false},
		{"compacting tombstones", API{New: func() RandomizedSet { return &tombstones{index: map[int]int{}, compact: true} }}, true},
		{"tombstones never compacted", API{New: func() RandomizedSet { return &tombstones{index: map[int]int{}} }}, false},
	} {
		end := perfRun(t, tc.impl)
		if got := end.Status == result.Pass; got != tc.ok {
			t.Errorf("%s: passed = %v, want %v: %+v", tc.name, got, tc.ok, end.Failure)
		}
		t.Logf("%s: CPU %v", tc.name, end.Elapsed)
	}
}
