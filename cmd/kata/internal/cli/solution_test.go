package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kata/cmd/kata/internal/progress"
	"kata/grader/verdict"
)

// reference is what kata solution NAME prints: each Go file of solutions/NAME but the tests,
// after a line naming it.
func reference(t *testing.T, root, name string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "solutions", name, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, "// solutions/"+name+"/"+filepath.Base(f)+"\n\n"+string(data))
	}
	return strings.Join(parts, "\n")
}

func TestSolutionNeedsForceBeforeSolving(t *testing.T) {
	e := newEnv(t)
	if code := e.golden("solution-unsolved", "solution", "hashset"); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	// A terminal on stdout alone is not enough to ask: nobody could answer on stdin.
	e.streams.OutTerminal = true
	if code := e.run("solution", "hashset"); code != 2 || e.out.Len() != 0 {
		t.Errorf("with stdin not a terminal: exit %d, output %q; want a refusal", code, e.out)
	}
	e.streams.OutTerminal = false
	if code := e.run("solution", "hashset", "--force"); code != 0 {
		t.Fatalf("--force: exit %d, stderr %q", code, e.err)
	}
	if got, want := e.out.String(), reference(t, e.root, "hashset"); got != want {
		t.Errorf("--force printed:\n%s\nwant:\n%s", got, want)
	}
}

func TestSolutionAfterSolving(t *testing.T) {
	e := newEnv(t)
	e.seed(func(st *progress.State) { st.Attempt("trie", verdict.Accepted, now) })
	if code := e.run("solution", "implement-trie-prefix-tree"); code != 0 || e.err.Len() != 0 {
		t.Fatalf("exit %d, stderr %q", code, e.err)
	}
	if got, want := e.out.String(), reference(t, e.root, "trie"); got != want {
		t.Errorf("printed:\n%s\nwant:\n%s", got, want)
	}
}

func TestSolutionAsksOnATerminal(t *testing.T) {
	for _, tc := range []struct {
		answer string
		shown  bool
	}{{"y\n", true}, {"yes\n", true}, {"Y\n", true}, {"n\n", false}, {"\n", false}, {"", false}} {
		e := newEnv(t)
		e.streams.InTerminal, e.streams.OutTerminal = true, true
		e.streams.In = strings.NewReader(tc.answer)
		if code := e.run("solution", "bloom"); code != 0 {
			t.Errorf("answer %q: exit %d", tc.answer, code)
		}
		if !strings.HasPrefix(e.err.String(), "Show the reference solution for bloom before solving it? [y/N] ") {
			t.Errorf("answer %q: the question was %q", tc.answer, e.err)
		}
		if shown := e.out.Len() > 0; shown != tc.shown {
			t.Errorf("answer %q: shown %v, want %v", tc.answer, shown, tc.shown)
		}
		if !tc.shown && !strings.Contains(e.err.String(), "Not shown. kata hint bloom gives a nudge instead.") {
			t.Errorf("answer %q: stderr %q", tc.answer, e.err)
		}
	}
}
