// Package randomizedset holds the hidden tests of the randomizedset exercise.
package randomizedset

import "kata/grader/internal/harness"

// RandomizedSet is the API the tests drive.
type RandomizedSet interface {
	Insert(val int) bool
	Remove(val int) bool
	GetRandom() int
}

// API is one implementation of the exercise: the graded package's or the reference's.
type API struct {
	New func() RandomizedSet
}

// Binding is the Go expression the judge's generated main uses to build an API from the package
// imported as P; the suite package itself is imported as suite.
const Binding = `suite.API{New: func() suite.RandomizedSet { return P.New() }}`

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	return &harness.Suite{
		Exercise: "randomizedset",
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Insert", Call: func() { learner.New().Insert(1) }},
			{Method: "Remove", Call: func() { learner.New().Remove(1) }},
			{Method: "GetRandom", Call: func() {
				s := learner.New()
				s.Insert(1)
				s.GetRandom()
			}},
		},
	}
}
