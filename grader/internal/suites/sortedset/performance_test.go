package sortedset

import (
	"slices"
	"strings"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
)

func perfRun(t *testing.T, learner API) (record.Event, []record.Complexity) {
	t.Helper()
	s := &harness.Suite{Exercise: "sortedset", Tests: []harness.Test{performance(learner, reference)}}
	log, err := harness.Local(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	return log.Ends()["performance/growth"], log.Judgements()
}

func TestPerformanceAcceptsTheReference(t *testing.T) {
	end, judged := perfRun(t, reference)
	if end.Status != result.Pass {
		t.Fatalf("the reference failed: %+v", end.Failure)
	}
	for _, c := range judged {
		t.Logf("%s along %s: %s (ratio %.2f, growth %.2f, slope %.2f)", c.Op, c.Axis, c.Reason, c.Ratio, c.Growth, c.Slope)
	}
	t.Logf("CPU %v", end.Elapsed)
}

// sortedSlice is a sorted slice of members beside a map: Rank and the ranges by binary search,
// O(log n + r), but Add and Remove shift the members after the place, Θ(n).
type sortedSlice struct {
	order  []Member
	scores map[string]float64
}

func newSortedSlice() *sortedSlice { return &sortedSlice{scores: map[string]float64{}} }

func (s *sortedSlice) search(name string, score float64) (int, bool) {
	return slices.BinarySearchFunc(s.order, Member{name, score}, func(a, b Member) int {
		switch {
		case a.Score < b.Score:
			return -1
		case a.Score > b.Score:
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
}

func (s *sortedSlice) Add(name string, score float64) bool {
	old, had := s.scores[name]
	if had {
		i, _ := s.search(name, old)
		s.order = slices.Delete(s.order, i, i+1)
	}
	s.scores[name] = score
	i, _ := s.search(name, score)
	s.order = slices.Insert(s.order, i, Member{name, score})
	return !had
}

func (s *sortedSlice) Remove(name string) bool {
	old, had := s.scores[name]
	if had {
		i, _ := s.search(name, old)
		s.order = slices.Delete(s.order, i, i+1)
		delete(s.scores, name)
	}
	return had
}

func (s *sortedSlice) Score(name string) (float64, bool) { sc, ok := s.scores[name]; return sc, ok }

func (s *sortedSlice) Rank(name string) (int, bool) {
	sc, ok := s.scores[name]
	if !ok {
		return 0, false
	}
	i, _ := s.search(name, sc)
	return i, true
}

func (s *sortedSlice) Len() int { return len(s.order) }

func (s *sortedSlice) RangeByRank(start, stop int) []Member {
	return slices.Clone(zrange(s.order, start, stop))
}

func (s *sortedSlice) RangeByScore(lo, hi float64) []Member {
	if !(lo <= hi) {
		return nil
	}
	i, _ := slices.BinarySearchFunc(s.order, lo, func(m Member, x float64) int {
		if m.Score < x {
			return -1
		}
		return 1
	})
	j, _ := slices.BinarySearchFunc(s.order, hi, func(m Member, x float64) int {
		if m.Score <= x {
			return -1
		}
		return 1
	})
	return slices.Clone(s.order[i:j])
}

// slowOp is the reference with one operation made Θ(n) by a walk over the whole set first
// (RangeByRank(0, -1)), or, for "quadratic", ranges that copy their result at each member.
type slowOp struct {
	Set
	op string
}

func (s slowOp) walk(op string) {
	if s.op == op {
		s.Set.RangeByRank(0, -1)
	}
}

func (s slowOp) Add(name string, score float64) bool {
	s.walk("Add")
	if _, present := s.Set.Score(name); present {
		s.walk("Update")
	}
	added := s.Set.Add(name, score)
	if r, _ := s.Set.Rank(name); s.op == "AddToTail" {
		s.Set.RangeByRank(r, -1) // a walk from the new member to the end
	}
	return added
}
func (s slowOp) Remove(name string) bool {
	s.walk("Remove")
	s.ties("RemoveTies", name)
	return s.Set.Remove(name)
}

// ties walks the members with the score of name, up to name, when the operation op is slow.
func (s slowOp) ties(op, name string) {
	if s.op != op {
		return
	}
	if sc, ok := s.Set.Score(name); ok {
		for _, m := range s.Set.RangeByScore(sc, sc) {
			if m.Name == name {
				return
			}
		}
	}
}
func (s slowOp) Score(name string) (float64, bool) { s.walk("Score"); return s.Set.Score(name) }
func (s slowOp) Rank(name string) (int, bool) {
	s.walk("Rank")
	s.ties("RankTies", name)
	return s.Set.Rank(name)
}
func (s slowOp) Len() int { s.walk("Len"); return s.Set.Len() }
func (s slowOp) RangeByRank(start, stop int) []Member {
	s.walk("RangeByRank")
	if s.op == "quadratic" {
		var out []Member
		for _, m := range s.Set.RangeByRank(start, stop) {
			out = append(slices.Clip(out), m) // a copy at each member
		}
		return out
	}
	return s.Set.RangeByRank(start, stop)
}
func (s slowOp) RangeByScore(lo, hi float64) []Member {
	s.walk("RangeByScore")
	return s.Set.RangeByScore(lo, hi)
}

// TestPerformanceFlagsEachOperation makes each operation in turn Θ(n) and checks that the
// growth test names it; a sorted slice is named for Add or Remove, a range quadratic in the
// members it returns for RangeByRank along r, an Add slow only for a present name (an update)
// or only away from the end of the order for Add along n, and a walk along the members of
// equal score for its operation along ties.
func TestPerformanceFlagsEachOperation(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the growth of several wrong implementations, seconds each; go test without -short runs it")
	}
	for _, tc := range []struct {
		name string
		impl API
		ops  []string // the operation the failure may name
		axis string
	}{
		{"sorted slice", API{New: func() Set { return newSortedSlice() }}, []string{"Add", "Remove"}, "n"},
		{"quadratic range", API{New: func() Set { return slowOp{reference.New(), "quadratic"} }}, []string{"RangeByRank"}, "r"},
		{"linear Add", API{New: func() Set { return slowOp{reference.New(), "Add"} }}, []string{"Add"}, "n"},
		{"linear Remove", API{New: func() Set { return slowOp{reference.New(), "Remove"} }}, []string{"Remove"}, "n"},
		{"linear Score", API{New: func() Set { return slowOp{reference.New(), "Score"} }}, []string{"Score"}, "n"},
		{"linear Rank", API{New: func() Set { return slowOp{reference.New(), "Rank"} }}, []string{"Rank"}, "n"},
		{"linear Len", API{New: func() Set { return slowOp{reference.New(), "Len"} }}, []string{"Len"}, "n"},
		{"linear RangeByRank", API{New: func() Set { return slowOp{reference.New(), "RangeByRank"} }}, []string{"RangeByRank"}, "n"},
		{"linear RangeByScore", API{New: func() Set { return slowOp{reference.New(), "RangeByScore"} }}, []string{"RangeByScore"}, "n"},
		{"linear update", API{New: func() Set { return slowOp{reference.New(), "Update"} }}, []string{"Add"}, "n"},
		{"Add walks to the end", API{New: func() Set { return slowOp{reference.New(), "AddToTail"} }}, []string{"Add"}, "n"},
		{"Rank walks ties", API{New: func() Set { return slowOp{reference.New(), "RankTies"} }}, []string{"Rank"}, "ties"},
		{"Remove walks ties", API{New: func() Set { return slowOp{reference.New(), "RemoveTies"} }}, []string{"Remove"}, "ties"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			end, judged := perfRun(t, tc.impl)
			if end.Status != result.Fail || end.Failure.Verdict != "time_limit_exceeded" || !slices.Contains(tc.ops, end.Failure.Op) {
				t.Errorf("want time_limit_exceeded naming one of %v, got %s %+v", tc.ops, end.Status, end.Failure)
			}
			for _, c := range judged {
				if c.Op == end.Failure.Op && c.Axis == tc.axis && !c.OK() {
					t.Logf("%s along %s: %s (growth %.1f)", c.Op, c.Axis, c.Reason, c.Growth)
					return
				}
			}
			t.Errorf("no failing judgement of %s along %s", end.Failure.Op, tc.axis)
		})
	}
}
