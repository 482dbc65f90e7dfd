// Package suites is the index of the exercises' hidden test suites: for each exercise, the
// import path of its suite package, the binding the generated main uses, and the list of its
// tests.
package suites

import (
	"kata/grader/internal/harness"
	"kata/grader/internal/suites/bloom"
	"kata/grader/internal/suites/hashset"
	"kata/grader/internal/suites/randomizedset"
	"kata/grader/internal/suites/skiplist"
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

const prefix = "kata/grader/internal/suites/"

var entries = map[string]*Entry{
	"skiplist": {
		Import: prefix + "skiplist", Binding: skiplist.Binding,
		Suite: skiplist.Suite(skiplist.API{}, skiplist.API{}),
	},
	"hashset": {
		Import: prefix + "hashset", Binding: hashset.Binding,
		Suite: hashset.Suite(hashset.API{}, hashset.API{}),
	},
	"randomizedset": {
		Import: prefix + "randomizedset", Binding: randomizedset.Binding,
		Suite: randomizedset.Suite(randomizedset.API{}, randomizedset.API{}),
	},
	"trie": {
		Import: prefix + "trie", Binding: trie.Binding,
		Suite: trie.Suite(trie.API{}, trie.API{}),
	},
	"bloom": {
		Import: prefix + "bloom", Binding: bloom.Binding,
		Suite: bloom.Suite(bloom.API{}, bloom.API{}),
	},
}

// For returns the suite of the exercise called name.
func For(name string) (*Entry, bool) {
	e, ok := entries[name]
	return e, ok
}
