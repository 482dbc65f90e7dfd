package suitetest

import (
	"fmt"
	"strings"
	"testing"

	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// CaseRule says whether a failure must show a case.
type CaseRule int

// The rules for a failure's case.
const (
	// MayShowCase accepts a failure with a case or without one.
	MayShowCase CaseRule = iota
	// ShowsCase wants a case.
	ShowsCase
	// ShowsNoCase wants none: a failure told in its message alone.
	ShowsNoCase
)

// Caught is how a suite must catch a planted bug: the failure it must give, and what the failure
// must say. Words left empty are not checked.
type Caught struct {
	// Test is the test that must fail: the first to fail when the whole suite runs.
	Test string
	// Verdict is the verdict the failure must have.
	Verdict verdict.Verdict
	// Call is the call at fault: the message names it, and the case, if there is one, shows it.
	Call string
	// Message holds words the failure's message must hold.
	Message string
	// Hint holds words the hint must hold.
	Hint string
	// Code holds words the case's code must hold; a case is then wanted.
	Code string
	// Mention holds words the message, its details, the hint or the case's code must hold.
	Mention string
	// Case says whether a case is wanted.
	Case CaseRule
	// MaxOps is the most operations the case may have, if there is one; 0: no bound.
	MaxOps int
}

// Check checks that end is the failure c describes: of c.Test, with c.Verdict, saying what c
// says. end nil (nothing failed) is a failure of the check.
func (c Caught) Check(t testing.TB, end *record.Event) {
	t.Helper()
	if end == nil || end.Failure == nil {
		t.Fatalf("passed every test; want %s from %s", c.Verdict, c.Test)
	}
	f := end.Failure
	code := CaseCode(end)
	if c.Test != "" && end.Test != c.Test || f.Verdict != c.Verdict {
		t.Fatalf("caught by %s as %s, want %s as %s: %s | hint: %s\n%s", end.Test, f.Verdict, c.Test, c.Verdict,
			f.Message, f.Hint, code)
	}
	t.Logf("%s: %s: %s | hint: %s\n%s", end.Test, f.Verdict, f.Message, f.Hint, code)
	if !strings.Contains(f.Message, c.Call) || !strings.Contains(f.Message, c.Message) {
		t.Errorf("the message %q does not name %q", f.Message, c.Call+c.Message)
	}
	if !strings.Contains(f.Hint, c.Hint) {
		t.Errorf("the hint %q lacks %q", f.Hint, c.Hint)
	}
	if text := f.Message + " " + f.Details + " " + f.Hint + " " + code; !strings.Contains(text, c.Mention) {
		t.Errorf("the failure does not mention %q", c.Mention)
	}
	switch {
	case f.Case == nil && (c.Case == ShowsCase || c.Code != ""):
		t.Errorf("no case, want one showing %q", c.Code)
	case f.Case == nil:
	case c.Case == ShowsNoCase:
		t.Errorf("a case of %d operations, want none", f.Case.Ops)
	case c.MaxOps > 0 && f.Case.Ops > c.MaxOps:
		t.Errorf("a case of %d operations, want at most %d", f.Case.Ops, c.MaxOps)
	case !strings.Contains(code, c.Code) || !strings.Contains(code, c.Call):
		t.Errorf("the case does not show %q", c.Code+c.Call)
	}
}

// Planted is a planted bug in an implementation of a suite's API, and how the suite must catch
// it.
type Planted[API any] struct {
	// Name says what the bug is.
	Name string
	// Impl is the implementation with the bug.
	Impl API
	Caught
}

// Bugs are planted bugs by name.
type Bugs[API any] map[string]API

// ByName indexes planted bugs by name, so that a test can plant a table's bug again.
func ByName[API any](bugs []Planted[API]) Bugs[API] {
	impls := make(Bugs[API], len(bugs))
	for _, b := range bugs {
		impls[b.Name] = b.Impl
	}
	return impls
}

// Again is the bug of that name planted again, to be caught as c: a table's bug, for a check
// of another test. A name not among the bugs panics.
func (bugs Bugs[API]) Again(name string, c Caught) Planted[API] {
	impl, ok := bugs[name]
	if !ok {
		panic(fmt.Sprintf("suitetest: no planted bug named %q", name))
	}
	return Planted[API]{Name: name, Impl: impl, Caught: c}
}

// CheckFirst runs the whole suite on each planted bug, as the judge does, one subtest each, and
// checks that the first test to fail catches it as it must. Under -short the bugs that only a
// test of size catches are skipped (Sized).
func (k Kit[API]) CheckFirst(t *testing.T, seed uint64, bugs []Planted[API]) {
	for _, b := range bugs {
		t.Run(b.Name, func(t *testing.T) {
			b.Check(t, k.firstOf(t, b, seed))
		})
	}
}

// CheckAlone runs each planted bug's test alone, one subtest each, and checks that it catches the
// bug as it must: each test is shown able to catch its bugs even where an earlier test would
// have caught them first.
func (k Kit[API]) CheckAlone(t *testing.T, seed uint64, bugs []Planted[API]) {
	for _, b := range bugs {
		t.Run(b.Name+" in "+b.Test, func(t *testing.T) {
			b.Check(t, k.First(t, b.Impl, seed, b.Test))
		})
	}
}

// firstOf is the first failure of the whole suite on a planted bug; under -short, a bug that a
// test of size must catch, or that none of the tests left catches, is skipped. When none fails,
// it logs what the growth judge saw.
func (k Kit[API]) firstOf(t *testing.T, b Planted[API], seed uint64) *record.Event {
	t.Helper()
	if testing.Short() {
		for _, test := range k.Suite(b.Impl, k.Reference).All() {
			if test.Name == b.Test && Sized(test) {
				t.Skip(shortSkip)
			}
		}
	}
	log := k.Run(t, b.Impl, seed)
	end := FirstFailure(log)
	if end == nil && testing.Short() && b.Test == "" {
		t.Skip(shortSkip + ", and only they catch this bug")
	}
	if end == nil {
		// A bug that got through is explained by what the growth judge saw.
		LogJudgements(t, "", log)
		for _, p := range log.Points() {
			t.Logf("%s/%s at %d: %.0f ns against %.0f (capped %v)", p.Op, p.Axis, p.Size, p.Learner, p.Reference, p.Capped)
		}
	}
	return end
}
