package cli

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kata/grader"
	"kata/grader/gradebook"
	"kata/grader/result"
	"kata/grader/verdict"
)

// runGrade runs kata grade with args from the kit's root, with judge (the real one when nil),
// and returns stdout, stderr and the exit status, as Main would print and return them. It runs
// the command tree itself, so that the root's flags (--no-color) apply as they do for kata.
func runGrade(t *testing.T, judge grader.JudgeFunc, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	e := newEnv(t)
	e.streams.Judge = judge
	cmd := newRoot(e.streams)
	cmd.SetArgs(append([]string{"grade"}, args...))
	cmd.SetOut(e.out)
	cmd.SetErr(e.err)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	err := cmd.ExecuteContext(context.Background())
	var ee *exitError
	switch {
	case err == nil:
		return e.out.String(), e.err.String(), exitOK
	case errors.As(err, &ee):
		if ee.msg != "" {
			e.err.WriteString("kata: " + ee.msg + "\n")
		}
		return e.out.String(), e.err.String(), ee.code
	}
	t.Fatalf("kata grade %s: %v", strings.Join(args, " "), err)
	return "", "", 0
}

func TestGradeUsage(t *testing.T) {
	class := t.TempDir()
	if err := os.Mkdir(filepath.Join(class, "ada"), 0o755); err != nil {
		t.Fatal(err)
	}
	ada := filepath.Join(class, "ada")
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "which students?"},
		{[]string{ada, "--shard", "5/4", "--seed", "1"}, `bad shard "5/4"`},
		{[]string{ada, "--shard", "1/2"}, "--shard needs --seed"},
		{[]string{ada, "--exercise", "skiplst"}, `did you mean "skiplist"`},
		{[]string{ada, "--seed", "-3"}, "bad --seed"},
		{[]string{ada, "--weight", "trie"}, "want NAME=W"},
		{[]string{ada, "--weight", "trie=0"}, "want a number above 0"},
		{[]string{ada, "--weight", "trie=2", "--weight", "trie=3"}, "given twice"},
		{[]string{ada, "--exercise", "hashset", "--weight", "trie=2"}, "trie is not being graded"},
		{[]string{ada, "--jobs", "0"}, "bad --jobs 0"},
		{[]string{ada, filepath.Join(class, "nobody")}, "nobody does not exist"},
		{[]string{ada, "--solutions", filepath.Join(class, "nowhere")}, "is not a folder"},
		{[]string{"--merge"}, "which gradebooks?"},
		{[]string{"--merge", "--seed", "1", class}, "--merge takes no --seed"},
		{[]string{"--merge", class}, "holds no grades.json"},
	} {
		stdout, stderr, code := runGrade(t, nil, c.args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("kata grade %s: exit %d, stdout %q, stderr %q; want exit 2 and one line saying %q",
				strings.Join(c.args, " "), code, stdout, stderr, c.want)
		}
	}
}

// classJudge is a fake judge for a class: a missing package is a usage error, as the real
// judge's, bob's package is wrong, and every other package and reference is accepted.
func classJudge(_ context.Context, r grader.Request) (*result.Result, error) {
	if _, err := os.Stat(r.Dir); err != nil {
		return nil, &grader.UsageError{Msg: r.Dir + " does not exist"}
	}
	res := &result.Result{Exercise: r.Exercise.Name, Verdict: verdict.Accepted, Seed: r.Seed, Package: r.Dir,
		Tests: []result.Test{{Name: "Examples", Status: result.Pass}}, Complexity: []result.Complexity{}}
	if strings.Contains(r.Dir, string(filepath.Separator)+"bob"+string(filepath.Separator)) {
		res.Verdict, res.Message = verdict.WrongAnswer, "Contains(1) = false, want true"
		res.Tests[0].Status = result.Fail
	}
	return res, nil
}

// TestGradeShardsMerge grades a class of three with a fake judge, whole and in two shards, and
// checks that merging the shards gives the whole class's verdicts, seeds and scores.
func TestGradeShardsMerge(t *testing.T) {
	root := kitRoot(t)
	class := t.TempDir()
	copyPackage(t, filepath.Join(root, "solutions", "hashset"), filepath.Join(class, "ada", "exercises", "hashset"))
	copyPackage(t, filepath.Join(root, "grader", "testdata", "hashset", "wrong_answer", "add-appends"), filepath.Join(class, "bob", "hashset"))
	if err := os.Mkdir(filepath.Join(class, "cy"), 0o755); err != nil { // cy handed in nothing
		t.Fatal(err)
	}
	roots := []string{filepath.Join(class, "cy"), filepath.Join(class, "bob"), filepath.Join(class, "ada")}
	out := t.TempDir()
	grade := func(dir string, extra ...string) (string, int) {
		args := append(append(roots, "--exercise", "hashset", "--seed", "5", "--no-color", "--out", filepath.Join(out, dir)), extra...)
		stdout, stderr, code := runGrade(t, classJudge, args...)
		if stderr != "" {
			t.Errorf("kata grade %s wrote to stderr: %s", dir, stderr)
		}
		return stdout, code
	}

	stdout, code := grade("whole")
	if code != exitNotAccepted {
		t.Errorf("exit %d, want 1: bob and cy are not accepted", code)
	}
	for _, want := range []string{"ada ", "bob ", "cy ", "all 3 students", "1 of 3 accepted", "gradebook in "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the summary does not say %q:\n%s", want, stdout)
		}
	}
	for _, line := range strings.Split(stdout, "\n") {
		if len([]rune(line)) > 80 && !strings.Contains(line, out) {
			t.Errorf("a summary line is wider than 80 columns: %q", line)
		}
	}
	grade("shard-1", "--shard", "1/2")
	stdout, _ = grade("shard-2", "--shard", "2/2", "--json")
	var doc gradebook.Book
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil || doc.Shard != "2/2" {
		t.Errorf("--json printed something other than the shard's grades.json (%v):\n%s", err, stdout)
	}

	merged, stderr, code := runGrade(t, nil, "--merge", filepath.Join(out, "shard-2"), filepath.Join(out, "shard-1"),
		"--out", filepath.Join(out, "merged"), "--no-color")
	if code != exitNotAccepted || stderr != "" || !strings.Contains(merged, "merged 2 gradebooks with seed 5") {
		t.Errorf("merge: exit %d, stderr %q, stdout:\n%s", code, stderr, merged)
	}
	whole, err := gradebook.Read(filepath.Join(out, "whole"))
	if err != nil {
		t.Fatal(err)
	}
	joined, err := gradebook.Read(filepath.Join(out, "merged"))
	if err != nil {
		t.Fatal(err)
	}
	if len(joined.Grades) != len(whole.Grades) {
		t.Fatalf("merged %d rows, the whole class has %d", len(joined.Grades), len(whole.Grades))
	}
	for i, w := range whole.Grades {
		j := joined.Grades[i]
		if j.Student != w.Student || j.Verdict != w.Verdict || j.Seed != w.Seed || j.Score != w.Score || j.Replay != w.Replay {
			t.Errorf("row %d: merged %s %s seed %d %v, whole %s %s seed %d %v",
				i, j.Student, j.Verdict, j.Seed, j.Score, w.Student, w.Verdict, w.Seed, w.Score)
		}
	}
}

// copyPackage copies the Go package in src to dst.
func copyPackage(t *testing.T, src, dst string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s (%v)", src, err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
