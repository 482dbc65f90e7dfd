package gradebook

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"kata/grader/classroom"
	"kata/grader/exercise"
	"kata/grader/internal/growth"
	"kata/grader/result"
	"kata/grader/verdict"
)

// The fixed class the file tests write: five students, two exercises (skiplist weighs 2), and
// one refused exercise. The results are made by hand, so the files do not depend on the judge
// or on the hidden tests' current list (the test names are made up and none is a performance
// test).
const fixtureSeed = 20260901

// fixtureTests lists n made-up hidden tests: the first pass pass, the next ends as last, the
// rest did not run.
func fixtureTests(n, pass int, last result.Status) []result.Test {
	tests := make([]result.Test, n)
	for i := range tests {
		tests[i] = result.Test{Name: fmt.Sprintf("fixture/%02d", i+1), Status: result.Skip, Message: "not run"}
		switch {
		case i < pass:
			tests[i].Status, tests[i].Message = result.Pass, ""
		case i == pass:
			tests[i].Status, tests[i].Message = last, "failed here"
		}
	}
	return tests
}

// fixtureResult is a judged submission.
func fixtureResult(ex string, v verdict.Verdict, ms int64, msg string, tests []result.Test) *result.Result {
	if tests == nil {
		tests = []result.Test{}
	}
	return &result.Result{Exercise: ex, Verdict: v, DurationMS: ms, Message: msg, Tests: tests,
		Complexity: []result.Complexity{}}
}

// fixtureClass is the class, its outcome, and the options the gradebook is made with.
func fixtureClass(t *testing.T) (classroom.Class, *classroom.Outcome, Options) {
	t.Helper()
	hashset, _ := exercise.Lookup("hashset")
	skiplist, _ := exercise.Lookup("skiplist")
	trie, _ := exercise.Lookup("trie")
	names := []string{"ada", "bob", "carol", "dave", "émile"}
	base := t.TempDir()
	for _, n := range names {
		if err := os.Mkdir(filepath.Join(base, n), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	students, err := classroom.Students(base, names)
	if err != nil {
		t.Fatal(err)
	}
	c := classroom.Class{Students: students, Exercises: []*exercise.Exercise{hashset, skiplist, trie}, Seed: fixtureSeed}

	slow := fixtureResult("skiplist", verdict.TimeLimitExceeded, 9120,
		"Search grows as O(n), expected O(log n)", fixtureTests(10, 10, result.Pass))
	slow.Complexity = []result.Complexity{
		{Judgement: result.Judgement{Op: "Add", Expected: "O(log n)", Observed: "O(log n)", Status: growth.Right}},
		{Judgement: result.Judgement{Op: "Search", Expected: "O(log n)", Observed: "O(n)", Hint: "ride the upper lanes", Status: growth.Wrong}},
		{Judgement: result.Judgement{Op: "Erase", Expected: "O(log n)", Observed: "O(log n)", Status: growth.Right}},
	}
	wrong := fixtureResult("hashset", verdict.WrongAnswer, 1834,
		"Contains(0) returned true, want false (after 3 operations)", fixtureTests(12, 3, result.Fail))
	wrong.Test, wrong.Hint = "fixture/04", "Add must do nothing when the key is already there"
	wrong.Case = &result.Case{Code: "s := hashset.New()\ns.Add(0)\ns.Remove(0)\nif s.Contains(0) {\n\tt.Fatal(\"want false\")\n}\n", Ops: 3}
	results := map[string][]*result.Result{
		"ada": {
			fixtureResult("hashset", verdict.Accepted, 2291, "all 12 hidden tests passed", fixtureTests(12, 12, "")),
			fixtureResult("skiplist", verdict.Accepted, 8544, "all 10 hidden tests passed", fixtureTests(10, 10, "")),
		},
		"bob": {
			wrong,
			fixtureResult("skiplist", verdict.CompileError, 0, "bob/skiplist does not exist", nil),
		},
		"carol": {
			fixtureResult("hashset", verdict.RuleViolation, 1750, "rule no-map broken at hashset.go:9:2: a map type", nil),
			slow,
		},
		"dave": {
			fixtureResult("hashset", verdict.NotImplemented, 1586, "not implemented yet: Remove", fixtureTests(12, 0, result.Fail)),
			fixtureResult("skiplist", verdict.RuntimeError, 3003,
				"panic: runtime error: index out of range [3] with length 3 (hidden test fixture/06, during Add(7))",
				fixtureTests(10, 5, result.Fail)),
		},
		"émile": {
			fixtureResult("hashset", verdict.MemoryLimitExceeded, 4211,
				"the hash set used more than 1 GiB <while> growing & \"shrinking\"", fixtureTests(12, 11, result.Fail)),
			fixtureResult("skiplist", verdict.Accepted, 7710, "all 10 hidden tests passed", fixtureTests(10, 10, "")),
		},
	}
	out := &classroom.Outcome{Refused: []classroom.Refusal{{Exercise: "trie",
		Reason: "the reference solutions/trie is wrong (wrong answer, seed 20260901): Search(\"a\") returned false, want true"}}}
	for _, s := range students {
		for _, r := range results[s.Name] {
			r.Seed = classroom.SubmissionSeed(fixtureSeed, s.Name, r.Exercise)
			dir := filepath.Join(s.Root, r.Exercise)
			r.Package = dir
			r.Replay = fmt.Sprintf("kata run %s --impl %s --seed %d", r.Exercise, dir, r.Seed)
			out.Rows = append(out.Rows, classroom.Row{Student: s.Name, Exercise: r.Exercise, Dir: dir, Result: r})
		}
	}
	o := Options{
		Kit:     Kit{Digest: "sha256:fixture", Solutions: "solutions", Limits: Limits{WallMS: 60000, MemoryBytes: 1 << 30, OpLimitMS: 3000, OutputBytes: 65536}},
		Weights: map[string]float64{"skiplist": 2},
	}
	return c, out, o
}

// fixtureBook is the fixed class's gradebook, with kata's version fixed too.
func fixtureBook(t *testing.T) *Book {
	c, out, o := fixtureClass(t)
	return fixed(New(c, out, o))
}

// fixed pins what differs between machines: the kata that graded.
func fixed(b *Book) *Book {
	b.Kata = Kata{Version: "(devel)", Go: "go1.26"}
	return b
}
