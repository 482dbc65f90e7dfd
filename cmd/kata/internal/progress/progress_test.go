package progress

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"kata/grader/verdict"
)

var day = time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)

func TestAttemptAndHints(t *testing.T) {
	st := New()
	if st.Get("hashset").IsStarted() {
		t.Fatal("a fresh progress has hashset started")
	}
	if st.Attempt("hashset", verdict.WrongAnswer, day) {
		t.Error("a wrong answer solved the exercise")
	}
	if !st.Attempt("hashset", verdict.Accepted, day.Add(time.Hour)) {
		t.Error("the first accepted run did not solve the exercise")
	}
	if st.Attempt("hashset", verdict.Accepted, day.Add(2*time.Hour)) {
		t.Error("a second accepted run solved the exercise again")
	}
	st.Attempt("hashset", verdict.RuntimeError, day.Add(3*time.Hour))
	p := st.Get("hashset")
	want := Progress{Attempts: 4, LastVerdict: verdict.RuntimeError, LastRun: day.Add(3 * time.Hour), Solved: day.Add(time.Hour)}
	if p != want {
		t.Errorf("after four runs: %+v, want %+v (solved keeps the first accepted time)", p, want)
	}

	for i, want := range []struct {
		level int
		again bool
	}{{1, false}, {2, false}, {3, false}, {3, true}, {3, true}} {
		level, again := st.TakeHint("trie", 3)
		if level != want.level || again != want.again {
			t.Errorf("hint call %d: level %d again %v, want %d %v", i+1, level, again, want.level, want.again)
		}
	}
	if got := st.Get("trie").HintsUsed; got != 3 {
		t.Errorf("hints used = %d after asking past the last of 3, want 3", got)
	}

	names := []string{"hashset", "trie", "bloom"}
	if got := st.SolvedCount(names); got != 1 {
		t.Errorf("SolvedCount = %d, want 1", got)
	}
	if got := st.Next(names); got != "trie" {
		t.Errorf("Next = %q, want trie", got)
	}
	st.Attempt("trie", verdict.Accepted, day)
	st.Attempt("bloom", verdict.Accepted, day)
	if got := st.Next(names); got != "" {
		t.Errorf("Next = %q with all solved, want \"\"", got)
	}
}

func TestLoadWithoutFolderWritesNothing(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".kata")
	st, err := (&Store{Dir: dir}).Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Exercises) != 0 {
		t.Errorf("fresh progress has records: %v", st.Exercises)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load made the state folder (stat: %v)", err)
	}
}

func TestUpdateRoundTrip(t *testing.T) {
	s := &Store{Dir: filepath.Join(t.TempDir(), ".kata")}
	if _, err := s.Update(func(st *State) { st.Attempt("skiplist", verdict.Accepted, day) }); err != nil {
		t.Fatal(err)
	}
	st, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if p := st.Get("skiplist"); p.Attempts != 1 || !p.Solved.Equal(day) {
		t.Errorf("after the round trip: %+v", p)
	}
	var raw map[string]any
	data, _ := os.ReadFile(s.Path())
	if err := json.Unmarshal(data, &raw); err != nil || raw["kind"] != Kind || raw["version"] != float64(Version) {
		t.Errorf("the file does not carry its marker and version: %s", data)
	}
	assertOnlyFiles(t, s.Dir, FileName, lockName)
}

// TestConcurrentGoroutines has many goroutines, each with its own Store, update one file at
// once: every update must land.
func TestConcurrentGoroutines(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".kata")
	const workers, each = 24, 20
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			s := &Store{Dir: dir}
			for i := range each {
				if _, err := s.Update(func(st *State) {
					st.Attempt("hashset", verdict.WrongAnswer, day)
					st.TakeHint(fmt.Sprintf("ex%d", w), each)
				}); err != nil {
					t.Errorf("worker %d, update %d: %v", w, i, err)
					return
				}
				if _, err := s.Load(); err != nil {
					t.Errorf("worker %d, load %d: %v", w, i, err)
					return
				}
			}
		})
	}
	wg.Wait()
	st, err := (&Store{Dir: dir}).Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Get("hashset").Attempts; got != workers*each {
		t.Errorf("attempts = %d, want %d: updates were lost", got, workers*each)
	}
	for w := range workers {
		if got := st.Get(fmt.Sprintf("ex%d", w)).HintsUsed; got != each {
			t.Errorf("worker %d's hints = %d, want %d", w, got, each)
		}
	}
	assertOnlyFiles(t, dir, FileName, lockName)
}

// helperEnv names the state folder a helper process updates; the test binary runs as that
// helper when it is set.
const helperEnv = "KATA_PROGRESS_HELPER_DIR"

// TestConcurrentProcesses has several processes, and goroutines in each, update one file at
// once: every update must land, and the file must stay readable throughout.
func TestConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := filepath.Join(t.TempDir(), ".kata")
	const procs, each = 6, 20
	var wg sync.WaitGroup
	for p := range procs {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
			cmd.Env = append(os.Environ(), helperEnv+"="+dir, "KATA_HELPER_ID="+strconv.Itoa(p),
				"KATA_HELPER_EACH="+strconv.Itoa(each))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("helper %d: %v\n%s", p, err, out)
			}
		})
	}
	wg.Wait()
	st, err := (&Store{Dir: dir}).Load()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := st.Get("hashset").Attempts, procs*each*2; got != want {
		t.Errorf("attempts = %d, want %d: updates were lost", got, want)
	}
	for p := range procs {
		if got := st.Get("proc" + strconv.Itoa(p)).Attempts; got != each*2 {
			t.Errorf("process %d's attempts = %d, want %d", p, got, each*2)
		}
	}
	assertOnlyFiles(t, dir, FileName, lockName)
}

// TestHelperProcess is one of TestConcurrentProcesses's processes: two goroutines, each
// making its updates, reading the file between them.
func TestHelperProcess(t *testing.T) {
	dir := os.Getenv(helperEnv)
	if dir == "" {
		t.Skip("run by TestConcurrentProcesses")
	}
	id := "proc" + os.Getenv("KATA_HELPER_ID")
	each, _ := strconv.Atoi(os.Getenv("KATA_HELPER_EACH"))
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			s := &Store{Dir: dir}
			for range each {
				if _, err := s.Update(func(st *State) {
					st.Attempt("hashset", verdict.WrongAnswer, time.Now())
					st.Attempt(id, verdict.WrongAnswer, time.Now())
				}); err != nil {
					t.Error(err)
					return
				}
				if _, err := s.Load(); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestCorruptFileIsSetAside(t *testing.T) {
	for _, tc := range []struct {
		name, content, reason string
	}{
		{"bad JSON", `{"kind": "kata progress", "version": 1, "exercises": {`, "not valid JSON"},
		{"not JSON at all", "hello\n", "not valid JSON"},
		{"empty", "", "empty"},
		{"another tool's JSON", `{"name": "something else"}`, "not a kata progress file"},
		{"wrong type", `[1, 2, 3]`, "not a kata progress file"},
		{"newer version", `{"kind": "kata progress", "version": 2, "exercises": {}}`, "newer kata"},
		{"old version", `{"kind": "kata progress", "version": 0, "exercises": {}}`, "unknown format version"},
		{"unknown verdict", `{"kind": "kata progress", "version": 1, "exercises": {"trie": {"attempts": 1, "last_verdict": "fine"}}}`, "unknown verdict"},
		{"negative count", `{"kind": "kata progress", "version": 1, "exercises": {"trie": {"attempts": -1}}}`, "negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, FileName)
			if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			var moves []string
			s := &Store{Dir: dir, Now: func() time.Time { return day }, SetAside: func(to string, reason error) {
				moves = append(moves, to)
				if !strings.Contains(reason.Error(), tc.reason) {
					t.Errorf("reason %q does not say %q", reason, tc.reason)
				}
			}}
			st, err := s.Update(func(st *State) { st.Attempt("trie", verdict.CompileError, day) })
			if err != nil {
				t.Fatal(err)
			}
			aside := path + ".corrupt-20260102-150405"
			if len(moves) != 1 || moves[0] != aside {
				t.Fatalf("set aside %v, want once to %s", moves, aside)
			}
			if got, err := os.ReadFile(aside); err != nil || string(got) != tc.content {
				t.Errorf("the set-aside file holds %q (%v), want the original %q", got, err, tc.content)
			}
			if p := st.Get("trie"); p.Attempts != 1 {
				t.Errorf("fresh progress after the update: %+v, want one attempt", p)
			}
			if _, err := s.Load(); err != nil || len(moves) != 1 {
				t.Errorf("the fresh file was not readable: %v, %d moves", err, len(moves))
			}
		})
	}
}

func TestSetAsideNamesDoNotCollide(t *testing.T) {
	dir := t.TempDir()
	s := &Store{Dir: dir, Now: func() time.Time { return day }}
	for range 3 {
		if err := os.WriteFile(s.Path(), []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Load(); err != nil {
			t.Fatal(err)
		}
	}
	base := FileName + ".corrupt-20260102-150405"
	assertOnlyFiles(t, dir, base, base+"-2", base+"-3", lockName)
}

// TestCorruptFileSeenByManyAtOnce checks that processes that all find the same corrupt file
// set it aside once between them, and lose none of their updates.
func TestCorruptFileSeenByManyAtOnce(t *testing.T) {
	dir := t.TempDir()
	s := &Store{Dir: dir}
	if err := os.WriteFile(s.Path(), []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	moves := 0
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			s := &Store{Dir: dir, SetAside: func(string, error) { mu.Lock(); moves++; mu.Unlock() }}
			if _, err := s.Update(func(st *State) { st.Attempt("bloom", verdict.WrongAnswer, day) }); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	st, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if moves != 1 || st.Get("bloom").Attempts != 20 {
		t.Errorf("%d set-asides and %d attempts, want 1 and 20", moves, st.Get("bloom").Attempts)
	}
}

func TestUnreadableFileIsAnError(t *testing.T) {
	dir := t.TempDir()
	// A folder where the file should be: not corrupt content, but not readable as a file.
	if err := os.Mkdir(filepath.Join(dir, FileName), 0o755); err != nil {
		t.Fatal(err)
	}
	s := &Store{Dir: dir, SetAside: func(string, error) { t.Error("set aside a folder") }}
	if _, err := s.Load(); err == nil {
		t.Error("Load read a folder as the progress file")
	}
}

// assertOnlyFiles checks that dir holds exactly the named files: no temporary file left.
func assertOnlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	want := strings.Join(names, " ")
	if strings.Join(got, " ") != want {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}
