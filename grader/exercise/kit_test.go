package exercise_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kata/grader/exercise"
	"kata/grader/internal/suites"
	"kata/grader/verdict"
)

// root is the kit's root, two folders up from this package.
var root = filepath.Join("..", "..")

// TestKitAgreesWithRegistry checks that every part of the kit has each registered exercise, and
// nothing else: its stub, its embedded copy, its reference, its suite (measuring exactly the
// operations the registry declares, at the registry's costs), its submissions with known
// verdicts, its not-implemented probes (one for each function and method of the API), its
// benchmarks against a library under devtests/bench and its recorded growth runs, or the
// registry's reason why not. problems.md is kept equal to the registry by TestProblemsInSync, and the embedded
// stubs to exercises/ by the stubs package's tests.
func TestKitAgreesWithRegistry(t *testing.T) {
	names := exercise.Names()
	recorded := recordedRuns(t)
	for _, dir := range []string{"exercises", "solutions", "cmd/kata/internal/stubs/_files",
		"grader/internal/suites", "grader/testdata"} {
		if got := folders(t, filepath.Join(root, dir)); !slices.Equal(got, slices.Sorted(slices.Values(names))) {
			t.Errorf("%s/ holds %v, want one folder for each registered exercise: %v", dir, got, names)
		}
	}
	for _, e := range exercise.All() {
		t.Run(e.Name, func(t *testing.T) {
			for _, dir := range []string{"exercises", "solutions", "cmd/kata/internal/stubs/_files"} {
				for _, file := range []string{e.Name + ".go", e.Name + "_test.go"} {
					if pkg := packageName(t, filepath.Join(root, dir, e.Name, file)); pkg != e.Name {
						t.Errorf("%s/%s/%s is package %q, want %s", dir, e.Name, file, pkg, e.Name)
					}
				}
			}
			entry, ok := suites.For(e.Name)
			if !ok {
				t.Fatalf("no suite: add it to grader/internal/suites/suites.go")
			}
			if want := "kata/grader/internal/suites/" + e.Name; entry.Import != want {
				t.Errorf("the suite's import path is %s, want %s", entry.Import, want)
			}
			var api, probed []string
			for _, f := range e.API {
				api = append(api, f.Name)
			}
			for _, p := range entry.Suite.Probes {
				probed = append(probed, p.Method)
			}
			slices.Sort(api)
			slices.Sort(probed)
			if !slices.Equal(probed, api) {
				t.Errorf("the suite's Probes call %v, want each function and method of the API once: %v", probed, api)
			}
			measured := declaredSeries(t, filepath.Join(root, "grader", "internal", "suites", e.Name))
			for _, op := range e.Ops {
				if !slices.Contains(measured, op.Name) {
					t.Errorf("the suite never measures %s, which the registry declares", op.Name)
				}
			}
			for _, op := range measured {
				if _, ok := e.Op(op); !ok {
					t.Errorf("the suite measures %s, which the registry does not declare", op)
				}
			}
			testdata := filepath.Join(root, "grader", "testdata", e.Name)
			var want []string
			for _, v := range verdict.All {
				want = append(want, string(v))
				if len(folders(t, filepath.Join(testdata, string(v)))) == 0 {
					t.Errorf("grader/testdata/%s/%s holds no submission", e.Name, v)
				}
			}
			slices.Sort(want)
			if got := folders(t, testdata); !slices.Equal(got, want) {
				t.Errorf("grader/testdata/%s holds %v, want a folder for each verdict: %v", e.Name, got, want)
			}
			bench := filepath.Join(root, "devtests", "bench", e.Name)
			tests, _ := filepath.Glob(filepath.Join(bench, "*_test.go"))
			switch {
			case e.NoBench == "" && len(tests) == 0:
				t.Errorf("devtests/bench/%s has no benchmarks of the reference against a library: "+
					"write them, or say why not in the registry's NoBench", e.Name)
			case e.NoBench != "" && len(tests) > 0:
				t.Errorf("devtests/bench/%s has benchmarks, but the registry's NoBench says why it has none", e.Name)
			}
			switch {
			case e.NoRecordings == "" && recorded[e.Name] == 0:
				t.Errorf("grader/internal/growth/testdata has no recorded run of %s: record some with "+
					"kata dev stress --exercise %s --record grader/internal/growth/testdata/%s.jsonl, "+
					"or say why not in the registry's NoRecordings", e.Name, e.Name, e.Name)
			case e.NoRecordings != "" && recorded[e.Name] > 0:
				t.Errorf("grader/internal/growth/testdata has %d recorded runs of %s, but the registry's "+
					"NoRecordings says why it has none", recorded[e.Name], e.Name)
			}
		})
	}
	if got := folders(t, filepath.Join(root, "devtests", "bench")); len(slices.DeleteFunc(got, func(n string) bool {
		return slices.Contains(names, n)
	})) > 0 {
		t.Errorf("devtests/bench/ holds %v, which are no registered exercise", got)
	}
}

// recordedRuns counts the recorded runs of each exercise in the growth judge's fixtures, the
// JSON lines under grader/internal/growth/testdata.
func recordedRuns(t *testing.T) map[string]int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "grader", "internal", "growth", "testdata", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	runs := map[string]int{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			var run struct{ Exercise string }
			if err := json.Unmarshal([]byte(line), &run); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			runs[run.Exercise]++
		}
	}
	return runs
}

// TestStubsListRules checks that each stub tells the learner exactly the packages the rules
// allow (the libraries outside the standard library, and the allow-list of imports when the
// exercise has one), so that a learner who follows the stub never breaks the rules.
func TestStubsListRules(t *testing.T) {
	for _, e := range exercise.All() {
		for _, list := range []struct {
			before string
			want   []string
		}{
			{"imports only the standard library and these:", e.Rules.Libraries},
			{"imports only these:", e.Rules.Imports},
		} {
			if len(list.want) == 0 {
				continue
			}
			_, text, ok := strings.Cut(stubDoc(t, e.Name), list.before)
			text, _, ok2 := strings.Cut(text, "(")
			if !ok || !ok2 {
				t.Errorf(`%s: the stub's doc has no "%s ... (" list`, e.Name, list.before)
				continue
			}
			got := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' })
			got = slices.DeleteFunc(got, func(f string) bool { return f == "and" })
			if !slices.Equal(got, list.want) {
				t.Errorf("%s: the stub lists %v\nthe rules allow %v", e.Name, got, list.want)
			}
		}
	}
}

// folders lists the folders in dir, in name order.
func folders(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Error(err)
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

// packageName returns the package clause of a Go file.
func packageName(t *testing.T, path string) string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly)
	if err != nil {
		t.Error(err)
		return ""
	}
	return f.Name.Name
}

// declaredSeries returns the operations the suite package in dir measures: the Op of every
// growth series it builds, each of which must go through harness.Declared, directly or through a
// declarer made by harness.SeriesOf, so that its expected cost is the registry's, never written
// in the suite.
func declaredSeries(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	declarers := map[string]bool{} // the names bound to harness.SeriesOf(...), in any file
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
		ast.Inspect(f, func(n ast.Node) bool {
			var names []*ast.Ident
			var values []ast.Expr
			switch d := n.(type) {
			case *ast.ValueSpec:
				names, values = d.Names, d.Values
			case *ast.AssignStmt:
				for _, l := range d.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						names = append(names, id)
					}
				}
				values = d.Rhs
			}
			for i, v := range values {
				if call, ok := v.(*ast.CallExpr); ok && isSelector(call.Fun, "harness", "SeriesOf") && i < len(names) {
					declarers[names[i].Name] = true
				}
			}
			return true
		})
	}
	var ops []string
	op := func(at token.Position, e ast.Expr) {
		name, err := strconv.Unquote(stringLit(e))
		if err != nil {
			t.Errorf("%s: the series' Op is not a string literal", at)
		}
		ops = append(ops, name)
	}
	for _, f := range parsed {
		growthName := ""
		for _, imp := range f.Imports {
			if imp.Path.Value == `"kata/grader/internal/growth"` {
				growthName = "growth"
				if imp.Name != nil {
					growthName = imp.Name.Name
				}
			}
		}
		declared := map[*ast.CompositeLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); ok && declarers[id.Name] && len(call.Args) > 0 {
				op(fset.Position(call.Pos()), call.Args[0])
			}
			if isSelector(call.Fun, "harness", "Declared") && len(call.Args) == 2 {
				if lit, ok := call.Args[1].(*ast.CompositeLit); ok {
					declared[lit] = true
				}
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !isSelector(lit.Type, growthName, "Series") {
				return true
			}
			at := fset.Position(lit.Pos())
			if !declared[lit] {
				t.Errorf("%s: a growth series not built with harness.Declared", at)
			}
			for _, elt := range lit.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				switch key := kv.Key.(*ast.Ident); key.Name {
				case "Expected":
					t.Errorf("%s: an expected cost written in the suite: the registry declares it", at)
				case "Op":
					op(at, kv.Value)
				}
			}
			return true
		})
	}
	return ops
}

// stringLit returns the text of a string literal, "" for any other expression.
func stringLit(e ast.Expr) string {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		return lit.Value
	}
	return ""
}

// isSelector reports whether e is pkg.name.
func isSelector(e ast.Expr, pkg, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && pkg != "" && id.Name == pkg
}

// stubDoc returns the comment text of an exercise's stub, its words separated by single spaces.
func stubDoc(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, "exercises", name, name+".go"))
	if err != nil {
		t.Fatal(err)
	}
	var doc []string
	for line := range strings.Lines(string(src)) {
		if text, ok := strings.CutPrefix(line, "//"); ok {
			doc = append(doc, strings.Fields(text)...)
		}
	}
	return strings.Join(doc, " ")
}
