// Package suites is the index of the exercises' hidden test suites: for each exercise, the
// import path of its suite package, the binding the generated main uses, and the list of its
// tests. It links every suite, so only the child side and the kit's tests import it; the judge
// reads the same facts from grader/internal/catalog, which this package's test keeps equal to
// the suites (`go test ./grader/internal/suites -update` rewrites it).
//
// A suite is hooked in here once, in the list below; its package, grader/internal/suites/NAME,
// says which exercise it judges.
package suites

import (
	"kata/grader/internal/catalog"
	"kata/grader/internal/harness"
	"kata/grader/internal/suites/bloom"
	"kata/grader/internal/suites/concurrentset"
	"kata/grader/internal/suites/countingbloom"
	"kata/grader/internal/suites/cuckoo"
	"kata/grader/internal/suites/hashset"
	"kata/grader/internal/suites/lsm"
	"kata/grader/internal/suites/quotientfilter"
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

// entries are every suite, each from its package's Binding and Suite.
var entries = []*Entry{
	entry(bloom.Binding, bloom.Suite(bloom.API{}, bloom.API{})),
	entry(concurrentset.Binding, concurrentset.Suite(concurrentset.API{}, concurrentset.API{})),
	entry(countingbloom.Binding, countingbloom.Suite(countingbloom.API{}, countingbloom.API{})),
	entry(cuckoo.Binding, cuckoo.Suite(cuckoo.API{}, cuckoo.API{})),
	entry(hashset.Binding, hashset.Suite(hashset.API{}, hashset.API{})),
	entry(lsm.Binding, lsm.Suite(lsm.API{}, lsm.API{})),
	entry(quotientfilter.Binding, quotientfilter.Suite(quotientfilter.API{}, quotientfilter.API{})),
	entry(randomizedset.Binding, randomizedset.Suite(randomizedset.API{}, randomizedset.API{})),
	entry(skiplist.Binding, skiplist.Suite(skiplist.API{}, skiplist.API{})),
	entry(sortedset.Binding, sortedset.Suite(sortedset.API{}, sortedset.API{})),
	entry(trie.Binding, trie.Suite(trie.API{}, trie.API{})),
}

// entry indexes the suite s, whose package is grader/internal/suites/ followed by the name of
// the exercise it judges.
func entry(binding string, s *harness.Suite) *Entry {
	return &Entry{Import: catalog.Import(s.Exercise), Binding: binding, Suite: s}
}

// Catalog returns the suites as the judge's catalog lists them.
func Catalog() []catalog.Suite {
	out := make([]catalog.Suite, 0, len(entries))
	for _, e := range entries {
		c := catalog.Suite{Exercise: e.Suite.Exercise, Binding: e.Binding}
		for _, t := range e.Suite.All() {
			c.Tests = append(c.Tests, catalog.Test{Name: t.Name, Kind: t.Kind})
		}
		out = append(out, c)
	}
	return out
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
