package suites

import (
	"go/parser"
	"strings"
	"testing"

	"kata/grader/internal/build"
)

// Each suite's binding must give, for the learner's package and the reference's alike, one Go
// expression that uses that package only: the generated main is built from them.
func TestBindings(t *testing.T) {
	for _, e := range entries {
		name := e.Suite.Exercise
		for _, pkg := range []string{"P", "R"} {
			expr, err := build.Bind(e.Binding, pkg)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if _, err := parser.ParseExpr(expr); err != nil {
				t.Errorf("%s: the binding for %s is not a Go expression: %v\n%s", name, pkg, err, expr)
			}
			other := map[string]string{"P": "R.", "R": "P."}[pkg]
			if !strings.Contains(expr, pkg+".New") || strings.Contains(expr, other) {
				t.Errorf("%s: the binding for %s does not use that package alone:\n%s", name, pkg, expr)
			}
		}
	}
}
