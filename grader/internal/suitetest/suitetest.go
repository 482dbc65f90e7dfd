// Package suitetest is the scaffolding of the suites' own tests: it runs a suite in process on
// an implementation with the reference behind it, finds the first test that failed, and checks
// that a planted bug is caught as it must be (by which test, with which verdict, a case of which
// size, and which words in the message, the hint and the case), and that a seed replays its
// failure. It also checks that the reference-free tests need no reference, and that a reference
// stays well inside the ranges of the statistical tests over several seeds, and gives the filter
// suites' toys their hash.
//
// One rule for -short holds in every suite, here: go test -short leaves out the tests of size,
// the performance tests (every growth ladder), the property tests (hundreds of thousands of
// calls, measured rates, memory) and the tests marked Large ("random/large"). A run of the whole
// suite then leaves them out, and a check of a bug that only one of them catches, or of one of
// them alone, is skipped.
package suitetest

import (
	"slices"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
)

// Kit runs a suite's tests in process on implementations of its API, with the reference behind
// them.
type Kit[API any] struct {
	// Suite builds the suite on a learner's implementation and the reference.
	Suite func(learner, reference API) *harness.Suite
	// Reference is the reference implementation.
	Reference API
}

// Run runs the suite on learner with seed, only the named tests if any, and returns the record.
// Under -short a run of every test leaves out the tests of size (Sized), and a run of named
// tests that are all of size is skipped.
func (k Kit[API]) Run(t testing.TB, learner API, seed uint64, only ...string) *record.Log {
	t.Helper()
	s := k.Suite(learner, k.Reference)
	if testing.Short() {
		only = shortList(t, s, only)
	}
	log, err := harness.Local(s, seed, only...)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// shortList is the tests a run under -short runs: the named ones but the tests of size, or
// every test but those when none is named. It skips t when nothing is left.
func shortList(t testing.TB, s *harness.Suite, only []string) []string {
	t.Helper()
	var keep []string
	for _, test := range s.All() {
		if !Sized(test) && (len(only) == 0 || slices.Contains(only, test.Name)) {
			keep = append(keep, test.Name)
		}
	}
	if len(keep) == 0 {
		t.Skip(shortSkip)
	}
	return keep
}

// Sized reports whether test is a test of size, which -short leaves out: a performance or a
// property test, or one marked Large.
func Sized(test harness.Test) bool {
	return test.Kind == harness.Performance || test.Kind == harness.Property || test.Large
}

// shortSkip is what a test skipped under -short says.
const shortSkip = "-short leaves out the performance and property tests; go test without -short runs them"

// RunEnds runs the suite as Run does and returns the record and its end events by test.
func (k Kit[API]) RunEnds(t testing.TB, learner API, seed uint64, only ...string) (*record.Log, map[string]record.Event) {
	t.Helper()
	log := k.Run(t, learner, seed, only...)
	return log, log.Ends()
}

// First runs the suite as Run does and returns the end event of the first test that did not
// pass, or nil when every test passed.
func (k Kit[API]) First(t testing.TB, learner API, seed uint64, only ...string) *record.Event {
	t.Helper()
	return FirstFailure(k.Run(t, learner, seed, only...))
}

// Fails runs the suite as Run does and returns the end event of the first test that did not
// pass; that every test passed fails t.
func (k Kit[API]) Fails(t testing.TB, learner API, seed uint64, only ...string) *record.Event {
	t.Helper()
	end := k.First(t, learner, seed, only...)
	if end == nil {
		t.Fatal("passed every test")
	}
	return end
}

// Replays runs the suite twice on learner with seed, as First does, and checks that it fails
// both times with a case, the same one: a seed replays its failure. With named tests, the one
// to fail must be one of them.
func (k Kit[API]) Replays(t testing.TB, learner API, seed uint64, only ...string) {
	t.Helper()
	var codes []string
	for range 2 {
		end := k.Fails(t, learner, seed, only...)
		if len(only) > 0 && !slices.Contains(only, end.Test) {
			t.Fatalf("%s failed, want one of %v to: %+v", end.Test, only, end.Failure)
		}
		if end.Failure == nil || end.Failure.Case == nil {
			t.Fatalf("%s: want a failure with a case, got %+v", end.Test, end.Failure)
		}
		codes = append(codes, end.Failure.Case.Code)
	}
	if codes[0] != codes[1] {
		t.Errorf("seed %d gave two cases:\n%s\n%s", seed, codes[0], codes[1])
	}
}

// Passes runs the suite as Run does and reports every test that did not pass, logging each
// test's time, traces when traces is set, and the growth judgements.
func (k Kit[API]) Passes(t testing.TB, learner API, seed uint64, traces bool, only ...string) *record.Log {
	t.Helper()
	log := k.Run(t, learner, seed, only...)
	var total float64
	for _, e := range log.Events {
		switch {
		case e.Kind == record.End:
			if e.Status != result.Pass {
				t.Errorf("%s: %s %+v", e.Test, e.Status, e.Failure)
			}
			total += e.Elapsed.Seconds()
			t.Logf("%-36s %v", e.Test, e.Elapsed)
		case e.Kind == record.Trace && traces:
			t.Logf("    %s", e.Message)
		}
	}
	LogJudgements(t, "", log)
	t.Logf("total CPU %.3fs", total)
	return log
}

// PassesWithout runs the reference-free tests, the ones kata verify runs, on k.Reference with
// stand behind it in the reference's place, and reports every test that did not pass, as Passes
// does: stand is a reference that must never be used, one that panics or has no constructor.
func (k Kit[API]) PassesWithout(t testing.TB, stand API, seed uint64) {
	t.Helper()
	var free []string
	for _, test := range k.Suite(k.Reference, stand).Tests {
		if test.Kind.ReferenceFree() {
			free = append(free, test.Name)
		}
	}
	Kit[API]{Suite: k.Suite, Reference: stand}.Passes(t, k.Reference, seed, false, free...)
}

// ReferencePasses runs every test but the performance tests on the reference, on both sides,
// as Passes does with seed 1. The reference's growth ladders run once in the kit's tests, through
// the real judge: package grader's TestReferencesAccepted grades every reference, and with
// go test ./... they ran twice, at a minute of CPU for the eleven.
func (k Kit[API]) ReferencePasses(t *testing.T, traces bool) {
	t.Helper()
	var tests []string
	for _, test := range k.Suite(k.Reference, k.Reference).All() {
		if test.Kind != harness.Performance {
			tests = append(tests, test.Name)
		}
	}
	k.Passes(t, k.Reference, 1, traces, tests...)
}

// Perf runs one performance test alone on learner with seed, and returns its end event and the
// growth judgements. Under -short it skips t.
func (k Kit[API]) Perf(t testing.TB, learner API, seed uint64, test string) (record.Event, []record.Complexity) {
	t.Helper()
	log := k.Run(t, learner, seed, test)
	LogJudgements(t, "", log)
	return log.Ends()[test], log.Judgements()
}

// LogJudgements logs a run's growth judgements, each line starting with prefix.
func LogJudgements(t testing.TB, prefix string, log *record.Log) {
	t.Helper()
	for _, c := range log.Judgements() {
		t.Logf("%s%s/%s: %s %s (ratio %.2f, growth %.2f, slope %.2f)", prefix, c.Op, c.Axis, c.Status, c.Reason,
			c.Ratio, c.Growth, c.Slope)
	}
}

// FirstFailure returns the end event of the first test in log that did not pass, or nil.
func FirstFailure(log *record.Log) *record.Event {
	for _, e := range log.Events {
		if e.Kind == record.End && e.Status == result.Fail {
			return &e
		}
	}
	return nil
}

// CaseCode is the failing case's code of an end event, or "", for logs.
func CaseCode(end *record.Event) string {
	if end == nil || end.Failure == nil || end.Failure.Case == nil {
		return ""
	}
	return end.Failure.Case.Code
}
