package rules

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kata/grader/exercise"
	"kata/grader/layout"
	"kata/grader/result"
)

// kit is the kit these tests run in.
var kit, _ = layout.Find(".")

// rows is the rows of a table test that run: every one, or under -short the first alone, so that
// the quick loop starts the go command once a test (each check starts it three times, for
// about a second). The tests run in parallel: the go commands they start are independent.
func rows[Row any](all []Row) []Row {
	if testing.Short() {
		return all[:1]
	}
	return all
}

// check checks the package in dir as the exercise called name.
func check(t *testing.T, name, dir string) *Report {
	t.Helper()
	e, err := exercise.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Check(context.Background(), Spec{Root: kit.Root, Exercise: e, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestHashSetMaps checks the hash set's rules on the rule_violation submissions: each is caught at
// the right place, under the rule it breaks, with a message that says what was found.
func TestHashSetMaps(t *testing.T) {
	t.Parallel()
	for _, tc := range rows([]struct {
		dir, file string
		rule      result.Rule
		want      string
	}{
		{"map-field", "hashset.go", "no-map", "map type map[int]bool"},
		{"named-map", "index.go", "no-map", "map type map[int]struct{}"},
		{"generic-map", "hashset.go", "no-map", "map type"},
		{"sync-map", "hashset.go", "no-map", "uses sync.Map, which is a map"},
		{"other-package-map", "hashset.go", "no-map", "unicode.Scripts is a map (map[string]*unicode.RangeTable)"},
		{"env-vars", "hashset.go", "allowed-imports", "imports os: the hash set may import only"},
		{"json-reflect", "hashset.go", "allowed-imports", "imports encoding/json"},
		{"flag-set", "hashset.go", "allowed-imports", "imports flag"},
		{"imports-unsafe", "hashset.go", "allowed-imports", "imports unsafe"},
		{"import-solution", "hashset.go", "no-kit-import", "imports kata/solutions/hashset"},
	}) {
		rep := check(t, "hashset", filepath.Join(kit.Testdata(), "hashset", "rule_violation", tc.dir))
		if len(rep.TypeErrors) > 0 || len(rep.API) > 0 {
			t.Errorf("%s: type errors %v, API %v", tc.dir, rep.TypeErrors, rep.API)
			continue
		}
		found := false
		for _, v := range rep.Violations {
			if filepath.Base(v.File) == tc.file && v.Rule == tc.rule && strings.Contains(v.Message, tc.want) && v.Line > 0 {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want a violation in %s saying %q, got %v", tc.dir, tc.file, tc.want, rep.Violations)
		}
	}
}

// TestCleanPackages checks that the hash set's right submissions break no rule (its no-map rule
// comes nearest to right code), nor does the first reference. The other references: package
// grader's TestReferencesAccepted grades every reference through the judge, which runs Check on
// it, and a rule one broke would be its rule_violation.
func TestCleanPackages(t *testing.T) {
	t.Parallel()
	e := exercise.All()[0]
	if rep := check(t, e.Name, kit.Solution(e.Name)); len(rep.TypeErrors)+len(rep.API)+len(rep.Violations) > 0 {
		t.Errorf("solutions/%s: %+v", e.Name, rep)
	}
	accepted, err := os.ReadDir(filepath.Join(kit.Testdata(), "hashset", "accepted"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range rows(accepted) {
		rep := check(t, "hashset", filepath.Join(kit.Testdata(), "hashset", "accepted", dir.Name()))
		if len(rep.Violations) > 0 {
			t.Errorf("%s: %v", dir.Name(), rep.Violations)
		}
	}
}

// TestOtherPackageMapValues checks that a hash set that reads another package's map, for
// anything, breaks rule no-map at the read, naming it: the contract forbids using another
// package's map, not only storing keys in it. Another package's values that hold no map are
// fine.
func TestOtherPackageMapValues(t *testing.T) {
	t.Parallel()
	for _, tc := range rows([]struct{ code, want string }{
		{"var seed = len(unicode.Categories)", "5:16: unicode.Categories is a map (map[string]*unicode.RangeTable)"},
		{"var latin = unicode.Scripts[\"Latin\"]", "5:13: unicode.Scripts is a map"},
		{"func count() (n int) {\n\tfor range unicode.Properties {\n\t\tn++\n\t}\n\treturn n\n}",
			"6:12: unicode.Properties is a map"},
		{"var folds = unicode.FoldScript\n\nvar greek = folds[\"Greek\"]", "5:13: unicode.FoldScript is a map"},
		{"var latin = unicode.In('a', unicode.Latin)", ""},
	}) {
		dir := t.TempDir()
		src := "package hashset\n\nimport \"unicode\"\n\n" + tc.code + "\n"
		if err := os.WriteFile(filepath.Join(dir, "hashset.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range check(t, "hashset", dir).Violations {
			got = append(got, fmt.Sprintf("%d:%d: %s", v.Line, v.Column, v.Message))
		}
		if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) == 0 || !strings.HasPrefix(got[0], tc.want)) {
			t.Errorf("%s: %q, want %q", tc.code, got, tc.want)
		}
	}
}

// TestAliases checks that types named through aliases are the types they stand for: a method
// of type func(Value) bool, with type Value = int, is func(int) bool.
func TestAliases(t *testing.T) {
	t.Parallel()
	for _, tc := range rows([]struct{ exercise, dir string }{
		{"skiplist", "value-alias"},           // Value = int in the methods
		{"lsm", "bytes-alias"},                // Bytes = []byte in the methods and in the Disk interface
		{"skiplist", "generic-list-alias"},    // Skiplist = list[int], a generic type's instance
		{"sortedset", "member-literal-alias"}, // Member = struct{ ... }, a type literal
	}) {
		rep := check(t, tc.exercise, filepath.Join(kit.Testdata(), tc.exercise, "accepted", tc.dir))
		if len(rep.TypeErrors)+len(rep.API) > 0 {
			t.Errorf("%s/%s: type errors %v, API %v", tc.exercise, tc.dir, rep.TypeErrors, rep.API)
		}
	}
	// The exercise's type must be the package's own: an alias of another package's is not.
	dir := t.TempDir()
	src := "package skiplist\n\nimport \"strings\"\n\ntype Skiplist = strings.Builder\n\nfunc New() *Skiplist { return nil }\n"
	if err := os.WriteFile(filepath.Join(dir, "skiplist.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "type Skiplist stands for strings.Builder, another package's type"
	if rep := check(t, "skiplist", dir); len(rep.API) == 0 || !strings.HasPrefix(rep.API[0], want) {
		t.Errorf("an alias of strings.Builder: API %q, want %q first", rep.API, want)
	}
}

// TestAPI checks that a package with another API is told how it differs.
func TestAPI(t *testing.T) {
	t.Parallel()
	rep := check(t, "skiplist", kit.Solution("trie"))
	if len(rep.API) == 0 || !strings.Contains(strings.Join(rep.API, "\n"), "type Skiplist is missing") {
		t.Errorf("a trie checked as a skip list: %v", rep.API)
	}
}

// TestStructFields checks that a struct of the API with other fields, or in another order, is
// told how it differs.
func TestStructFields(t *testing.T) {
	t.Parallel()
	rep := check(t, "sortedset", filepath.Join(kit.Testdata(), "sortedset", "compile_error", "member-fields-swapped"))
	want := "type Member has fields Score float64; Name string, want type Member struct{ Name string; Score float64 }"
	if len(rep.API) != 1 || rep.API[0] != want {
		t.Errorf("Member with its fields swapped: %q, want %q", rep.API, want)
	}
}

// TestNoLibraries checks that an exercise may not wrap a library's version of itself, even one
// that the kit's module does not require, so that the package does not type-check.
func TestNoLibraries(t *testing.T) {
	t.Parallel()
	for _, tc := range rows([]struct{ exercise, lib string }{
		{"skiplist", "github.com/huandu/skiplist"},
		{"bloom", "github.com/bits-and-blooms/bloom/v3"},
	}) {
		rep := check(t, tc.exercise, filepath.Join(kit.Testdata(), tc.exercise, "rule_violation", "wraps-library"))
		if len(rep.Violations) != 1 || rep.Violations[0].Rule != result.NoLibrary || !strings.Contains(rep.Violations[0].Message, tc.lib) {
			t.Errorf("%s: %v", tc.exercise, rep.Violations)
		}
	}
}

// TestKitImports checks that an import of any package of the kit's own module is a broken rule at
// the import, naming the package: a reference, the judge, and another of the kit's exercises alike.
func TestKitImports(t *testing.T) {
	t.Parallel()
	for _, tc := range rows([]struct{ exercise, dir, want string }{
		{"cuckoo", "imports-reference", "imports kata/solutions/cuckoo: an exercise may not use the kit's solutions/"},
		{"randomizedset", "import-harness", "imports kata/grader/internal/harness: an exercise may not use the kit's grader/"},
		{"countingbloom", "imports-bloom-exercise", "imports kata/exercises/bloom: an exercise may not use the kit's exercises/"},
	}) {
		rep := check(t, tc.exercise, filepath.Join(kit.Testdata(), tc.exercise, "rule_violation", tc.dir))
		if len(rep.Violations) != 1 || rep.Violations[0].Rule != result.NoKitImport || rep.Violations[0].Line == 0 ||
			rep.Violations[0].Message != tc.want {
			t.Errorf("%s/%s: %v, want one violation saying %q", tc.exercise, tc.dir, rep.Violations, tc.want)
		}
	}
}

// TestKitLinkname checks that a go:linkname into the kit's code is a broken rule, at the
// directive, and that the package's other linknames are listed for the build's messages.
func TestKitLinkname(t *testing.T) {
	t.Parallel()
	for _, dir := range rows([]string{"linkname-reference", "linkname-solution"}) {
		rep := check(t, "bloom", filepath.Join(kit.Testdata(), "bloom", "rule_violation", dir))
		if len(rep.Violations) != 1 || rep.Violations[0].Rule != result.NoKitLinkname || rep.Violations[0].Line == 0 {
			t.Errorf("%s: %v", dir, rep.Violations)
		}
	}
	rep := check(t, "bloom", filepath.Join(kit.Testdata(), "bloom", "compile_error", "linkname-missing"))
	if len(rep.Violations) != 0 || len(rep.Linknames) != 1 || rep.Linknames[0].Line == 0 {
		t.Errorf("linkname-missing: violations %v, linknames %v", rep.Violations, rep.Linknames)
	} // The kit's code reached from a file of another build (the race detector's), or from
	// assembly, of this system or another: each at its line.
	for _, tc := range rows([]struct{ dir, file string }{
		{"race-only-linkname", "race.go"},
		{"assembly-reads-kit", "key_amd64.s"},
	}) {
		rep := check(t, "randomizedset", filepath.Join(kit.Testdata(), "randomizedset", "rule_violation", tc.dir))
		if len(rep.Violations) == 0 || rep.Violations[0].Rule != result.NoKitLinkname ||
			!strings.HasSuffix(rep.Violations[0].File, tc.file) || rep.Violations[0].Line == 0 {
			t.Errorf("%s: %v", tc.dir, rep.Violations)
		}
	}
}

// TestDeniedImports checks that a package of the standard library that an exercise denies is a
// broken rule at the import, with the exercise's reason.
func TestDeniedImports(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := "package lsm\n\nimport \"hash/maphash\"\n\nvar seed = maphash.MakeSeed()\n"
	if err := os.WriteFile(filepath.Join(dir, "lsm.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := check(t, "lsm", dir)
	if len(rep.Violations) != 1 || rep.Violations[0].Rule != result.DeniedImports || rep.Violations[0].Line != 3 ||
		!strings.Contains(rep.Violations[0].Message, "seeds differ per process") {
		t.Errorf("an LSM tree importing hash/maphash: %v", rep.Violations)
	}
}

// TestInterfaceMethods checks that an interface type of the API with other methods is told how
// it differs, and that one with the same methods in another order, or embedded, is right.
func TestInterfaceMethods(t *testing.T) {
	t.Parallel()
	for _, tc := range rows([]struct{ disk, want string }{
		{"interface{ List() ([]string, error); Remove(string) error; Size(string) (int64, error)\n" +
			"ReadAt(string, []byte, int64) (int, error); Create(string, []byte) error }", ""},
		{"interface{ files; List() ([]string, error); Remove(string) error }\n" +
			"type files interface{ Size(string) (int64, error); ReadAt(string, []byte, int64) (int, error); Create(string, []byte) error }", ""},
		{"interface{ Remove(string) error }", "type Disk has methods Remove(string) error, want type Disk interface{ Create"},
		{"struct{}", "type Disk has methods not an interface: struct{}, want"},
	}) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "lsm.go"), []byte("package lsm\n\ntype Disk "+tc.disk+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var got string
		for _, p := range check(t, "lsm", dir).API {
			if strings.HasPrefix(p, "type Disk") {
				got = p
			}
		}
		if tc.want == "" && got != "" || !strings.HasPrefix(got, tc.want) {
			t.Errorf("type Disk %s: %q, want %q", tc.disk, got, tc.want)
		}
	}
}
