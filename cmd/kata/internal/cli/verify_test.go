package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kata/grader/exercise"
)

// brokenSolutions makes a tree of references with a wrong skip list (Erase removes every copy)
// and the kit's own others.
func brokenSolutions(t *testing.T, root string) string {
	t.Helper()
	dir := t.TempDir()
	wrong := map[string]string{
		"skiplist": filepath.Join(root, "grader", "testdata", "skiplist", "wrong_answer", "erase-all-copies"),
	}
	for _, name := range exercise.Names() {
		from, ok := wrong[name]
		if !ok {
			from = filepath.Join(root, "solutions", name)
		}
		entries, err := os.ReadDir(from)
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(dir, name), 0o755)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(from, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, name, e.Name()), data, 0o644)
		}
	}
	return dir
}

// TestVerifyNamesAWrongReference swaps in a tree with a wrong skip list: kata verify names it
// with its failing case and exits 1; kata run refuses to grade against it (exit 2); kata verify
// --submissions does not grade that exercise's submissions.
func TestVerifyNamesAWrongReference(t *testing.T) {
	if testing.Short() {
		t.Skip("verifies every reference twice with the real judge")
	}
	e := newEnv(t)
	bad := brokenSolutions(t, e.root)
	if code := e.run("verify", "--solutions", bad, "--seed", "5"); code != exitNotAccepted {
		t.Fatalf("kata verify --solutions: exit %d, want 1\n%s%s", code, e.out, e.err)
	}
	out := e.out.String()
	if !strings.Contains(out, filepath.Join(bad, "skiplist")+" is wrong: ") || !strings.Contains(out, "func TestKataCase") {
		t.Errorf("the wrong reference and its failing case are not named:\n%s", out)
	}
	if right := len(exercise.Names()) - 1; strings.Count(out, "✓ accepted  ") != right {
		t.Errorf("want the %d right references accepted:\n%s", right, out)
	}

	code := e.run("run", "skiplist", "--impl", filepath.Join(e.root, "solutions", "skiplist"), "--solutions", bad)
	if code != exitUsage || !strings.Contains(e.err.String(), "is wrong") || strings.Count(strings.TrimSpace(e.err.String()), "\n") > 0 {
		t.Errorf("kata run against a wrong reference: exit %d, stderr %q; want 2 and one line naming it", code, e.err)
	}

	subs := filepath.Join(t.TempDir(), "subs")
	for _, s := range []string{"skiplist/accepted/arena", "hashset/wrong_answer/no-tombstone"} {
		from := filepath.Join(e.root, "grader", "testdata", s)
		to := filepath.Join(subs, s)
		os.MkdirAll(to, 0o755)
		entries, _ := os.ReadDir(from)
		for _, f := range entries {
			data, _ := os.ReadFile(filepath.Join(from, f.Name()))
			os.WriteFile(filepath.Join(to, f.Name()), data, 0o644)
		}
	}
	e.run("verify", "--solutions", bad, "--submissions", subs, "--json", "--seed", "5")
	var doc struct {
		Results     []map[string]any `json:"results"`
		Submissions []struct {
			Exercise, Verdict string
			OK                bool
		} `json:"submissions"`
	}
	if err := json.Unmarshal(e.out.Bytes(), &doc); err != nil {
		t.Fatalf("--json is not one JSON document: %v\n%s", err, e.out)
	}
	if len(doc.Results) != len(exercise.Names()) || len(doc.Submissions) != 1 || doc.Submissions[0].Exercise != "hashset" || !doc.Submissions[0].OK {
		t.Errorf("want five references and only the hash set's submission graded (and caught), got %+v", doc.Submissions)
	}
}
