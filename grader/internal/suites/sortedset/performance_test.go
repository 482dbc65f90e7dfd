package sortedset

import (
	"math/rand/v2"
	"slices"
	"testing"

	"kata/grader/result"
)

// slowOp is the reference with one operation made Θ(n) by a walk of a step per member first,
// or, for "quadratic", ranges that copy their result at each member, or, for "RemoveTies", a
// Remove that walks the members of equal score ranked before the one it removes.
type slowOp struct {
	SortedSet
	op string
}

// walkCycles holds cycles through 2^10, 2^11, ... 2^18 slots, each in a random order: a walk
// along the one about as long as the set touches as much memory, as scattered, as a walk along
// the set's own nodes, and misses the caches as that walk would once the set outgrows them.
var walkCycles = func() [][]int32 {
	rng := rand.New(rand.NewPCG(1, 2))
	var cycles [][]int32
	for size := 1 << 10; size <= 1<<18; size <<= 1 {
		order := rng.Perm(size)
		next := make([]int32, size)
		for i, slot := range order {
			next[slot] = int32(order[(i+1)%size])
		}
		cycles = append(cycles, next)
	}
	return cycles
}()

// walkSink keeps the walk's steps from being optimized away.
var walkSink int32

// walk takes a step per member when op is the slow one.
func (s slowOp) walk(op string) {
	if s.op == op {
		steps(s.SortedSet.Len())
	}
}

// steps takes n steps along the longest of walkCycles no longer than n. It allocates nothing:
// a copy of the set per call would make the judge prove the growth by its bytes, and pile up
// gigabytes of garbage while the collector is held off for the measurements.
func steps(n int) {
	next := walkCycles[0]
	for _, c := range walkCycles {
		if len(c) <= n {
			next = c
		}
	}
	j := int32(0)
	for range n {
		j = next[j]
	}
	walkSink = j
}

func (s slowOp) Remove(name string) bool {
	s.walk("Remove")
	s.ties("RemoveTies", name)
	return s.SortedSet.Remove(name)
}

// ties takes a step per member of name's score ranked before it, when the operation op is
// slow: the walk of a list of ties to the member. It finds where the ties begin by a binary
// search over RangeByRank of one member, so that it allocates nothing that grows (see steps).
func (s slowOp) ties(op, name string) {
	if s.op != op {
		return
	}
	r, ok := s.SortedSet.Rank(name)
	if !ok {
		return
	}
	sc, _ := s.SortedSet.Score(name)
	first := 0 // the first rank of score sc: every rank before it has a lower score
	for hi := r; first < hi; {
		if mid := (first + hi) / 2; s.SortedSet.RangeByRank(mid, mid)[0].Score < sc {
			first = mid + 1
		} else {
			hi = mid
		}
	}
	steps(r - first)
}
func (s slowOp) Score(name string) (float64, bool) { s.walk("Score"); return s.SortedSet.Score(name) }
func (s slowOp) Len() int                          { s.walk("Len"); return s.SortedSet.Len() }
func (s slowOp) RangeByRank(start, stop int) []Member {
	s.walk("RangeByRank")
	if s.op == "quadratic" {
		var out []Member
		for _, m := range s.SortedSet.RangeByRank(start, stop) {
			out = append(slices.Clip(out), m) // a copy at each member
		}
		return out
	}
	return s.SortedSet.RangeByRank(start, stop)
}
func (s slowOp) RangeByScore(lo, hi float64) []Member {
	s.walk("RangeByScore")
	return s.SortedSet.RangeByScore(lo, hi)
}

// TestPerformanceFlagsEachOperation makes each operation in turn Θ(n) and checks that the
// growth test names it along n; a range quadratic in the members it returns is named for
// RangeByRank along r, and a Remove that walks the members of equal score along ties. An Add
// and a Rank that are Θ(n) are not planted here: they are submissions under
// grader/testdata/sortedset/time_limit_exceeded, graded end to end (an Add that walks to the
// tail, a Rank that walks the bottom level or rebuilds a cache of ranks), as are a sorted slice,
// an update that walks the bottom level and a Rank that walks the ties.
func TestPerformanceFlagsEachOperation(t *testing.T) {
	for _, tc := range []struct {
		name string
		impl API
		ops  []string // the operation the failure may name
		axis string
	}{
		{"quadratic range", API{New: func() SortedSet { return slowOp{reference.New(), "quadratic"} }}, []string{"RangeByRank"}, "r"},
		{"linear Remove", API{New: func() SortedSet { return slowOp{reference.New(), "Remove"} }}, []string{"Remove"}, "n"},
		{"linear Score", API{New: func() SortedSet { return slowOp{reference.New(), "Score"} }}, []string{"Score"}, "n"},
		{"linear Len", API{New: func() SortedSet { return slowOp{reference.New(), "Len"} }}, []string{"Len"}, "n"},
		{"linear RangeByRank", API{New: func() SortedSet { return slowOp{reference.New(), "RangeByRank"} }}, []string{"RangeByRank"}, "n"},
		{"linear RangeByScore", API{New: func() SortedSet { return slowOp{reference.New(), "RangeByScore"} }}, []string{"RangeByScore"}, "n"},
		{"Remove walks ties", API{New: func() SortedSet { return slowOp{reference.New(), "RemoveTies"} }}, []string{"Remove"}, "ties"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			end, judged := kit.Perf(t, tc.impl, 3, "performance/growth")
			if end.Status != result.Fail || end.Failure.Verdict != "time_limit_exceeded" || !slices.Contains(tc.ops, end.Failure.Op) {
				t.Fatalf("want time_limit_exceeded naming one of %v, got %s %+v", tc.ops, end.Status, end.Failure)
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
