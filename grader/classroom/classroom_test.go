package classroom

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"kata/grader"
	"kata/grader/exercise"
	"kata/grader/internal/growth"
	"kata/grader/result"
	"kata/grader/verdict"
)

// mkdirs makes the folders under base.
func mkdirs(t *testing.T, base string, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(base, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func names(students []Student) []string {
	out := make([]string, len(students))
	for i, s := range students {
		out[i] = s.Name
	}
	return out
}

func TestStudents(t *testing.T) {
	base := t.TempDir()
	mkdirs(t, base, "a/alice/exercises", "b/alice", "c/alice", "c/alice-2", "d/bob")
	if err := os.WriteFile(filepath.Join(base, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	roots := []string{"d/bob", "c/alice-2", "c/alice", "b/alice", "a/alice", "d/bob/"}
	got, err := Students(base, roots)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"alice", "alice-2", "alice-3", "alice-4", "bob"}
	if !slices.Equal(names(got), want) {
		t.Fatalf("names %q, want %q (duplicates numbered in path order, a real alice-2 kept)", names(got), want)
	}
	byName := map[string]Student{}
	for _, s := range got {
		byName[s.Name] = s
	}
	hashset, _ := exercise.Lookup("hashset")
	for _, c := range []struct{ name, root, dir string }{
		{"alice", "a/alice", "a/alice/exercises/hashset"}, // a copy of the kit
		{"alice-2", "c/alice-2", "c/alice-2/hashset"},     // a real student called alice-2
		{"alice-3", "b/alice", "b/alice/hashset"},         // a folder of packages
		{"alice-4", "c/alice", "c/alice/hashset"},         // numbered after b/alice
		{"bob", "d/bob", "d/bob/hashset"},                 // given twice, graded once
	} {
		s := byName[c.name]
		if s.Root != filepath.FromSlash(c.root) || s.Dir(hashset) != filepath.FromSlash(c.dir) {
			t.Errorf("%s: root %s, dir %s; want %s, %s", c.name, s.Root, s.Dir(hashset), c.root, c.dir)
		}
	}
	shuffled := []string{"a/alice", "d/bob", "b/alice", "c/alice", "c/alice-2"}
	again, err := Students(base, shuffled)
	if err != nil || !slices.Equal(names(again), want) {
		t.Errorf("another order of the ROOTs names them %q (%v), want %q", names(again), err, want)
	}
	for _, bad := range []string{"nobody", "notes.txt"} {
		if _, err := Students(base, []string{"d/bob", bad}); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("ROOT %s: error %v, want one naming it", bad, err)
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, good := range []string{"1/1", "2/4", " 4/4 "} {
		if _, err := ParseShard(good); err != nil {
			t.Errorf("ParseShard(%q): %v", good, err)
		}
	}
	for _, bad := range []string{"", "1", "0/4", "5/4", "1/0", "-1/4", "a/b", "1/4/2", "2of4"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) succeeded", bad)
		}
	}
}

// TestShardsPartition checks, for classes of 0 to 30 students split 1 to 8 ways, that every
// student is in exactly one shard, the shards are contiguous in name order and differ in size by
// at most one, and the split is the same every time.
func TestShardsPartition(t *testing.T) {
	for n := 0; n <= 30; n++ {
		class := make([]Student, n)
		for i := range class {
			class[i] = Student{Name: fmt.Sprintf("s%02d", i)}
		}
		for count := 1; count <= 8; count++ {
			var joined []string
			smallest, largest := n, 0
			for i := 1; i <= count; i++ {
				s := Shard{Index: i, Count: count}
				part := names(s.Of(class))
				if again := names(s.Of(class)); !slices.Equal(part, again) {
					t.Fatalf("%d students, shard %s: %q then %q", n, s, part, again)
				}
				joined = append(joined, part...)
				smallest, largest = min(smallest, len(part)), max(largest, len(part))
			}
			if !slices.Equal(joined, names(class)) {
				t.Errorf("%d students in %d shards: the shards joined are %q", n, count, joined)
			}
			if largest-smallest > 1 {
				t.Errorf("%d students in %d shards: sizes from %d to %d", n, count, smallest, largest)
			}
		}
	}
}

func TestSubmissionSeed(t *testing.T) {
	// Pinned: an old gradebook's seeds must replay with a new kata.
	if got := SubmissionSeed(42, "alice", "skiplist"); got != SubmissionSeed(42, "alice", "skiplist") || got != 473576579 {
		t.Errorf("SubmissionSeed(42, alice, skiplist) = %d, want 473576579", got)
	}
	seen := map[uint64]string{}
	for _, run := range []uint64{0, 1, 42} {
		for _, student := range []string{"alice", "bob", "alice/b"} {
			for _, ex := range []string{"skiplist", "trie"} {
				s := SubmissionSeed(run, student, ex)
				key := fmt.Sprint(run, student, ex)
				if s < 1 || s > 999_999_999 {
					t.Errorf("%s: seed %d out of 1..999999999", key, s)
				}
				if other, ok := seen[s]; ok {
					t.Errorf("%s and %s share seed %d", key, other, s)
				}
				seen[s] = key
			}
		}
	}
}

// testLimits keep the class quick: a stuck call is stopped after two seconds.
var testLimits = grader.Limits{Wall: 60 * time.Second, Memory: 256 << 20, OpLimit: 2 * time.Second, Output: 64 << 10}

// kitRoot is the kit's root as seen from this package's tests.
func kitRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// answerFile, in a package graded by fakeJudge, says what the fake answers: a verdict's name,
// "growth" (time_limit_exceeded on growth alone the first time, accepted after), "kit" (a
// *grader.KitError) or "panic".
const answerFile = "answer"

// fakeJudge stands in for grader.Judge: it answers each package from its answerFile, a missing
// folder as the real judge does (a *grader.UsageError), and verifies every reference but those of
// the exercises in wrong. It records the folders it was asked to grade, in order, and how many
// gradings ran at once at most.
type fakeJudge struct {
	wrong map[string]bool

	mu            sync.Mutex
	calls         []string // graded folders; "reference NAME" for a reference
	running, most int
}

func (f *fakeJudge) judge(ctx context.Context, r grader.Request) (*result.Result, error) {
	name := r.Dir
	if r.Verify {
		name = "reference " + r.Exercise.Name
	}
	f.mu.Lock()
	f.calls = append(f.calls, name)
	again := slices.Index(f.calls, name) < len(f.calls)-1
	f.running++
	f.most = max(f.most, f.running)
	f.mu.Unlock()
	time.Sleep(time.Millisecond) // so that the workers overlap
	defer func() {
		f.mu.Lock()
		f.running--
		f.mu.Unlock()
	}()
	res := &result.Result{Exercise: r.Exercise.Name, Verdict: verdict.Accepted, Seed: r.Seed, Package: r.Dir,
		Tests: []result.Test{}, Complexity: []result.Complexity{}}
	if r.Verify {
		if f.wrong[r.Exercise.Name] {
			res.Verdict, res.Message = verdict.WrongAnswer, "Search(\"a\") = false, want true"
			res.Package = "solutions/" + r.Exercise.Name
		}
		return res, nil
	}
	answer, err := os.ReadFile(filepath.Join(r.Dir, answerFile))
	if os.IsNotExist(err) {
		if _, err := os.Stat(r.Dir); err != nil {
			return nil, &grader.UsageError{Msg: r.Dir + " does not exist"}
		}
	}
	switch a := strings.TrimSpace(string(answer)); a {
	case "growth":
		if !again {
			res.Verdict = verdict.TimeLimitExceeded
			res.Complexity = []result.Complexity{{Judgement: result.Judgement{Op: "Insert", Expected: "O(1)", Status: growth.Wrong, Observed: "O(n)"}}}
		}
	case "kit":
		return nil, &grader.KitError{Msg: "the hidden tests do not build"}
	case "panic":
		panic("a bug in the judge")
	default:
		v, err := verdict.Parse(a)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", r.Dir, err)
		}
		res.Verdict = v
	}
	return res, nil
}

// writeClass makes one folder of packages per student under a temporary folder, each package
// holding its answerFile, and returns the folder.
func writeClass(t *testing.T, answers map[string]string) string {
	t.Helper()
	class := t.TempDir()
	for pkg, answer := range answers {
		mkdirs(t, class, pkg)
		if err := os.WriteFile(filepath.Join(class, pkg, answerFile), []byte(answer), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return class
}

// TestGradeClass grades a class of five on two exercises with a fake judge: every row in class
// order with its verdict and its submission's seed, a missing package that student's
// compile_error, the references checked before anyone is graded, and a submission failed on
// growth alone judged again, alone, after all the others, its second verdict kept.
func TestGradeClass(t *testing.T) {
	class := writeClass(t, map[string]string{
		"ada/exercises/hashset":       "accepted",
		"ada/exercises/randomizedset": "accepted",
		"bob/hashset":                 "wrong_answer", // bob has no randomizedset
		"cy/hashset":                  "not_implemented",
		"cy/randomizedset":            "runtime_error",
		"dee/hashset":                 "compile_error",
		"dee/randomizedset":           "time_limit_exceeded",
		"eve/hashset":                 "memory_limit_exceeded",
		"eve/randomizedset":           "growth",
	})
	mkdirs(t, class, "ada/exercises/trie") // a folder for an exercise not graded
	want := map[string]verdict.Verdict{
		"ada/hashset": verdict.Accepted, "ada/randomizedset": verdict.Accepted,
		"bob/hashset": verdict.WrongAnswer, "bob/randomizedset": verdict.CompileError,
		"cy/hashset": verdict.NotImplemented, "cy/randomizedset": verdict.RuntimeError,
		"dee/hashset": verdict.CompileError, "dee/randomizedset": verdict.TimeLimitExceeded,
		"eve/hashset": verdict.MemoryLimitExceeded, "eve/randomizedset": verdict.Accepted,
	}
	students, err := Students(class, []string{"eve", "dee", "cy", "bob", "ada"})
	if err != nil {
		t.Fatal(err)
	}
	hashset, _ := exercise.Lookup("hashset")
	randomizedset, _ := exercise.Lookup("randomizedset")
	f := &fakeJudge{}
	var mu sync.Mutex
	var progress []Progress
	c := Class{
		Root: kitRoot(t), Students: students, Exercises: []*exercise.Exercise{hashset, randomizedset},
		Seed: 7, Jobs: 3, Judge: f.judge,
		Progress: func(p Progress) {
			mu.Lock()
			defer mu.Unlock()
			progress = append(progress, p)
		},
	}
	out, err := Grade(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Refused) > 0 {
		t.Fatalf("refused %v", out.Refused)
	}
	if len(out.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(out.Rows), len(want))
	}
	for i, r := range out.Rows {
		key := r.Student + "/" + r.Exercise
		wantKey := students[i/2].Name + "/" + c.Exercises[i%2].Name
		switch {
		case key != wantKey:
			t.Errorf("row %d is %s, want %s", i, key, wantKey)
		case r.Result.Verdict != want[key]:
			t.Errorf("%s: %s, want %s: %s", key, r.Result.Verdict, want[key], r.Result.Message)
		case r.Result.Seed != SubmissionSeed(c.Seed, r.Student, r.Exercise):
			t.Errorf("%s: judged with seed %d, want the submission's seed %d", key, r.Result.Seed, SubmissionSeed(c.Seed, r.Student, r.Exercise))
		}
	}
	if missing := out.Rows[3].Result; !strings.Contains(missing.Message, "does not exist") {
		t.Errorf("bob's missing randomizedset says %q, want that it does not exist", missing.Message)
	}
	if f.most > c.Jobs {
		t.Errorf("%d gradings ran at once, want at most %d", f.most, c.Jobs)
	}
	slow := filepath.Join(class, "eve", "randomizedset")
	if n := len(f.calls); n != 2+len(want)+1 || f.calls[n-1] != slow || slices.Index(f.calls, slow) == n-1 {
		t.Errorf("the judge was called for %q; want every package once and eve's randomizedset again, last", f.calls)
	}
	for i, call := range f.calls[:len(c.Exercises)] {
		if !strings.HasPrefix(call, "reference ") {
			t.Errorf("call %d is %s, want a reference checked first", i, call)
		}
	}
	total := len(f.calls)
	if len(progress) != total || progress[len(progress)-1].Done != total || progress[len(progress)-1].Total != total {
		t.Errorf("progress was told %d times, last %+v; want %d times, ending at %d/%d", len(progress), progress[len(progress)-1], total, total, total)
	}
	for i, p := range progress[:len(c.Exercises)] {
		if p.Student != "" {
			t.Errorf("progress %d is %+v, want a reference checked first", i, p)
		}
	}
}

// TestGradeRefuses grades with a fake judge whose trie reference is wrong, which cannot build
// cuckoo's hidden tests and which crashes on a sorted set: each of those exercises is refused for
// everyone, once, with the reason, and nobody has a row for it; hashset is graded.
func TestGradeRefuses(t *testing.T) {
	class := writeClass(t, map[string]string{
		"ada/hashset": "accepted", "ada/trie": "accepted", "ada/cuckoo": "kit", "ada/sortedset": "accepted",
		"bob/hashset": "wrong_answer", "bob/trie": "accepted", "bob/cuckoo": "accepted", "bob/sortedset": "panic",
	})
	students, err := Students(class, []string{"ada", "bob"})
	if err != nil {
		t.Fatal(err)
	}
	var exercises []*exercise.Exercise
	for _, name := range []string{"hashset", "trie", "cuckoo", "sortedset"} {
		e, _ := exercise.Lookup(name)
		exercises = append(exercises, e)
	}
	f := &fakeJudge{wrong: map[string]bool{"trie": true}}
	out, err := Grade(context.Background(), Class{
		Root: kitRoot(t), Students: students, Exercises: exercises, Seed: 7, Judge: f.judge,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ exercise, reason string }{
		{"trie", "solutions/trie is wrong (wrong answer): Search"},
		{"cuckoo", "the hidden tests do not build (while grading ada)"},
		{"sortedset", "the judge crashed on bob's package"},
	}
	if len(out.Refused) != len(want) {
		t.Fatalf("refused %+v, want %d exercises", out.Refused, len(want))
	}
	for i, w := range want {
		if r := out.Refused[i]; r.Exercise != w.exercise || !strings.Contains(r.Reason, w.reason) {
			t.Errorf("refusal %d: %+v, want %s refused saying %q", i, r, w.exercise, w.reason)
		}
	}
	if len(out.Rows) != 2 || out.Rows[0].Exercise != "hashset" || out.Rows[1].Exercise != "hashset" ||
		!out.Rows[0].Result.Accepted() || out.Rows[1].Result.Verdict != verdict.WrongAnswer {
		t.Errorf("rows %+v, want hashset alone: ada accepted, bob wrong_answer", out.Rows)
	}
	for _, call := range f.calls {
		if strings.Contains(call, "trie") && !strings.HasPrefix(call, "reference ") {
			t.Errorf("a trie was graded against the wrong reference: %s", call)
		}
	}
}

// TestGradeClassWithTheJudge grades a class of two through the real judge, with the real
// references verified first: a wrong hash set, and a missing randomized set.
func TestGradeClassWithTheJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	root := kitRoot(t)
	class := t.TempDir()
	ada := filepath.Join(root, "grader", "testdata", "hashset", "wrong_answer", "add-appends")
	if err := os.CopyFS(filepath.Join(class, "ada", "hashset"), os.DirFS(ada)); err != nil {
		t.Fatal(err)
	}
	mkdirs(t, class, "bob")
	students, err := Students(class, []string{"ada", "bob"})
	if err != nil {
		t.Fatal(err)
	}
	hashset, _ := exercise.Lookup("hashset")
	randomizedset, _ := exercise.Lookup("randomizedset")
	out, err := Grade(context.Background(), Class{
		Root: root, Students: students, Exercises: []*exercise.Exercise{hashset, randomizedset}, Seed: 7, Limits: testLimits,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Refused) > 0 {
		t.Fatalf("refused %+v", out.Refused)
	}
	want := []verdict.Verdict{verdict.WrongAnswer, verdict.CompileError, verdict.CompileError, verdict.CompileError}
	if len(out.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(out.Rows), len(want))
	}
	for i, r := range out.Rows {
		if r.Result.Verdict != want[i] {
			t.Errorf("%s/%s: %s, want %s: %s", r.Student, r.Exercise, r.Result.Verdict, want[i], r.Result.Message)
		}
	}
}
