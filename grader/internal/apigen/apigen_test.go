package apigen_test

import (
	"path/filepath"
	"strings"
	"testing"

	"kata/grader/exercise"
	"kata/grader/internal/apigen"
	"kata/grader/internal/golden"
)

// root is the kit's root, three folders up from this package.
var root = filepath.Join("..", "..", "..")

// TestGeneratedInSync keeps every suite's api_gen.go and api_gen_test.go equal to what the
// registry generates, as go generate would write them. Run go test ./grader/internal/apigen
// -update after changing the registry: it also makes the suite folder of a new exercise.
func TestGeneratedInSync(t *testing.T) {
	for _, e := range exercise.All() {
		dir := apigen.Dir(root, e.Name)
		own, err := apigen.Own(dir)
		if err != nil {
			t.Error(err)
			continue
		}
		uses, err := apigen.Uses(dir)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, file := range []struct {
			name string
			gen  func() ([]byte, error)
		}{
			{apigen.FileName, func() ([]byte, error) { return apigen.Generate(e, uses) }},
			{apigen.TestFileName, func() ([]byte, error) { return apigen.GenerateTest(e, own) }},
		} {
			want, err := file.gen()
			if err != nil {
				t.Error(err)
				continue
			}
			golden.Check(t, filepath.Join(dir, file.name), want, "the registry")
		}
	}
}

// TestRefusesWhatItCannotBind checks that a declaration the binding cannot convert is an error
// naming the function, not a file that does not compile.
func TestRefusesWhatItCannotBind(t *testing.T) {
	base := func(api ...exercise.Func) *exercise.Exercise {
		return &exercise.Exercise{Name: "x", Type: "T", API: append([]exercise.Func{{Name: "New", Sig: "func() *T"}}, api...),
			Structs:    []exercise.Struct{{Name: "Item", Fields: "Key int"}},
			Interfaces: []exercise.Interface{{Name: "Store", Methods: []exercise.Func{{Name: "Get", Sig: "func(int) int"}}}}}
	}
	for _, tc := range []struct {
		reason string
		e      *exercise.Exercise
		want   string
	}{
		{"no constructor", &exercise.Exercise{Name: "x", Type: "T", API: []exercise.Func{{Name: "Size", Sig: "func() int"}}},
			"no function returns *T"},
		{"T as a method's result", base(exercise.Func{Recv: "T", Name: "Clone", Sig: "func() *T"}), "Clone: *T as a method's result"},
		{"an interface as a method's parameter", base(exercise.Func{Recv: "T", Name: "Use", Sig: "func(Store)"}), "Use: an interface type"},
		{"T as a function's parameter", base(exercise.Func{Name: "Merge", Sig: "func(*T, *T) *T"}), "Merge: *T as a function's parameter"},
		{"a map of the API's struct", base(exercise.Func{Recv: "T", Name: "All", Sig: "func() map[int]Item"}), "All: type map[int]Item"},
		{"another package's type", base(exercise.Func{Recv: "T", Name: "Wait", Sig: "func(time.Duration)"}), "only iter's types"},
		{"four results", base(exercise.Func{Recv: "T", Name: "Four", Sig: "func() (int, int, int, int)"}), "4 results"},
		{"a method no harness function calls", base(exercise.Func{Recv: "T", Name: "Clear", Sig: "func()"}),
			"Clear: no function of package harness"},
		{"an iter.Seq among two results", base(exercise.Func{Recv: "T", Name: "All", Sig: "func(int) (iter.Seq[int], bool)"}),
			"All: no function of package harness"},
		{"not a signature", base(exercise.Func{Recv: "T", Name: "Bad", Sig: "int"}), "is not a func type"},
	} {
		_, err := apigen.Generate(tc.e, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.reason, err, tc.want)
		}
	}
}

// TestGenerateTestLeavesOutOwn checks that api_gen_test.go declares only what the suite does
// not, and imports only what those declarations use.
func TestGenerateTestLeavesOutOwn(t *testing.T) {
	e := &exercise.Exercise{Name: "x", Type: "T", API: []exercise.Func{{Name: "New", Sig: "func() *T"}}}
	for _, tc := range []struct {
		own       []string
		want, not []string
	}{
		{nil, []string{"var reference = Bind(ref.New)", "var kit =", "func TestReferencePasses", `"testing"`}, nil},
		{[]string{"TestReferencePasses"}, []string{"var reference =", "var kit ="}, []string{"func TestReferencePasses", `"testing"`}},
		{[]string{"reference", "kit"}, []string{"func TestReferencePasses"}, []string{"var reference", "var kit", "kata/solutions/x", "internal/suitetest"}},
	} {
		own := map[string]bool{}
		for _, name := range tc.own {
			own[name] = true
		}
		src, err := apigen.GenerateTest(e, own)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range tc.want {
			if !strings.Contains(string(src), s) {
				t.Errorf("own %v: no %q in\n%s", tc.own, s, src)
			}
		}
		for _, s := range tc.not {
			if strings.Contains(string(src), s) {
				t.Errorf("own %v: %q in\n%s", tc.own, s, src)
			}
		}
	}
}

// TestOnlyWhatIsUsed checks that modelOf and dispatch are generated for a suite that uses them
// or has no files of its own yet, and left out of one that does not use them; modelOf calls
// dispatch, so it brings dispatch along.
func TestOnlyWhatIsUsed(t *testing.T) {
	e, err := exercise.Lookup("hashset")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		reason                string
		uses                  map[string]bool
		modelOf, withDispatch bool
	}{
		{"a new suite", nil, true, true},
		{"a suite that uses modelOf", map[string]bool{"modelOf": true}, true, true},
		{"a suite that uses dispatch alone", map[string]bool{"dispatch": true}, false, true},
		{"a suite that uses neither", map[string]bool{"Bind": true}, false, false},
	} {
		src, err := apigen.Generate(e, tc.uses)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(src), "func modelOf("); got != tc.modelOf {
			t.Errorf("%s: modelOf generated: %v, want %v", tc.reason, got, tc.modelOf)
		}
		if got := strings.Contains(string(src), "var dispatch ="); got != tc.withDispatch {
			t.Errorf("%s: dispatch generated: %v, want %v", tc.reason, got, tc.withDispatch)
		}
	}
}
