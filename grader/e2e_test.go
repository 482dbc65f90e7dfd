package grader

import (
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"kata/grader/exercise"
	"kata/grader/result"
	"kata/grader/verdict"
)

// kitRoot is the kit's root as seen from this package's tests.
func kitRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// testLimits keep the judge's own regression suite quick and light: a stuck call is stopped
// after two seconds, and the graded code's memory at 256 MiB (the test process then holds at
// most 448 MiB with the judge's own data, and the operating system's hard limit sits at
// 2.44 GiB, far below this machine's memory even if the watchdog failed).
var testLimits = Limits{Wall: 60 * time.Second, Memory: 256 << 20, OpLimit: 2 * time.Second, Output: 64 << 10}

// allSubmissions makes TestSubmissions grade every submission under testdata/, as .ci/run does,
// instead of the first of each folder.
var allSubmissions = flag.Bool("grader.all-submissions", false,
	"grade every submission under testdata/, not only the first of each exercise's verdict folders")

// TestSubmissions grades the submissions under testdata/ through the real pipeline (real go
// builds, a real child process) and checks each gets the verdict its folder names, and the hint
// its hint.txt asks for, as kata verify --submissions does for an instructor's tree. This is the
// judge's regression suite: every bug that slips through adds a submission here. A grading costs
// one to sixty seconds of CPU, so go test grades quickFoldersAndEachVerdict's sample, -short only
// oneOfEachVerdict's few, and -grader.all-submissions, which .ci/run gives, every one of them.
func TestSubmissions(t *testing.T) {
	t.Parallel() // its gradings share the machine with the other tests' (grading)
	root := kitRoot(t)
	subs, err := Submissions(filepath.Join(root, "grader", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) == 0 {
		t.Fatal("no submissions under grader/testdata")
	}
	switch {
	case *allSubmissions:
	case testing.Short():
		subs = oneOfEachVerdict(subs, true)
	default:
		subs = quickFoldersAndEachVerdict(subs)
	}
	for _, s := range subs {
		t.Run(s.Exercise.Name+"/"+string(s.Expected)+"/"+s.Name, func(t *testing.T) {
			t.Parallel()
			defer grading()()
			before := digest(t, s.Dir)
			o := JudgeSubmission(context.Background(), nil, root, root, filepath.Join(root, "solutions"), s, 20261202, testLimits)
			if o.Err != nil {
				t.Fatalf("judge error: %v", o.Err)
			}
			if res := o.Result; !o.OK() {
				t.Errorf("verdict %s, want %s: %s (test %s)\n%s", res.Verdict, s.Expected, res.Message, res.Test, caseText(res.Case))
			}
			checkHint(t, s.Dir, o.Result.Hint)
			checkPaths(t, root, o.Result)
			checkMessages(t, o.Result)
			if after := digest(t, s.Dir); after != before {
				t.Errorf("the judge changed the graded folder")
			}
		})
	}
}

// checkPaths checks that no message of res names the folder the judge builds the graded
// package in: the learner knows the files by their own folder.
func checkPaths(t *testing.T, root string, res *result.Result) {
	t.Helper()
	virtual := filepath.Join(root, "grader", "internal", "virtual")
	texts := []string{res.Message, res.Hint}
	for _, test := range res.Tests {
		texts = append(texts, test.Message)
	}
	for _, text := range texts {
		if strings.Contains(text, virtual) {
			t.Errorf("a message names the judge's build folder: %s", text)
		}
	}
}

// checkMessages checks that res's message and its tests' are each one line of at most
// maxMessage bytes and the marker of what oneLine left out, as the contract says a message is.
func checkMessages(t *testing.T, res *result.Result) {
	t.Helper()
	texts := []string{res.Message}
	for _, test := range res.Tests {
		texts = append(texts, test.Message)
	}
	for _, text := range texts {
		if strings.ContainsAny(text, "\r\n") || len(text) > maxMessage+len(" … (99999999 bytes left out) … ") {
			t.Errorf("a message is not one short line (%d bytes): %.200q", len(text), text)
		}
	}
}

// HintFile, in a submission's folder, holds what its hint must say: one piece of text a line
// that the hint must contain, or, after a "!", must not (the cause the code does not have).
const HintFile = "hint.txt"

// checkHint checks a submission's hint against its HintFile, if it has one.
func checkHint(t *testing.T, dir, hint string) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(dir, HintFile))
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(text)), "\n") {
		if absent, ok := strings.CutPrefix(line, "!"); ok {
			if strings.Contains(hint, absent) {
				t.Errorf("the hint says %q, which this code does not do: %s", absent, hint)
			}
		} else if !strings.Contains(hint, line) {
			t.Errorf("the hint does not say %q: %s", line, hint)
		}
	}
}

// gradingSlots holds a token for each grading under way in TestSubmissions, TestReferencesAccepted
// and TestStubsNotImplemented, which run their gradings side by side: one a core, whatever
// -parallel says, as a class is graded (kata grade --jobs defaults to the cores), so that the
// growth tests measure under the load they are meant to hold under, not more.
var gradingSlots = make(chan struct{}, max(1, runtime.NumCPU()))

// grading waits for a slot of gradingSlots and returns the function that frees it.
func grading() func() {
	gradingSlots <- struct{}{}
	return func() { <-gradingSlots }
}

// TestReferencesAccepted grades every reference solution as if it were a learner's package,
// against itself: every one must be accepted, with only refMemory for its own memory. This
// proves that the judge's own data, with one more reference structure, fits in what the
// watchdog allows beyond the graded code's limit (record.JudgeMemory): the judge never charges
// a learner for its own memory.
func TestReferencesAccepted(t *testing.T) {
	t.Parallel() // its gradings share the machine with the other tests' (grading)
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	root := kitRoot(t)
	limits := testLimits
	limits.Memory = refMemory
	for _, e := range exercise.All() {
		t.Run(e.Name, func(t *testing.T) {
			t.Parallel()
			defer grading()()
			res := judgeDir(t, e, filepath.Join(root, "solutions", e.Name), limits)
			if res.Verdict != verdict.Accepted {
				t.Errorf("%s: %s", res.Verdict, res.Message)
			}
		})
	}
}

// judgeDir grades the package in dir as the exercise e, against the kit's references, with
// seed 7 and limits; a judge error ends t.
func judgeDir(t *testing.T, e *exercise.Exercise, dir string, limits Limits) *result.Result {
	t.Helper()
	root := kitRoot(t)
	res, err := Judge(context.Background(), Request{Root: root, Exercise: e, Dir: dir,
		Solutions: filepath.Join(root, "solutions"), Seed: 7, Limits: limits})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// refMemory is the memory limit TestReferencesAccepted grades the references with, a quarter of
// testLimits': a reference's structures need tens of MiB (the sorted set's 20 MiB at 200,000
// members), so the judge's own data must fit in record.JudgeMemory for every one to pass.
const refMemory = 64 << 20

// TestStubsNotImplemented grades every untouched stub: each must be not_implemented, naming its
// constructor.
func TestStubsNotImplemented(t *testing.T) {
	t.Parallel() // its gradings share the machine with the other tests' (grading)
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	root := kitRoot(t)
	for _, e := range exercise.All() {
		t.Run(e.Name, func(t *testing.T) {
			t.Parallel()
			defer grading()()
			dir := filepath.Join(root, "exercises", e.Name)
			before := digest(t, dir)
			res := judgeDir(t, e, dir, testLimits)
			if res.Verdict != verdict.NotImplemented || len(res.Methods) == 0 || res.Methods[0] != constructor(e) {
				t.Errorf("%s %v: %s; want not_implemented naming %s", res.Verdict, res.Methods, res.Message, constructor(e))
			}
			if digest(t, dir) != before {
				t.Error("the judge changed exercises/" + e.Name)
			}
		})
	}
}

// constructor is the first function of e's API, the one every test calls first: New, or the
// LSM tree's Open.
func constructor(e *exercise.Exercise) string {
	for _, f := range e.API {
		if f.Recv == "" {
			return f.Name
		}
	}
	return ""
}

// caseText shows a result's failing case in a test failure.
func caseText(c *result.Case) string {
	if c == nil {
		return ""
	}
	return c.Code
}

// digest hashes every file under dir, names and contents, to prove nothing changed.
func digest(t *testing.T, dir string) string {
	t.Helper()
	h := sha256.New()
	var mu sync.Mutex
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(h, "%s %v %d\n", strings.TrimPrefix(path, dir), info.Mode(), info.Size())
		if d.Type().IsRegular() {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			h.Write(data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// quickFoldersAndEachVerdict picks go test's sample of subs (sorted by folder): the first
// submission of each exercise's verdict folders where every exercise must meet the verdict here
// (perExercise), and oneOfEachVerdict's sample for the others. The verdicts that measure (time
// and memory limits, accepted) cost ten to sixty seconds of CPU a grading, and grading every
// exercise to each of them was most of go test's time; TestReferencesAccepted grades every
// reference to accepted and TestStubsNotImplemented every stub to not_implemented, and .ci/run
// grades every submission (-grader.all-submissions).
func quickFoldersAndEachVerdict(subs []Submission) []Submission {
	out := oneOfEachVerdict(subs, false)
	for i, s := range subs {
		first := i == 0 || filepath.Dir(s.Dir) != filepath.Dir(subs[i-1].Dir)
		if first && perExercise(s.Expected) && !slices.ContainsFunc(out, func(o Submission) bool { return o.Dir == s.Dir }) {
			out = append(out, s)
		}
	}
	return out
}

// perExercise reports whether go test grades a submission of every exercise to v: the verdicts
// that come before the growth is measured to its end and that no other test of the kit checks
// every exercise to. A rule_violation is not one: the rules package's tests check every rule in
// process, on the submissions here among others, and a package that breaks one is never run.
func perExercise(v verdict.Verdict) bool {
	switch v {
	case verdict.Accepted, verdict.NotImplemented, verdict.TimeLimitExceeded, verdict.MemoryLimitExceeded,
		verdict.RuleViolation:
		return false
	}
	return true
}

// oneOfEachVerdict picks the quick loop's sample of subs (sorted by folder): one submission of
// each verdict but accepted, the first in its folder, with the exercises taken in turn so that
// the sample moves over the exercises as verdicts are added. Accepted submissions and growth
// variants (time_limit_exceeded/growth-*) are left out because they are the slowest (the
// performance tests run to the end), as -short leaves out the suites' own performance tests; go
// test without -short grades them. With quick set, an exercise built with the race detector
// (exercise.Race) is taken only for a verdict no other exercise has: its graded program runs
// several times slower, and filling its memory to the limit took fifty seconds.
func oneOfEachVerdict(subs []Submission, quick bool) []Submission {
	var exercises []string
	var verdicts []verdict.Verdict
	first := map[string]Submission{} // exercise/verdict -> its first submission
	for _, s := range subs {
		if s.Expected == verdict.Accepted || strings.HasPrefix(s.Name, "growth-") {
			continue
		}
		key := s.Exercise.Name + "/" + string(s.Expected)
		if _, ok := first[key]; ok {
			continue
		}
		first[key] = s
		if !slices.Contains(exercises, s.Exercise.Name) {
			exercises = append(exercises, s.Exercise.Name)
		}
		if !slices.Contains(verdicts, s.Expected) {
			verdicts = append(verdicts, s.Expected)
		}
	}
	slices.Sort(verdicts)
	var out []Submission
	for i, v := range verdicts {
		var pick *Submission
		for j := range exercises {
			s, ok := first[exercises[(i+j)%len(exercises)]+"/"+string(v)]
			if ok && (pick == nil || quick && pick.Exercise.Race && !s.Exercise.Race) {
				pick = &s
			}
		}
		if pick != nil {
			out = append(out, *pick)
		}
	}
	return out
}

// TestSameSizeAndTime grades two submissions whose files have one name, one size and one
// modification time, as a class's unpacked from one archive can, and whose imports differ: the
// go command's module index once gave the second the first one's imports, and a package that
// builds was judged compile_error ("could not import math").
func TestSameSizeAndTime(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	root := kitRoot(t)
	src, err := os.ReadFile(filepath.Join(root, "grader", "testdata", "skiplist", "wrong_answer", "minint-head", "skiplist.go"))
	if err != nil {
		t.Fatal(err)
	}
	withMath := string(src)
	// The same code without the import: the smallest int written out, the file padded back to
	// the same size with spaces in a comment.
	withoutMath := strings.Replace(withMath, "\t\"math\"\n", "", 1)
	withoutMath = strings.Replace(withoutMath, "math.MinInt", "-1 << 63", 1)
	if pad := len(withMath) - len(withoutMath) - len("//\n"); pad >= 0 {
		withoutMath += "//" + strings.Repeat(" ", pad) + "\n"
	}
	if len(withoutMath) != len(withMath) || withoutMath == withMath {
		t.Fatalf("cannot make a file of %d bytes without the import (got %d)", len(withMath), len(withoutMath))
	}
	skiplist, _ := exercise.Lookup("skiplist")
	when := time.Now().Add(-time.Hour) // older than the go command's two seconds of doubt
	for _, code := range []string{withoutMath, withMath} {
		dir := t.TempDir()
		file := filepath.Join(dir, "skiplist.go")
		if err := os.WriteFile(file, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(file, when, when); err != nil {
			t.Fatal(err)
		}
		if res := judgeDir(t, skiplist, dir, testLimits); res.Verdict != verdict.WrongAnswer {
			t.Errorf("%s, want wrong_answer: %s", res.Verdict, res.Message)
		}
	}
}
