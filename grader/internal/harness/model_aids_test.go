package harness

import (
	"math/rand/v2"
	"testing"

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
