package grader

import (
	"kata/grader/internal/catalog"
)

// HiddenTest is one hidden test of an exercise, as the parent side needs to know it.
type HiddenTest struct {
	Name string // as in a result's tests: "edge/duplicates"
	// Performance is set for a test that measures how the operations' cost grows rather than
	// whether their answers are right.
	Performance bool
}

// HiddenTests lists the hidden tests of the exercise called exercise in the order they run, or
// none for an exercise the kit does not know.
func HiddenTests(exercise string) []HiddenTest {
	suite, ok := catalog.For(exercise)
	if !ok {
		return nil
	}
	var out []HiddenTest
	for _, t := range suite.Tests {
		out = append(out, HiddenTest{Name: t.Name, Performance: t.Kind == catalog.Performance})
	}
	return out
}
