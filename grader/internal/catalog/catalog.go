// Package catalog is what the judge's parent side knows of each exercise's hidden tests without
// linking them: the tests' names and kinds in the order they run, and the binding the generated
// test program builds a suite's API with.
//
// The suites themselves (grader/internal/suites) run only inside the test program. The list in
// catalog_gen.go is generated from them by `go test ./grader/internal/suites -update`, and that
// package's test fails whenever the list disagrees with the suites. This package imports nothing
// of the kit, so that both sides share its types: the harness's test kinds are these.
package catalog

import (
	"slices"
	"strconv"
)

// Kind says what a hidden test compares the graded code against.
type Kind int

// The kinds of hidden tests.
const (
	// Fixed tests have fixed expected outputs: examples and edge cases.
	Fixed Kind = iota
	// Differential tests compare with the reference solution on random operation sequences.
	Differential
	// Property tests check what must hold whatever the reference does: uniformity, rates,
	// bounds, memory.
	Property
	// Performance tests measure how the graded operations grow, against the reference.
	Performance
)

// ReferenceFree reports whether tests of this kind judge without the reference solution, so
// that they can check the reference itself.
func (k Kind) ReferenceFree() bool { return k == Fixed || k == Property }

// String is the kind's name in Go: "Fixed".
func (k Kind) String() string {
	switch k {
	case Fixed:
		return "Fixed"
	case Differential:
		return "Differential"
	case Property:
		return "Property"
	case Performance:
		return "Performance"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// ImplementedTest is the name of the first test of every suite: the probe that tells a stub's
// "not implemented" panic from code.
const ImplementedTest = "implemented"

// Mode says which of a suite's tests a run takes.
type Mode struct {
	// Verify takes only the reference-free tests, to check a reference (kata verify).
	Verify bool
	// PerfOnly takes only the probe and the performance tests (the stress command).
	PerfOnly bool
	// NoPerf leaves the performance tests out: the program built with Go's race detector runs
	// the others, and a plain build the performance tests, whose costs the detector distorts.
	NoPerf bool
}

// Runs reports whether a run in mode m takes the test called name, of kind k.
func (m Mode) Runs(name string, k Kind) bool {
	if m.Verify && !k.ReferenceFree() || m.NoPerf && k == Performance {
		return false
	}
	return !m.PerfOnly || k == Performance || name == ImplementedTest
}

// Test is one hidden test as the parent side knows it.
type Test struct {
	Name string // short, slash-separated: "edge/duplicates"
	Kind Kind
}

// Suite is one exercise's hidden tests as the parent side knows them.
type Suite struct {
	Exercise string
	// Binding is a Go expression building the suite's API from a package, as a text/template
	// whose dot is the package's name, with the suite package imported as suite.
	Binding string
	// Tests are every test in the order they run, ImplementedTest first.
	Tests []Test
}

// Names returns the names of the tests a run in mode m takes, in order.
func (s *Suite) Names(m Mode) []string {
	var names []string
	for _, t := range s.Tests {
		if m.Runs(t.Name, t.Kind) {
			names = append(names, t.Name)
		}
	}
	return names
}

// Prefix is the import path of the folder holding one suite package per exercise.
const Prefix = "kata/grader/internal/suites/"

// Import is the import path of the suite package of the exercise called exercise.
func Import(exercise string) string { return Prefix + exercise }

// For returns the suite of the exercise called exercise.
func For(exercise string) (*Suite, bool) {
	i := slices.IndexFunc(suites, func(s Suite) bool { return s.Exercise == exercise })
	if i < 0 {
		return nil, false
	}
	return &suites[i], true
}
