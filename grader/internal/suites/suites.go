// Package suites is the index of the exercises' hidden test suites: for each exercise, the
// import path of its suite package, the binding the generated main uses, and the list of its
// tests.
//
// A suite is hooked in here once, in the list below; its package, grader/internal/suites/NAME,
// says which exercise it judges.
package suites

import (
	"kata/grader/internal/harness"
	"kata/grader/internal/suites/bloom"
	"kata/grader/internal/suites/countingbloom"
	"kata/grader/internal/suites/cuckoo"
	"kata/grader/internal/suites/hashset"
	"kata/grader/internal/suites/randomizedset"
	"kata/grader/internal/suites/skiplist"
	"kata/grader/internal/suites/sortedset"
	"kata/grader/internal/suites/trie"
)

// Entry is one exercise's suite as the judge sees it from outside the child process.
type Entry struct {
	// Import is the suite package's import path.
	Import string
	// Binding is a Go expression building the suite's API from a package, as a text/template
	// whose dot is the package's name, with the suite package imported as suite.
	Binding string
	// Suite is the suite with no implementations behind it: enough to list its tests.
	Suite *harness.Suite
}

// prefix is the import path of the folder holding one suite package per exercise.
const prefix = "kata/grader/internal/suites/"

// entries are every suite, each from its package's Binding and Suite.
var entries = []*Entry{
	entry(bloom.Binding, bloom.Suite(bloom.API{}, bloom.API{})),
	entry(countingbloom.Binding, countingbloom.Suite(countingbloom.API{}, countingbloom.API{})),
	entry(cuckoo.Binding, cuckoo.Suite(cuckoo.API{}, cuckoo.API{})),
	entry(hashset.Binding, hashset.Suite(hashset.API{}, hashset.API{})),
	entry(randomizedset.Binding, randomizedset.Suite(randomizedset.API{}, randomizedset.API{})),
	entry(skiplist.Binding, skiplist.Suite(skiplist.API{}, skiplist.API{})),
	entry(sortedset.Binding, sortedset.Suite(sortedset.API{}, sortedset.API{})),
	entry(trie.Binding, trie.Suite(trie.API{}, trie.API{})),
}

// entry indexes the suite s, whose package is grader/internal/suites/ followed by the name of
// the exercise it judges.
func entry(binding string, s *harness.Suite) *Entry {
	return &Entry{Import: prefix + s.Exercise, Binding: binding, Suite: s}
}

// For returns the suite of the exercise called name.
func For(name string) (*Entry, bool) {
	for _, e := range entries {
		if e.Suite.Exercise == name {
			return e, true
		}
	}
	return nil, false
}
