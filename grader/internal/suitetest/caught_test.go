package suitetest

import (
	"fmt"
	"strings"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
)

// recorder is a testing.TB that keeps what a check reports; Fatalf ends the check by a panic
// that check recovers.
type recorder struct {
	testing.TB
	errs []string
}

type fatal struct{}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatalf(format string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, a...))
	panic(fatal{})
}

// check runs c.Check on end and returns what it reported.
func check(t *testing.T, c Caught, end *record.Event) (errs []string) {
	r := &recorder{TB: t}
	defer func() {
		if p := recover(); p != nil && p != (fatal{}) {
			panic(p)
		}
		errs = r.errs
	}()
	c.Check(r, end)
	return r.errs
}

func TestCheck(t *testing.T) {
	end := &record.Event{Kind: record.End, Test: "edge/empty", Status: result.Fail, Failure: &record.Failure{
		Verdict: verdict.WrongAnswer, Message: "Search(0) returned true, want false", Hint: "a sentinel head",
		Case: &result.Case{Code: "s := New()\nif s.Search(0) {", Ops: 2},
	}}
	right := Caught{Test: "edge/empty", Verdict: verdict.WrongAnswer, Call: "Search(0)", Hint: "sentinel", MaxOps: 2}
	for _, c := range []struct {
		reason string
		caught Caught
		end    *record.Event
		want   string // words of the first error the check must report; "" none
	}{
		{"the failure as stated", right, end, ""},
		{"nothing failed", right, nil, "passed every test"},
		{"another test caught it", Caught{Test: "example", Verdict: verdict.WrongAnswer}, end, "caught by edge/empty"},
		{"another verdict", Caught{Test: "edge/empty", Verdict: verdict.RuntimeError}, end, "as wrong_answer"},
		{"the call not named", Caught{Test: "edge/empty", Verdict: verdict.WrongAnswer, Call: "Add(1)"}, end, "does not name"},
		{"other words in the message", Caught{Test: "edge/empty", Verdict: verdict.WrongAnswer, Message: "panicked"}, end, "does not name"},
		{"other hint words", Caught{Test: "edge/empty", Verdict: verdict.WrongAnswer, Hint: "mix"}, end, "lacks"},
		{"mentioned nowhere", Caught{Test: "edge/empty", Verdict: verdict.WrongAnswer, Mention: "bucket"}, end, "does not mention"},
		{"mentioned in the case", Caught{Test: "edge/empty", Verdict: verdict.WrongAnswer, Mention: "s := New()"}, end, ""},
		{"a longer case", Caught{Test: "edge/empty", Verdict: verdict.WrongAnswer, MaxOps: 1}, end, "at most 1"},
		{"a case where none is wanted", Caught{Test: "edge/empty", Verdict: verdict.WrongAnswer, Case: ShowsNoCase}, end, "want none"},
		{"other code in the case", Caught{Test: "edge/empty", Verdict: verdict.WrongAnswer, Code: "s.Add("}, end, "does not show"},
		{"no case where one is wanted", Caught{Test: "implemented", Verdict: verdict.NotImplemented, Code: "Erase"},
			&record.Event{Test: "implemented", Failure: &record.Failure{Verdict: verdict.NotImplemented, Message: "Erase"}}, "no case"},
	} {
		errs := check(t, c.caught, c.end)
		switch {
		case c.want == "" && len(errs) > 0:
			t.Errorf("%s: reported %q", c.reason, errs)
		case c.want != "" && (len(errs) == 0 || !strings.Contains(errs[0], c.want)):
			t.Errorf("%s: reported %q, want first an error saying %q", c.reason, errs, c.want)
		}
	}
}

func TestFirstFailure(t *testing.T) {
	log := &record.Log{Events: []record.Event{
		{Kind: record.End, Test: "a", Status: result.Pass},
		{Kind: record.End, Test: "b", Status: result.Fail, Failure: &record.Failure{Verdict: verdict.WrongAnswer}},
		{Kind: record.End, Test: "c", Status: result.Skip},
	}}
	if e := FirstFailure(log); e == nil || e.Test != "b" {
		t.Errorf("FirstFailure = %+v, want b", e)
	}
	if e := FirstFailure(&record.Log{Events: log.Events[:1]}); e != nil {
		t.Errorf("FirstFailure of a pass = %+v", e)
	}
	if CaseCode(nil) != "" || CaseCode(&log.Events[1]) != "" {
		t.Error("CaseCode of no case")
	}
}

// TestShortLeavesOutTestsOfSize checks the tests a run under -short keeps: the probe of what is
// implemented and every fixed and differential test but the large ones, or the named ones of
// those.
func TestShortLeavesOutTestsOfSize(t *testing.T) {
	s := &harness.Suite{Tests: []harness.Test{
		{Name: "example", Kind: harness.Fixed}, {Name: "random/small", Kind: harness.Differential},
		{Name: "random/large", Kind: harness.Differential, Large: true},
		{Name: "property/memory", Kind: harness.Property}, {Name: "performance/growth", Kind: harness.Performance},
	}}
	if got := fmt.Sprint(shortList(t, s, nil)); got != "[implemented example random/small]" {
		t.Errorf("every test under -short: %s", got)
	}
	if got := fmt.Sprint(shortList(t, s, []string{"random/small", "random/large", "property/memory", "performance/growth"})); got != "[random/small]" {
		t.Errorf("named tests under -short: %s", got)
	}
}

func TestAgain(t *testing.T) {
	bugs := ByName([]Planted[int]{{Name: "one", Impl: 1}, {Name: "two", Impl: 2}})
	c := Caught{Test: "example", Verdict: verdict.WrongAnswer}
	if got := bugs.Again("two", c); got.Name != "two" || got.Impl != 2 || got.Caught != c {
		t.Errorf("Again(two) = %+v", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("Again of a name not planted did not panic")
		}
	}()
	bugs.Again("three", c)
}
