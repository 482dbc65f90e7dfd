package stubs

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kata/grader/exercise"
)

var update = flag.Bool("update", false, "rewrite the embedded stubs from exercises/ (each must be an untouched stub)")

// kitRoot is the kit's root, four folders up from this package.
var kitRoot = filepath.Join("..", "..", "..", "..")

func TestEveryExerciseHasAStub(t *testing.T) {
	if got, want := Names(), slices.Sorted(slices.Values(exercise.Names())); !slices.Equal(got, want) {
		t.Errorf("embedded stubs for %v, want one for each exercise: %v", got, want)
	}
	for _, name := range exercise.Names() {
		fsys, err := FS(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{name + ".go", name + "_test.go"} {
			if _, err := fs.Stat(fsys, f); err != nil {
				t.Errorf("the stub of %s has no %s: %v", name, f, err)
			}
		}
	}
	for _, bad := range []string{"", ".", "..", "_files", "hashset/..", "nosuch"} {
		if _, err := FS(bad); err == nil {
			t.Errorf("FS(%q) gave a stub", bad)
		}
	}
}

// TestEmbeddedStubsMatchExercises keeps the embedded copy equal to exercises/NAME while that
// folder is still an untouched stub. In a learner's copy of the kit, once they have written
// code, the folder is theirs and the test skips it.
func TestEmbeddedStubsMatchExercises(t *testing.T) {
	for _, name := range exercise.Names() {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(kitRoot, "exercises", name)
			if reason := untouched(t, dir); reason != "" {
				if *update {
					t.Fatalf("refusing to embed %s as the stub: %s", dir, reason)
				}
				t.Skipf("exercises/%s is no longer the untouched stub (%s): it is yours now, "+
					"so it is not compared with the embedded copy", name, reason)
			}
			if *update {
				rewrite(t, dir, filepath.Join(root, name))
				return
			}
			fsys, err := FS(name)
			if err != nil {
				t.Fatal(err)
			}
			embedded := goFiles(t, fsys)
			onDisk := goFiles(t, os.DirFS(dir))
			for f, data := range onDisk {
				if want, ok := embedded[f]; !ok {
					t.Errorf("exercises/%s/%s is not in the embedded stub", name, f)
				} else if !bytes.Equal(data, want) {
					t.Errorf("exercises/%s/%s differs from the embedded stub", name, f)
				}
			}
			for f := range embedded {
				if _, ok := onDisk[f]; !ok {
					t.Errorf("the embedded stub has %s, which exercises/%s lacks", f, name)
				}
			}
			if t.Failed() {
				t.Log("after changing a stub, run: go test ./cmd/kata/internal/stubs -update")
			}
		})
	}
}

// untouched returns "" when every function and method outside the test files of dir, and
// outside the files the stub gives ready-made, has the body panic("not implemented") and
// nothing else, and otherwise the first one that differs.
func untouched(t *testing.T, dir string) string {
	t.Helper()
	fset := token.NewFileSet()
	for f := range goFiles(t, os.DirFS(dir)) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, filepath.Join(dir, f), nil, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			return fmt.Sprintf("%s does not parse", f)
		}
		if readyMade(file) {
			continue
		}
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if ok && !panicsNotImplemented(fn.Body) {
				return fmt.Sprintf("%s has code in %s", f, fn.Name.Name)
			}
		}
	}
	return ""
}

// readyMade reports whether a stub's file is working code the exercise gives the learner (the
// lsm exercise's Disks), marked by a //kata:ready line above its package clause.
func readyMade(file *ast.File) bool {
	return len(file.Comments) > 0 && file.Comments[0].Pos() < file.Package &&
		file.Comments[0].List[0].Text == "//kata:ready"
}

// panicsNotImplemented reports whether body is exactly panic("not implemented").
func panicsNotImplemented(body *ast.BlockStmt) bool {
	if body == nil || len(body.List) != 1 {
		return false
	}
	expr, ok := body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := expr.X.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "panic" {
		return false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return false
	}
	s, err := strconv.Unquote(lit.Value)
	return err == nil && s == "not implemented"
}

// goFiles reads the Go files at the top of fsys, as the go tool sees them: names that do not
// start with "." or "_".
func goFiles(t *testing.T, fsys fs.FS) map[string][]byte {
	t.Helper()
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		n := e.Name()
		if !e.Type().IsRegular() || !strings.HasSuffix(n, ".go") || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			continue
		}
		if out[n], err = fs.ReadFile(fsys, n); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// rewrite makes the embedded folder dst hold exactly the Go files of src.
func rewrite(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.RemoveAll(dst); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for f, data := range goFiles(t, os.DirFS(src)) {
		if err := os.WriteFile(filepath.Join(dst, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("rewrote %s from %s", dst, src)
}

func TestPanicsNotImplemented(t *testing.T) {
	for src, want := range map[string]bool{
		`panic("not implemented")`:             true,
		"panic(`not implemented`)":             true,
		`panic("not implemented!")`:            false,
		`panic("not implemented"); return`:     false,
		`return`:                               false,
		`x := 1; _ = x`:                        false,
		`panic(errors.New("not implemented"))`: false,
		`fmt.Println("not implemented")`:       false,
		`panic("not implemented", "and more")`: false,
	} {
		file, err := parser.ParseFile(token.NewFileSet(), "x.go", "package p\nfunc f() {"+src+"}", 0)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		body := file.Decls[0].(*ast.FuncDecl).Body
		if got := panicsNotImplemented(body); got != want {
			t.Errorf("panicsNotImplemented(%s) = %v, want %v", src, got, want)
		}
	}
}

// TestUntouched checks what counts as a learner's copy: code in any function or method of a
// non-test file. Tests the learner adds do not count.
func TestUntouched(t *testing.T) {
	stub := "package p\n\nfunc New() *T { panic(\"not implemented\") }\n\nfunc (t *T) Add(x int) {\n\tpanic(\"not implemented\")\n}\n"
	for _, tc := range []struct {
		name   string
		files  map[string]string
		reason string
	}{
		{"stub", map[string]string{"p.go": stub}, ""},
		{"with tests", map[string]string{"p.go": stub, "p_test.go": "package p\n\nfunc helper() {}\n"}, ""},
		{"method written", map[string]string{"p.go": strings.Replace(stub, "\tpanic(\"not implemented\")", "\tt.n++", 1)}, "p.go has code in Add"},
		{"helper added", map[string]string{"p.go": stub, "more.go": "package p\n\nfunc hash(x int) int { return x }\n"}, "more.go has code in hash"},
		{"broken", map[string]string{"p.go": "package p\nfunc {"}, "p.go does not parse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, src := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := untouched(t, dir); got != tc.reason {
				t.Errorf("untouched = %q, want %q", got, tc.reason)
			}
		})
	}
}
