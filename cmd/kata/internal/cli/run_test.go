package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"kata/cmd/kata/internal/backup"
	"kata/cmd/kata/internal/stubs"
	"kata/grader"
	"kata/grader/exercise"
	"kata/grader/result"
	"kata/grader/verdict"
)

// requireStubs skips the test unless the real kit's exercises are the untouched stubs, as
// in a fresh clone; in a learner's copy they hold the learner's code, and the verdicts are
// theirs.
func requireStubs(t *testing.T, root string, names ...string) {
	t.Helper()
	for _, name := range names {
		stub, err := stubs.FS(name)
		if err != nil {
			t.Fatal(err)
		}
		same, err := backup.Same(filepath.Join(root, "exercises", name), stub)
		if err != nil {
			t.Fatal(err)
		}
		if !same {
			t.Skipf("exercises/%s is no longer the stub the kit ships: it is yours now, and so is its verdict", name)
		}
	}
}

// TestRunStub grades the real kit's untouched stub with the real judge: a deterministic
// not_implemented, recorded as an attempt.
func TestRunStub(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	t.Parallel()
	e := newEnv(t)
	requireStubs(t, e.root, "hashset")
	if code := e.golden("run-stub", "run", "hashset", "--seed", "1"); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	p := e.progress().Get("hashset")
	if p.Attempts != 1 || p.LastVerdict != verdict.NotImplemented || p.IsSolved() {
		t.Errorf("recorded %+v, want one not_implemented attempt", p)
	}
}

// fakeJudge answers every request with the verdict given for its exercise (accepted by
// default), after telling its stages, and counts the requests.
type fakeJudge struct {
	mu       sync.Mutex
	verdicts map[string]verdict.Verdict
	calls    []string
	delay    time.Duration
}

func (f *fakeJudge) judge(ctx context.Context, r grader.Request) (*result.Result, error) {
	f.mu.Lock()
	f.calls = append(f.calls, r.Exercise.Name)
	v, ok := f.verdicts[r.Exercise.Name]
	delay := f.delay
	f.mu.Unlock()
	if !ok {
		v = verdict.Accepted
	}
	for _, stage := range []grader.Stage{grader.Checking, grader.Building, grader.Testing} {
		if r.Stage != nil {
			r.Stage(stage)
		}
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	res := &result.Result{
		Exercise: r.Exercise.Name, Verdict: v, Seed: r.Seed, DurationMS: 1234,
		Package: "exercises/" + r.Exercise.Name, Tests: []result.Test{{Name: "Examples", Status: result.Pass}},
		Complexity: []result.Complexity{},
	}
	if v.IsAccepted() {
		res.Message = "all 1 hidden tests passed"
	} else {
		res.Message = "a fake " + v.Words()
		res.Tests[0].Status = result.Fail
	}
	return res, nil
}

func (f *fakeJudge) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

func TestRunSolvesOnce(t *testing.T) {
	e := newEnv(t)
	f := &fakeJudge{}
	e.streams.Judge = f.judge
	if code := e.golden("run-solved", "run", "hashset", "--seed", "7"); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	p := e.progress().Get("hashset")
	if !p.IsSolved() || !p.Solved.Equal(now) || p.Attempts != 1 {
		t.Errorf("recorded %+v, want solved now after one attempt", p)
	}
	e.run("run", "hashset")
	if strings.Contains(e.out.String(), "solved!") {
		t.Errorf("a second accepted run announced the solve again:\n%s", e.out)
	}
	if p := e.progress().Get("hashset"); p.Attempts != 2 || !p.Solved.Equal(now) {
		t.Errorf("after a second run: %+v", p)
	}
}

func TestRunAllProgressLine(t *testing.T) {
	e := newEnv(t)
	f := &fakeJudge{verdicts: map[string]verdict.Verdict{"trie": verdict.WrongAnswer, "bloom": verdict.NotImplemented,
		"randomizedset": verdict.RuntimeError, "skiplist": verdict.TimeLimitExceeded}}
	e.streams.Judge = f.judge
	e.golden("run-all", "run", "--all", "--seed", "7")
	if got := e.progress().SolvedCount([]string{"hashset", "trie"}); got != 1 {
		t.Errorf("%d solved, want 1", got)
	}
}

func TestRunImplIsNotRecorded(t *testing.T) {
	e := newEnv(t)
	e.streams.Judge = (&fakeJudge{}).judge
	if code := e.run("run", "hashset", "--impl", "solutions/hashset"); code != 0 {
		t.Fatalf("exit %d: %s", code, e.err)
	}
	if st := e.progress(); len(st.Exercises) != 0 {
		t.Errorf("--impl recorded an attempt: %v", st.Exercises)
	}
}

// TestSpinner checks that the spinner shows on a terminal's stderr while grading, and is
// erased before the results; and that nothing of it shows when stdout is piped or under
// --json.
func TestSpinner(t *testing.T) {
	for _, tc := range []struct {
		name          string
		args          []string
		out, err      bool
		want, notWant string
	}{
		{"one exercise on a terminal", []string{"run", "hashset"}, true, true, "grading hashset: building…", "graded"},
		{"every exercise on a terminal", []string{"run", "--all"}, true, true, ": testing", "grading"},
		{"verify on a terminal", []string{"verify"}, true, true, "graded 0/" + strconv.Itoa(len(exercise.Names())), ""},
		{"stdout piped", []string{"run", "hashset"}, false, true, "", ""},
		{"stderr piped", []string{"run", "hashset"}, true, false, "", ""},
		{"--json", []string{"run", "hashset", "--json"}, true, true, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			e.streams.Judge = (&fakeJudge{delay: 150 * time.Millisecond}).judge
			e.streams.OutTerminal, e.streams.ErrTerminal = tc.out, tc.err
			e.streams.Getenv = func(k string) string { return map[string]string{"NO_COLOR": "1", "TERM": "xterm"}[k] }
			e.run(tc.args...)
			stderr := e.err.String()
			if tc.want == "" {
				if stderr != "" {
					t.Errorf("stderr %q, want nothing", stderr)
				}
				return
			}
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr %q does not show %q", stderr, tc.want)
			}
			if tc.notWant != "" && strings.Contains(stderr, tc.notWant) {
				t.Errorf("stderr %q shows %q", stderr, tc.notWant)
			}
			if !strings.HasSuffix(stderr, "\r\x1b[K") {
				t.Errorf("the spinner's line was not erased at the end: %q", stderr)
			}
			for _, line := range strings.Split(stderr, "\r\x1b[K") {
				assertFits(t, "the spinner", line)
			}
		})
	}
}

func TestRunJSONIsOnlyJSON(t *testing.T) {
	e := newEnv(t)
	e.streams.Judge = (&fakeJudge{}).judge
	e.streams.OutTerminal, e.streams.ErrTerminal = true, true
	if code := e.run("run", "hashset", "--json"); code != 0 {
		t.Fatalf("exit %d", code)
	}
	var doc map[string]any
	if err := json.Unmarshal(e.out.Bytes(), &doc); err != nil || doc["verdict"] != "accepted" {
		t.Errorf("stdout is not the one JSON document (%v):\n%s", err, e.out)
	}
	if e.err.Len() != 0 {
		t.Errorf("stderr under --json: %q", e.err)
	}
}
