package harness

import (
	"time"

	"kata/grader/internal/catalog"
	"kata/grader/internal/record"
)

// Kind says what a test compares the learner's code against: the catalog's kinds, which the
// judge's parent side reads without linking the suites.
type Kind = catalog.Kind

// The kinds of hidden tests.
const (
	// Fixed tests have fixed expected outputs: examples and edge cases.
	Fixed = catalog.Fixed
	// Differential tests compare with the reference solution on random operation sequences.
	Differential = catalog.Differential
	// Property tests check what must hold whatever the reference does: uniformity, rates,
	// bounds, memory.
	Property = catalog.Property
	// Performance tests measure how the learner's operations grow, against the reference.
	Performance = catalog.Performance
)

// Test is one hidden test.
type Test struct {
	Name string // short, slash-separated: "edge/duplicates"
	Kind Kind
	Run  func(t *T)
	// Large marks a fixed or differential test of size, hundreds of thousands of calls
	// ("random/large"): the suites' own tests leave it out under -short, with the property and
	// performance tests (suitetest.Sized). The judge runs it as any other.
	Large bool
}

// Probe calls one function or method once, to find out whether it is still the stub.
type Probe struct {
	Method string // as in the API: "Erase"
	Args   []any  // the arguments Call passes, for messages about it
	// Call makes one call. For a method it makes its own structure first; if building the
	// structure is itself unimplemented, the constructor's probe says so.
	Call func()
	// Constructor marks the probe of the function that builds the structure (New). When it is
	// unimplemented the method probes cannot run.
	Constructor bool
	// Free marks a package function that needs no structure (bloom.OptimalM): it is probed even
	// when the constructor is unimplemented.
	Free bool
}

// Suite is an exercise's hidden tests.
type Suite struct {
	Exercise string
	Probes   []Probe // the "implemented" test: every function and method once
	Tests    []Test
	// StuckHint, if set, names the likely cause of an endless loop in the call c of the graded
	// code during the test called test, which the watchdog stops (a bound the exercise states
	// and the code does not keep), or returns "".
	StuckHint func(test string, c Call) string
	// Deadlock, if set, gives the suite's own account of the call call of the graded code that
	// the watchdog found blocked for limit on the test's goroutine goid (what each goroutine
	// waits on, the cause), or returns nil for the watchdog's.
	Deadlock func(call string, goid uint64, limit time.Duration) *record.Failure
	// PanicHint, if set, names the cause of a panic in the call c of the graded code that the
	// panic value itself shows, where no shrunk case is at hand (a performance test's batch of
	// calls, a property test's call), or returns "".
	PanicHint func(c Call, p any) string
	// Seconds are parts of tests that run in a second process of the graded program, each with
	// a folder to work in (T.Second), by name.
	Seconds map[string]func(dir string) error
}

// ImplementedTest is the name of the first test of every suite: the not-implemented probe.
const ImplementedTest = catalog.ImplementedTest

// All returns the suite's tests in the order they run, the probe first.
func (s *Suite) All() []Test {
	tests := []Test{{Name: ImplementedTest, Kind: Fixed, Run: s.probe}}
	return append(tests, s.Tests...)
}
