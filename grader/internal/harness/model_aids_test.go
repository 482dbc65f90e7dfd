package harness

import (
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"kata/grader/result"
)

// drawCalls is randomCalls drawn from a random source, as a suite's generator draws them.
func drawCalls(rng *rand.Rand) []Call {
	calls := make([]Call, 600)
	for i := range calls {
		calls[i] = Call{Method: []string{"Add", "Has", "Del"}[rng.IntN(3)], Args: []any{rng.IntN(20)*1000 + 7}}
	}
	return calls
}

// TestModelScripts checks that each list of Scripts runs on a fresh structure: a value added
// by the first list is absent in the second, and a set that New does not make anew fails there.
func TestModelScripts(t *testing.T) {
	add := func(x int) Step { return Step{Call: Call{Method: "Add", Args: []any{x}}} }
	has := func(x int, want bool) Step { return Step{Call: Call{Method: "Has", Args: []any{x}}, Want: want} }
	lists := [][]Step{{add(1), has(1, true)}, {has(1, false)}}
	m, sticky := model(nil), model(nil)
	one := &set{}
	sticky.New = func() *set { return one }
	for _, tc := range []struct {
		name string
		run  func(*T)
		ops  int // the failing case's length, 0 for a pass
	}{
		{"one script", m.Script(add(1), has(1, true), has(2, false)), 0},
		{"fresh structures", m.Scripts(lists...), 0},
		{"one structure for all", sticky.Scripts(lists...), 1},
	} {
		end := runOne(t, Fixed, tc.run)
		switch f := end.Failure; {
		case tc.ops == 0 && end.Status != result.Pass:
			t.Errorf("%s: want a pass, got %s %+v", tc.name, end.Status, f)
		case tc.ops == 0:
		case end.Status != result.Fail || f == nil || f.Case == nil:
			t.Errorf("%s: want a failure with a case, got %s %+v", tc.name, end.Status, f)
		case f.Case.Ops != tc.ops:
			t.Errorf("%s: a case of %d operations, want %d:\n%s", tc.name, f.Case.Ops, tc.ops, f.Case.Code)
		}
	}
}

// TestModelRandomAndTwins checks that Random and TwinsTest fail as Compare and Twins do on the calls
// their generator draws from the test's random source: the same case, from the same seed.
func TestModelRandomAndTwins(t *testing.T) {
	bug := model(delBoth)
	for _, tc := range []struct {
		name       string
		aid, plain func(*T)
	}{
		{"Random", bug.Random(drawCalls), func(t *T) { Compare(t, bug, drawCalls(t.Rand())) }},
		{"TwinsTest", TwinsTest(bug, drawCalls), func(t *T) { Twins(t, bug, drawCalls(t.Rand()), drawCalls(t.Rand())) }},
	} {
		got, want := runOne(t, Differential, tc.aid), runOne(t, Differential, tc.plain)
		if got.Status != result.Fail || got.Failure == nil || got.Failure.Case == nil {
			t.Errorf("%s: want a failure with a case, got %s %+v", tc.name, got.Status, got.Failure)
			continue
		}
		if want.Failure == nil || want.Failure.Case == nil || got.Failure.Case.Code != want.Failure.Case.Code {
			t.Errorf("%s: the case differs from the harness function's:\n%s", tc.name, got.Failure.Case.Code)
		}
	}
	if end := runOne(t, Differential, model(nil).Random(drawCalls)); end.Status != result.Pass {
		t.Errorf("Random on a right set: want a pass, got %s %+v", end.Status, end.Failure)
	}
}

func TestEvidence(t *testing.T) {
	if !Evidence(func() bool { return true }) || Evidence(func() bool { return false }) {
		t.Error("Evidence does not return what check found")
	}
	if Evidence(func() bool { panic("the graded code panicked") }) {
		t.Error("a panic counted as evidence")
	}
}

// lateSet is a set of ints whose Add, when late, records its value from a goroutine a moment
// after it returns, and when wrong, never records it.
type lateSet struct {
	mu          sync.Mutex
	has         map[int]bool
	late, wrong bool
}

// do makes one call of Add or Has on s.
func (s *lateSet) do(c Call) any {
	v := c.Args[0].(int)
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case c.Method == "Has":
		return s.has[v]
	case s.late:
		go func() {
			time.Sleep(time.Millisecond)
			s.mu.Lock()
			defer s.mu.Unlock()
			s.has[v] = true
		}()
	case !s.wrong:
		s.has[v] = true
	}
	return nil
}

// TestLateWork checks that a case is taken for late work only when a call leaves a goroutine
// behind it and the pause after it makes the last call right: not for a set that answers
// wrong whatever the time, nor for one that keeps its work to itself.
func TestLateWork(t *testing.T) {
	f := Mismatch{Calls: []Call{{Method: "Add", Args: []any{1}}, {Method: "Has", Args: []any{1}}}, Want: true}
	for _, tc := range []struct {
		name        string
		late, wrong bool
		want        bool
	}{
		{"Add done in a goroutine", true, false, true},
		{"Add that records nothing", false, true, false},
		{"right set", false, false, false},
	} {
		got := LateWork(f, func() func(Call) any {
			s := &lateSet{has: map[int]bool{}, late: tc.late, wrong: tc.wrong}
			return s.do
		})
		if got != tc.want {
			t.Errorf("%s: LateWork = %v, want %v", tc.name, got, tc.want)
		}
	}
}
