// Package hashset holds the hidden tests of the hashset exercise.
package hashset

import "kata/grader/internal/harness"

// HashSet is the API the tests drive.
type HashSet interface {
	Add(key int)
	Remove(key int)
	Contains(key int) bool
}

// API is one implementation of the exercise: the graded package's or the reference's.
type API struct {
	New func() HashSet
}

// Binding is the Go expression the judge's generated main uses to build an API from the package
// imported as P; the suite package itself is imported as suite.
const Binding = `suite.API{New: func() suite.HashSet { return P.New() }}`

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	return &harness.Suite{
		Exercise: "hashset",
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Add", Call: func() { learner.New().Add(1) }},
			{Method: "Remove", Call: func() { learner.New().Remove(1) }},
			{Method: "Contains", Call: func() { learner.New().Contains(1) }},
		},
	}
}
