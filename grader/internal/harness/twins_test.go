package harness

import (
	"strings"
	"testing"

	"kata/grader/result"
)

// shared is set's values kept in a package-level slice that New empties: what a structure that
// keeps its state outside its struct does.
var shared []int

// TestTwins checks the two-structure test on toy sets: one of its own per New passes; one whose
// values live in a package-level slice that New empties fails with the case on both structures
// and the hint that they share state; one with a plain bug fails with its own suite's hint,
// not that one.
func TestTwins(t *testing.T) {
	own := model(nil)
	var inShared func(s *set, c Call) (any, bool)
	inShared = func(s *set, c Call) (any, bool) {
		s.vals, s.bug = shared, nil
		r := s.do(c)
		shared, s.bug = s.vals, inShared
		return r, true
	}
	global := model(inShared)
	global.New = func() *set { shared = nil; return &set{bug: inShared} }
	plain := model(func(s *set, c Call) (any, bool) { return false, c.Method == "Has" && len(s.vals) >= 3 })
	plain.Hint = func(Mismatch) string { return "the suite's own hint" }
	for _, tc := range []struct {
		name  string
		m     Model[*set]
		hint  string // "" when it passes
		ident string // a line the case must hold
	}{
		{"a structure of its own", own, "", ""},
		{"a package-level slice", global, TwinsHint, "b := New()"},
		{"a plain bug", plain, "the suite's own hint", ""},
	} {
		end := runOne(t, Differential, func(t *T) { Twins(t, tc.m, randomCalls(t, 600, 20), randomCalls(t, 300, 20)) })
		f := end.Failure
		switch {
		case tc.hint == "" && end.Status != result.Pass:
			t.Errorf("%s: want a pass, got %s %+v", tc.name, end.Status, f)
		case tc.hint == "":
		case end.Status != result.Fail || f == nil || f.Verdict != "wrong_answer":
			t.Errorf("%s: want a wrong_answer, got %s %+v", tc.name, end.Status, f)
		case f.Hint != tc.hint:
			t.Errorf("%s: hint %q, want %q\n%s", tc.name, f.Hint, tc.hint, f.Case.Code)
		case !strings.Contains(f.Case.Code, "a := New()") || !strings.Contains(f.Case.Code, tc.ident):
			t.Errorf("%s: the case does not show its structures:\n%s", tc.name, f.Case.Code)
		}
	}
}

// TestTwinsChanceIsNoSharing checks the hint of a Twins case that needs both structures: shared
// state only when the case fails on every replay and a's calls pass alone; otherwise, as for a
// random height past the head's that panics with both structures made, what the panic itself
// shows, or nothing.
func TestTwinsChanceIsNoSharing(t *testing.T) {
	panicHint := func(c Call, p any) string { return "the panic of " + c.Method }
	plain := model(nil)
	plain.Hint = func(Mismatch) string { return "the suite's own hint" }
	both := []Call{{Method: "Add", Args: []any{1}}, {Method: twinNew, Func: true}, {Method: twinPrefix + "Add", Func: true, Args: []any{2}}}
	for _, tc := range []struct {
		name    string
		aloneOK bool
		f       Mismatch
		want    string
	}{
		{"shared, every replay", true, Mismatch{Calls: both, Got: false}, TwinsHint},
		{"a wrong answer on some replays", true, Mismatch{Calls: both, Got: false, Flaky: true}, ""},
		{"a panic on some replays", true, Mismatch{Calls: both, Panic: "index out of range", Flaky: true}, "the panic of Add"},
		{"a panic that a's calls make alone", false, Mismatch{Calls: both, Panic: "index out of range"}, "the panic of Add"},
		{"one structure", true, Mismatch{Calls: both[:1], Got: false}, "the suite's own hint"},
	} {
		m := twinModel(plain, func() bool { return tc.aloneOK }, panicHint)
		if got := m.Hint(tc.f); got != tc.want {
			t.Errorf("%s: hint %q, want %q", tc.name, got, tc.want)
		}
	}
}
