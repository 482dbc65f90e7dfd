package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"kata/grader"
	"kata/grader/exercise"
	"kata/grader/result"
	"kata/grader/verdict"
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

// referenceJudge is a fake judge for kata verify: the skip list of a solutions tree other than
// the kit's is wrong, with its failing case, and everything else is accepted, but a submission
// under a wrong_answer folder, which gets its verdict.
func referenceJudge(kit string) grader.JudgeFunc {
	return func(_ context.Context, r grader.Request) (*result.Result, error) {
		res := &result.Result{Exercise: r.Exercise.Name, Verdict: verdict.Accepted, Seed: r.Seed, Package: r.Dir,
			Tests: []result.Test{{Name: "Examples", Status: result.Pass}}, Complexity: []result.Complexity{},
			Message: "all 1 hidden tests passed"}
		wrongReference := r.Exercise.Name == "skiplist" && r.Solutions != filepath.Join(kit, "solutions") &&
			r.Dir == filepath.Join(r.Solutions, "skiplist")
		if wrongReference || strings.Contains(r.Dir, "wrong_answer") {
			res.Verdict, res.Message = verdict.WrongAnswer, "Erase(1) removed every copy"
			res.Tests[0].Status = result.Fail
			res.Test = "Examples"
			res.Case = &result.Case{Code: "func TestKataCase(t *testing.T) {\n\ts.Erase(1)\n}", Ops: 1}
		}
		return res, nil
	}
}

// subsTree copies submissions under the kit's grader/testdata into a tree of their own.
func subsTree(t *testing.T, root string, subs ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "subs")
	for _, s := range subs {
		from := filepath.Join(root, "grader", "testdata", s)
		to := filepath.Join(dir, s)
		os.MkdirAll(to, 0o755)
		entries, _ := os.ReadDir(from)
		for _, f := range entries {
			data, _ := os.ReadFile(filepath.Join(from, f.Name()))
			os.WriteFile(filepath.Join(to, f.Name()), data, 0o644)
		}
	}
	return dir
}

// verifyJSON is kata verify --json's document, as the tests read it.
type verifyJSON struct {
	Results     []map[string]any `json:"results"`
	Submissions []struct {
		Exercise, Verdict string
		OK                bool
	} `json:"submissions"`
}

// TestVerifyNamesAWrongReference swaps in a tree with a wrong skip list, with a fake judge: kata
// verify names it with its failing case and exits 1; kata run refuses to grade against it (exit
// 2); kata verify --submissions does not grade that exercise's submissions.
func TestVerifyNamesAWrongReference(t *testing.T) {
	e := newEnv(t)
	e.streams.Judge = referenceJudge(e.root)
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

	subs := subsTree(t, e.root, "skiplist/accepted/arena", "hashset/wrong_answer/no-tombstone")
	e.run("verify", "--solutions", bad, "--submissions", subs, "--json", "--seed", "5")
	var doc verifyJSON
	if err := json.Unmarshal(e.out.Bytes(), &doc); err != nil {
		t.Fatalf("--json is not one JSON document: %v\n%s", err, e.out)
	}
	if len(doc.Results) != len(exercise.Names()) || len(doc.Submissions) != 1 || doc.Submissions[0].Exercise != "hashset" || !doc.Submissions[0].OK {
		t.Errorf("want every reference and only the hash set's submission graded (and caught), got %+v", doc.Submissions)
	}
}

// TestVerifyWithTheJudge runs kata verify --submissions through the real judge for the hash set:
// its reference accepted and a wrong hash set caught, what the judge's verdicts look like once
// verify has read them. The other references pass through the fake judge: grader's
// TestReferencesAccepted grades every one with the real judge, as verify would, and grading them
// again here took three quarters of this package's time.
func TestVerifyWithTheJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	e := newEnv(t)
	fake := referenceJudge(e.root)
	var real atomic.Int32 // verify may grade packages side by side
	e.streams.Judge = func(ctx context.Context, r grader.Request) (*result.Result, error) {
		if r.Exercise.Name != "hashset" {
			return fake(ctx, r)
		}
		real.Add(1)
		return grader.Judge(ctx, r)
	}
	subs := subsTree(t, e.root, "hashset/wrong_answer/no-tombstone")
	if code := e.run("verify", "--submissions", subs, "--json", "--seed", "5"); code != exitOK {
		t.Fatalf("exit %d, want 0\n%.3000s\n%s", code, e.out, e.err)
	}
	var doc verifyJSON
	if err := json.Unmarshal(e.out.Bytes(), &doc); err != nil {
		t.Fatalf("--json is not one JSON document: %v\n%s", err, e.out)
	}
	if len(doc.Results) != len(exercise.Names()) {
		t.Errorf("%d references verified, want %d", len(doc.Results), len(exercise.Names()))
	}
	for _, r := range doc.Results {
		if r["verdict"] != "accepted" {
			t.Errorf("%s: %s, %s", r["exercise"], r["verdict"], r["message"])
		}
	}
	if len(doc.Submissions) != 1 || doc.Submissions[0].Verdict != "wrong_answer" || !doc.Submissions[0].OK {
		t.Errorf("want the hash set's submission caught, got %+v", doc.Submissions)
	}
	if n := real.Load(); n != 2 {
		t.Errorf("the real judge graded %d packages, want 2: the hash set's reference and its submission", n)
	}
}
