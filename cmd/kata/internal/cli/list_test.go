package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kata/cmd/kata/internal/progress"
	"kata/grader/exercise"
	"kata/grader/verdict"
)

func TestListFresh(t *testing.T) {
	e := newEnv(t)
	if code := e.golden("list-fresh"); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	assertFits(t, "kata", e.out.String())
	e.golden("list-fresh-command", "list")
	if entries, _ := os.ReadDir(e.streams.StateDir); len(entries) != 0 {
		t.Errorf("kata list wrote into the state folder: %v", entries)
	}
}

func TestListProgress(t *testing.T) {
	e := newEnv(t)
	day := func(d int) time.Time { return time.Date(2026, 1, d, 12, 0, 0, 0, time.UTC) }
	e.seed(func(st *progress.State) {
		st.Attempt("hashset", verdict.WrongAnswer, day(1))
		st.Attempt("hashset", verdict.NotImplemented, day(1))
		st.Attempt("hashset", verdict.Accepted, day(2))
		st.TakeHint("hashset", 4)
		st.TakeHint("hashset", 4)
		st.Attempt("trie", verdict.TimeLimitExceeded, day(2))
		st.TakeHint("randomizedset", 3)
		// Solved, then broken again: the list says both.
		st.Attempt("skiplist", verdict.Accepted, day(1))
		for range 120 {
			st.Attempt("skiplist", verdict.MemoryLimitExceeded, day(2))
		}
		for range 9 {
			st.TakeHint("skiplist", 5)
		}
	})
	e.golden("list-progress", "list")
	assertFits(t, "kata list", e.out.String())
}

func TestListAllSolved(t *testing.T) {
	e := newEnv(t)
	e.seed(func(st *progress.State) {
		for _, name := range exercise.Names() {
			st.Attempt(name, verdict.Accepted, now)
		}
	})
	e.golden("list-all-solved", "list")
}

// TestListCorruptState checks that a progress file broken by hand is reported in one line,
// moved aside, and replaced by a fresh progress, and that the learner's code is untouched.
func TestListCorruptState(t *testing.T) {
	e := newEnv(t)
	before := readTree(t, filepath.Join(e.root, "exercises"))
	path := filepath.Join(e.streams.StateDir, progress.FileName)
	if err := os.WriteFile(path, []byte(`{"kind": "kata progress", "version": 1, "exercises": {"hashset": {`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := e.golden("list-corrupt-state", "list"); code != 0 {
		t.Errorf("exit %d, want 0: a broken progress file must not stop kata", code)
	}
	if lines := strings.Count(e.err.String(), "\n"); lines != 1 {
		t.Errorf("%d lines on stderr, want 1", lines)
	}
	if _, err := os.Stat(path + ".corrupt-20260102-120000"); err != nil {
		t.Errorf("the broken file was not kept aside: %v", err)
	}
	// The next command starts from a fresh progress, and says nothing more.
	e.run("hint", "trie")
	if e.err.Len() != 0 || e.progress().Get("trie").HintsUsed != 1 {
		t.Errorf("after the reset: stderr %q, trie %+v", e.err, e.progress().Get("trie"))
	}
	if after := readTree(t, filepath.Join(e.root, "exercises")); !sameTree(before, after) {
		t.Error("the exercises changed")
	}
}

func TestListColour(t *testing.T) {
	e := newEnv(t)
	e.seed(func(st *progress.State) {
		st.Attempt("hashset", verdict.Accepted, now)
		st.Attempt("trie", verdict.WrongAnswer, now)
	})
	e.streams.OutTerminal = true
	for _, tc := range []struct {
		name    string
		args    []string
		env     string
		colours bool
	}{
		{"terminal", []string{"list"}, "", true},
		{"bare kata on a terminal", nil, "", true},
		{"--no-color", []string{"list", "--no-color"}, "", false},
		{"bare kata --no-color", []string{"--no-color"}, "", false},
		{"NO_COLOR", []string{"list"}, "1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e.streams.Getenv = func(k string) string {
				if k == "NO_COLOR" {
					return tc.env
				}
				return ""
			}
			e.run(tc.args...)
			got := strings.Contains(e.out.String(), "\x1b[")
			if got != tc.colours {
				t.Errorf("colours %v, want %v:\n%s", got, tc.colours, e.out)
			}
			if tc.colours && !strings.Contains(e.out.String(), "\x1b[32;1m✓ solved") {
				t.Errorf("the solved exercise is not green:\n%q", e.out)
			}
			assertFits(t, "kata list", e.out.String())
		})
	}
}

// readTree reads every file under dir.
func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
