package suites

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kata/grader/internal/build"
	"kata/grader/internal/golden"
)

// catalogFile is the judge's list of the suites, generated from them.
var catalogFile = filepath.Join("..", "catalog", "catalog_gen.go")

// The judge's catalog must list every suite's tests, their kinds and its binding exactly as the
// suites declare them: the judge reads them there, without linking the suites.
func TestCatalog(t *testing.T) {
	want, err := renderCatalog(Catalog())
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, catalogFile, want, "the suites")
}

// Every suite's package is the folder of its exercise's name, so that the judge derives its
// import path from the name alone; and every folder here is a suite in the index.
func TestImportPaths(t *testing.T) {
	indexed := map[string]bool{}
	for _, e := range entries {
		name := e.Suite.Exercise
		indexed[name] = true
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(name, name+".go"), nil, parser.PackageClauseOnly)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if f.Name.Name != name {
			t.Errorf("%s/%s.go is package %s, want %s", name, name, f.Name.Name, name)
		}
	}
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if d.IsDir() && !indexed[d.Name()] {
			t.Errorf("%s/ is not in the index: add its entry line to suites.go", d.Name())
		}
	}
}

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
			if !strings.Contains(expr, pkg+".") || strings.Contains(expr, other) {
				t.Errorf("%s: the binding for %s does not use that package alone:\n%s", name, pkg, expr)
			}
		}
	}
}
