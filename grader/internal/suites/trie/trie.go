// Package trie holds the hidden tests of the trie exercise.
package trie

import "kata/grader/internal/harness"

// Trie is the API the tests drive.
type Trie interface {
	Insert(word string)
	Search(word string) bool
	StartsWith(prefix string) bool
}

// API is one implementation of the exercise: the graded package's or the reference's.
type API struct {
	New func() Trie
}

// Binding is the Go expression the judge's generated main uses to build an API from the package
// imported as P; the suite package itself is imported as suite.
const Binding = `suite.API{New: func() suite.Trie { return P.New() }}`

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	return &harness.Suite{
		Exercise: "trie",
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Insert", Call: func() { learner.New().Insert("a") }},
			{Method: "Search", Call: func() { learner.New().Search("a") }},
			{Method: "StartsWith", Call: func() { learner.New().StartsWith("a") }},
		},
	}
}
