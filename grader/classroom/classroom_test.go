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

// copyDir copies the files of the package in src to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			copyDir(t, filepath.Join(src, e.Name()), filepath.Join(dst, e.Name()))
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// slowSet is a randomizedset whose every answer is right but whose Insert and Remove scan a
// slice: it fails on growth alone.
const slowSet = `package randomizedset

import "math/rand/v2"

type RandomizedSet struct{ vals []int }

func New() *RandomizedSet { return &RandomizedSet{} }

func (s *RandomizedSet) find(v int) int {
	for i, x := range s.vals {
		if x == v {
			return i
		}
	}
	return -1
}

func (s *RandomizedSet) Insert(val int) bool {
	if s.find(val) >= 0 {
		return false
	}
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	i := s.find(val)
	if i < 0 {
		return false
	}
	last := len(s.vals) - 1
	s.vals[i] = s.vals[last]
	s.vals = s.vals[:last]
	return true
}

func (s *RandomizedSet) GetRandom() int { return s.vals[rand.IntN(len(s.vals))] }
`

// TestGradeClass grades a small class built from the judge's own submissions under
// grader/testdata, whose folders name their verdicts: five students, two exercises, one student
// missing a package, one with a package that floods its output, one whose package spins
// goroutines forever, and one whose package is right but too slow, which is judged twice.
func TestGradeClass(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class with the real judge")
	}
	root := kitRoot(t)
	testdata := filepath.Join(root, "grader", "testdata")
	class := t.TempDir()
	packages := map[string]string{ // student's package -> submission under testdata
		"ada/exercises/hashset":       "hashset/accepted/chaining",
		"ada/exercises/randomizedset": "randomizedset/accepted/two-maps",
		"bob/hashset":                 "hashset/wrong_answer/add-appends", // bob has no randomizedset
		"cy/hashset":                  "hashset/not_implemented/remove-todo",
		"cy/randomizedset":            "randomizedset/accepted/hostile-chatty",
		"dee/hashset":                 "hashset/compile_error/unused-variable",
		"dee/randomizedset":           "randomizedset/time_limit_exceeded/hostile-spinning-goroutines",
	}
	for dst, src := range packages {
		copyDir(t, filepath.Join(testdata, src), filepath.Join(class, dst))
	}
	copyDir(t, filepath.Join(testdata, "hashset/accepted/tombstones"), filepath.Join(class, "eve", "hashset"))
	mkdirs(t, class, "eve/randomizedset")
	if err := os.WriteFile(filepath.Join(class, "eve", "randomizedset", "randomizedset.go"), []byte(slowSet), 0o644); err != nil {
		t.Fatal(err)
	}
	want := map[string]verdict.Verdict{
		"bob/randomizedset": verdict.CompileError,
		"eve/hashset":       verdict.Accepted,
		"eve/randomizedset": verdict.TimeLimitExceeded,
	}
	for dst, src := range packages {
		student := strings.Split(dst, "/")[0]
		want[student+"/"+filepath.Base(dst)] = verdict.Verdict(strings.Split(src, "/")[1])
	}

	students, err := Students(class, []string{"eve", "dee", "cy", "bob", "ada"})
	if err != nil {
		t.Fatal(err)
	}
	hashset, _ := exercise.Lookup("hashset")
	randomizedset, _ := exercise.Lookup("randomizedset")
	var mu sync.Mutex
	var progress []Progress
	c := Class{
		Root: root, Students: students, Exercises: []*exercise.Exercise{hashset, randomizedset},
		Seed: 7, Limits: testLimits,
		Progress: func(p Progress) {
			mu.Lock()
			defer mu.Unlock()
			progress = append(progress, p)
		},
	}
	start := time.Now()
	out, err := Grade(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("graded %d students × %d exercises in %s", len(students), len(c.Exercises), time.Since(start).Round(time.Millisecond))
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
	if slow := out.Rows[9].Result; !slowGrowth(slow) {
		t.Errorf("eve's slow randomizedset: %s, %s; want a failure on growth alone", slow.Verdict, slow.Message)
	}
	total := len(c.Exercises)*(1+len(students)) + 1 // eve's randomizedset is judged twice
	if len(progress) != total || progress[len(progress)-1].Done != total {
		t.Errorf("progress was told %d times, last %+v; want %d times, ending at %d/%d", len(progress), progress[len(progress)-1], total, total, total)
	}
	for i, p := range progress[:len(c.Exercises)] {
		if p.Student != "" {
			t.Errorf("progress %d is %+v, want a reference checked first", i, p)
		}
	}
}

// TestGradeRefusesBrokenReference grades against a solutions tree whose trie reference is wrong
// on purpose: trie is refused for everyone, once, with the reason, and hashset is graded.
func TestGradeRefusesBrokenReference(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge")
	}
	root := kitRoot(t)
	solutions := filepath.Join(t.TempDir(), "solutions")
	copyDir(t, filepath.Join(root, "solutions"), solutions)
	path := filepath.Join(solutions, "trie", "trie.go")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(src), "func (t *Trie) Search(word string) bool {",
		"func (t *Trie) Search(word string) bool {\n\tif len(word) == 1 {\n\t\treturn false\n\t}", 1)
	if broken == string(src) {
		t.Fatal("cannot find trie's Search to break it")
	}
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	class := t.TempDir()
	copyDir(t, filepath.Join(root, "solutions", "trie"), filepath.Join(class, "ada", "trie"))
	copyDir(t, filepath.Join(root, "solutions", "hashset"), filepath.Join(class, "ada", "hashset"))
	students, err := Students(class, []string{"ada"})
	if err != nil {
		t.Fatal(err)
	}
	hashset, _ := exercise.Lookup("hashset")
	trie, _ := exercise.Lookup("trie")
	out, err := Grade(context.Background(), Class{
		Root: root, Solutions: solutions, Students: students, Exercises: []*exercise.Exercise{hashset, trie},
		Seed: 7, Limits: testLimits,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Refused) != 1 || out.Refused[0].Exercise != "trie" || !strings.Contains(out.Refused[0].Reason, "is wrong") {
		t.Fatalf("refused %+v, want trie refused because its reference is wrong", out.Refused)
	}
	t.Logf("refusal: %s", out.Refused[0].Reason)
	if len(out.Rows) != 1 || out.Rows[0].Exercise != "hashset" || !out.Rows[0].Result.Accepted() {
		t.Errorf("rows %+v, want hashset alone, accepted", out.Rows)
	}
}
