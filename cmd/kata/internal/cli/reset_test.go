package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kata/cmd/kata/internal/backup"
	"kata/cmd/kata/internal/stubs"
)

// tempKit makes a kit to change: the real kit's go.mod, an empty grader/ (what marks a kit's
// root), and exercises/NAME holding files, by slash path. The env works in it.
func tempKit(e *env, name string, files map[string]string) string {
	e.t.Helper()
	root := e.t.TempDir()
	mod, err := os.ReadFile(filepath.Join(e.root, "go.mod"))
	if err != nil {
		e.t.Fatal(err)
	}
	write(e.t, root, map[string]string{"go.mod": string(mod)})
	if err := os.Mkdir(filepath.Join(root, "grader"), 0o755); err != nil {
		e.t.Fatal(err)
	}
	dir := filepath.Join(root, "exercises", name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		e.t.Fatal(err)
	}
	write(e.t, dir, files)
	e.root, e.streams.Dir, e.streams.StateDir = root, root, filepath.Join(root, ".kata")
	return dir
}

// write makes the files under dir, by slash path.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// learnerFiles is a learner's exercises/hashset: code written, a test added to the stub's
// test file, notes, and a scratch folder.
var learnerFiles = map[string]string{
	"hashset.go":      "package hashset\n\ntype HashSet struct{ keys []int }\n\nfunc New() *HashSet { return &HashSet{} }\n",
	"hashset_test.go": "package hashset\n\n// my own tests\n",
	"helpers.go":      "package hashset\n\nfunc hash(k int) uint64 { return uint64(k) }\n",
	"notes.txt":       "remember: tombstones\n",
	"scratch/try.go":  "package main\n",
}

func TestResetAndRestoreRoundTrip(t *testing.T) {
	e := newEnv(t)
	dir := tempKit(e, "hashset", learnerFiles)
	stub, err := stubs.FS("hashset")
	if err != nil {
		t.Fatal(err)
	}

	if code := e.golden("reset", "reset", "hashset"); code != 0 {
		t.Fatalf("exit %d, want 0", code)
	}
	assertFits(t, "kata reset", e.out.String())
	if same, err := backup.Same(dir, stub); err != nil || !same {
		t.Fatalf("after kata reset, exercises/hashset is not exactly the stub (%v): %v", err, readTree(t, dir))
	}
	saved := filepath.Join(e.root, ".kata", "backups", "hashset-20260102-120000")
	if got := readTree(t, saved); !sameTree(got, learnerFiles) {
		t.Fatalf("the backup holds %v, want every file the learner had", got)
	}

	e.golden("reset-again", "reset", "hashset")
	if entries, _ := os.ReadDir(filepath.Join(e.streams.StateDir, "backups")); len(entries) != 1 {
		t.Errorf("resetting a stub made another backup: %v", entries)
	}

	if code := e.golden("restore", "restore", "hashset"); code != 0 {
		t.Fatalf("exit %d, want 0", code)
	}
	if got := readTree(t, dir); !sameTree(got, learnerFiles) {
		t.Fatalf("after kata restore, exercises/hashset holds %v, want the learner's files", got)
	}
	e.golden("restore-list", "restore", "hashset", "--list")
	assertFits(t, "kata restore --list", e.out.String())

	// The restore saved the stub first, so restoring by name goes back to it.
	e.golden("restore-named", "restore", "hashset", "hashset-20260102-120000-2")
	if same, err := backup.Same(dir, stub); err != nil || !same {
		t.Errorf("restoring the backup of the stub did not bring the stub back (%v)", err)
	}
	e.golden("restore-same", "restore", "hashset", "hashset-20260102-120000-2")
}

func TestResetMissingFolder(t *testing.T) {
	e := newEnv(t)
	dir := tempKit(e, "trie", nil)
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	e.golden("reset-missing", "reset", "trie")
	stub, _ := stubs.FS("trie")
	if same, err := backup.Same(dir, stub); err != nil || !same {
		t.Errorf("reset did not bring a deleted folder back as the stub (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(e.streams.StateDir, "backups")); !os.IsNotExist(err) {
		t.Errorf("reset made a backup of nothing (%v)", err)
	}
}

func TestResetRestoreErrors(t *testing.T) {
	e := newEnv(t)
	tempKit(e, "hashset", learnerFiles)
	for name, args := range map[string][]string{
		"reset-unknown":       {"reset", "hashsett"},
		"reset-no-name":       {"reset"},
		"restore-unknown":     {"restore", "skiplst"},
		"restore-none":        {"restore", "hashset"},
		"restore-no-such":     {"restore", "hashset", "hashset-20250101-000000"},
		"restore-other":       {"restore", "hashset", "trie-20260102-120000"},
		"restore-list-none":   {"restore", "hashset", "--list"},
		"restore-extra-args":  {"restore", "hashset", "a", "b"},
		"restore-list-backup": {"restore", "hashset", "x", "--list"},
	} {
		code := e.golden(name, args...)
		if want := map[bool]int{true: 0, false: 2}[name == "restore-list-none"]; code != want {
			t.Errorf("kata %v: exit %d, want %d", args, code, want)
		}
		if code == 2 && strings.Count(e.err.String(), "\n") != 1 {
			t.Errorf("kata %v: the error is not one line: %q", args, e.err)
		}
	}
	// Nothing was touched.
	if got := readTree(t, filepath.Join(e.root, "exercises", "hashset")); !sameTree(got, learnerFiles) {
		t.Errorf("a failed command changed the exercise: %v", got)
	}
}
