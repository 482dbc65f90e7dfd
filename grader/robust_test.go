package grader

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"kata/grader/exercise"
	"kata/grader/verdict"
)

// submission judges one package under testdata/ with the test limits.
func submission(ctx context.Context, t *testing.T, exerciseName, path string) (*Request, error) {
	t.Helper()
	root := kitRoot(t)
	e, err := exercise.Lookup(exerciseName)
	if err != nil {
		t.Fatal(err)
	}
	return &Request{Root: root, Exercise: e, Dir: filepath.Join(root, "grader", "testdata", path),
		Solutions: filepath.Join(root, "solutions"), Seed: 11, Limits: testLimits}, nil
}

// processes lists the command lines of this user's processes that contain any of words
// (Linux only: it reads /proc).
func processes(t *testing.T, words ...string) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc on this system")
	}
	var found []string
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		line := strings.ReplaceAll(string(cmdline), "\x00", " ")
		for _, w := range words {
			if strings.Contains(line, w) {
				found = append(found, e.Name()+": "+line)
			}
		}
	}
	return found
}

// scratch points TMPDIR at a new folder and returns it, so that a test sees what a judge leaves
// in it; it skips t off Linux, where the processes left cannot be listed through /proc.
func scratch(t *testing.T) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("process listing through /proc")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	return tmp
}

// TestNothingLeftBehind judges packages that start child processes, in their process group or
// out of it (a session of their own, a daemon's double fork), and spinning goroutines: each
// must get its verdict, kata must return promptly after a time limit, and no process it
// started may be left, nor any scratch folder.
func TestNothingLeftBehind(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	tmp := scratch(t)
	for _, tc := range []struct {
		path string
		want verdict.Verdict
	}{
		{"randomizedset/time_limit_exceeded/hostile-child-process", verdict.TimeLimitExceeded},
		{"randomizedset/time_limit_exceeded/hostile-spinning-goroutines", verdict.TimeLimitExceeded},
		{"randomizedset/accepted/hostile-new-session", verdict.Accepted},
	} {
		path := tc.path
		req, _ := submission(context.Background(), t, "randomizedset", path)
		start := time.Now()
		res, err := Judge(context.Background(), *req)
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != tc.want {
			t.Errorf("%s: %s, want %s: %s", path, res.Verdict, tc.want, res.Message)
		}
		if limit := testLimits.OpLimit + 10*time.Second; took > limit {
			t.Errorf("%s: kata took %s, want under %s", path, took, limit)
		}
		if left := processes(t, "sleep 4242", filepath.Join(tmp, "kata-")); len(left) > 0 {
			t.Errorf("%s: processes left behind: %v", path, left)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "kata-*")); len(left) > 0 {
		t.Errorf("scratch folders left behind: %v", left)
	}
}

// TestInterruptCleansUp cancels a judge in the middle of a run, as Ctrl-C does: it must return
// at once with the context's error, end the test process and everything it started, remove
// its scratch folders and leave the graded folder as it was.
func TestInterruptCleansUp(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	tmp := scratch(t)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := submission(ctx, t, "randomizedset", "randomizedset/time_limit_exceeded/hostile-child-process")
	before := digest(t, req.Dir)
	req.Limits.OpLimit = time.Minute // so only the interrupt can end it
	go func() {
		for len(processes(t, "sleep 4242")) == 0 {
			time.Sleep(20 * time.Millisecond)
		}
		cancel()
	}()
	start := time.Now()
	_, err := Judge(ctx, *req)
	if err == nil || ctx.Err() == nil {
		t.Fatalf("Judge returned %v, want the context's error", err)
	}
	if since := time.Since(start); since > 30*time.Second {
		t.Errorf("took %s", since)
	}
	if left := processes(t, "sleep 4242", filepath.Join(tmp, "kata-")); len(left) > 0 {
		t.Errorf("processes left behind: %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) > 0 {
		t.Errorf("scratch files left behind: %v", left)
	}
	if digest(t, req.Dir) != before {
		t.Error("the graded folder changed")
	}
}

// TestOutputIsCapped judges a right package that prints tens of megabytes: accepted, the
// output kept in part and marked truncated, and the run not much slower for it.
func TestOutputIsCapped(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	req, _ := submission(context.Background(), t, "randomizedset", "randomizedset/accepted/hostile-chatty")
	res, err := Judge(context.Background(), *req)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != verdict.Accepted {
		t.Fatalf("%s: %s", res.Verdict, res.Message)
	}
	out := res.Output
	if out == nil || !out.Truncated || out.Bytes < 10<<20 {
		t.Fatalf("output %+v, want over 10 MiB counted and marked truncated", out)
	}
	if kept := len(out.Stdout) + len(out.Stderr); kept > 2*testLimits.Output+200 {
		t.Errorf("kept %d bytes of output, want at most about %d", kept, 2*testLimits.Output)
	}
	if !strings.Contains(out.Stdout, "bytes not shown") {
		t.Error("the kept output does not say where it was cut")
	}
}

// TestBuildsWhereGitFails judges a right package in a kit that git cannot read (a checkout owned
// by another user, which git refuses as "dubious ownership", or a broken .git): the judge's
// builds must not ask git anything. The go command stamps a program with the state of the
// repository it is built in, and a build whose git fails stops with "error obtaining VCS status".
func TestBuildsWhereGitFails(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	t.Setenv("GIT_DIR", filepath.Join(t.TempDir(), "not-a-repository"))
	root := kitRoot(t)
	files, err := filepath.Glob(filepath.Join(root, "solutions", "hashset", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	// A package of its own, so that no program built before serves it: the build happens here.
	dir := t.TempDir()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src = append(src, fmt.Sprintf("\n// built at %d\n", time.Now().UnixNano())...)
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hashset, _ := exercise.Lookup("hashset")
	if res := judgeDir(t, hashset, dir, testLimits); res.Verdict != verdict.Accepted {
		t.Errorf("%s, want accepted: %s", res.Verdict, res.Message)
	}
}
