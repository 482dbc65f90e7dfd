package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// quiet is the tests' debounce: long enough that a loaded machine keeps a burst's writes
// within it.
const quiet = 300 * time.Millisecond

// fakeGrader counts runs. A run can be held until the test lets it go.
type fakeGrader struct {
	mu      sync.Mutex
	runs    int
	hold    map[int]chan struct{} // run number → closed to let it finish
	started chan int              // each run's number, when it starts
	ended   chan int              // each run's number, when it ends
}

func newFake() *fakeGrader {
	return &fakeGrader{hold: map[int]chan struct{}{}, started: make(chan int, 100), ended: make(chan int, 100)}
}

// holdRun makes run n wait until the returned function is called.
func (g *fakeGrader) holdRun(n int) (release func()) {
	ch := make(chan struct{})
	g.mu.Lock()
	g.hold[n] = ch
	g.mu.Unlock()
	return sync.OnceFunc(func() { close(ch) })
}

func (g *fakeGrader) run(ctx context.Context) {
	g.mu.Lock()
	g.runs++
	n := g.runs
	hold := g.hold[n]
	g.mu.Unlock()
	g.started <- n
	if hold != nil {
		select {
		case <-hold:
		case <-ctx.Done():
		}
	}
	g.ended <- n
}

func (g *fakeGrader) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.runs
}

// wait waits for run n to send on ch.
func wait(t *testing.T, ch chan int, n int, what string) {
	t.Helper()
	select {
	case got := <-ch:
		if got != n {
			t.Fatalf("run %d %s, want run %d", got, what, n)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("run %d never %s", n, what)
	}
}

// noMoreRuns checks that no run starts for a while.
func noMoreRuns(t *testing.T, g *fakeGrader) {
	t.Helper()
	select {
	case n := <-g.started:
		t.Fatalf("run %d started, but no file changed since the last run began", n)
	case <-time.After(3 * quiet):
	}
}

// startWatch watches dir with g and returns a function that stops watching and returns
// Watch's error.
func startWatch(t *testing.T, dir string, g *fakeGrader) (stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- Watch(ctx, Config{Dir: dir, Match: GoSource, Quiet: quiet, Run: g.run}) }()
	stopped := sync.OnceValue(func() error {
		cancel()
		select {
		case err := <-errc:
			return err
		case <-time.After(5 * time.Second):
			return fmt.Errorf("Watch did not return after its context was cancelled")
		}
	})
	t.Cleanup(func() { stopped() })
	wait(t, g.started, 1, "started") // the first run comes at once
	wait(t, g.ended, 1, "ended")
	return stopped
}

// save writes file in dir n times in quick succession, like an editor's burst for one save.
func save(t *testing.T, dir, file string, n int) {
	t.Helper()
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, file), fmt.Appendf(nil, "package hashset // %d\n", i), 0o644); err != nil {
			t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// saveByRename saves the way many editors do: write a temporary file, then rename it over.
func saveByRename(t *testing.T, dir, file string) {
	t.Helper()
	tmp := filepath.Join(dir, "."+file+".tmp")
	if err := os.WriteFile(tmp, []byte("package hashset // renamed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, file)); err != nil {
		t.Fatal(err)
	}
}

func TestOneRunPerBurst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g := newFake()
	startWatch(t, dir, g)

	save(t, dir, "hashset.go", 5)
	wait(t, g.started, 2, "started")
	wait(t, g.ended, 2, "ended")
	noMoreRuns(t, g)

	saveByRename(t, dir, "hashset.go")
	save(t, dir, "helpers.go", 3)
	wait(t, g.started, 3, "started")
	wait(t, g.ended, 3, "ended")
	noMoreRuns(t, g)

	if err := os.Remove(filepath.Join(dir, "helpers.go")); err != nil {
		t.Fatal(err)
	}
	wait(t, g.started, 4, "started after a file was removed")
	wait(t, g.ended, 4, "ended")
	noMoreRuns(t, g)
}

func TestSaveDuringRunRunsOnceMore(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g := newFake()
	release := g.holdRun(2)
	startWatch(t, dir, g)

	save(t, dir, "hashset.go", 2)
	wait(t, g.started, 2, "started")
	// Three separate saves, each after the folder went quiet, all while run 2 is going.
	for range 3 {
		save(t, dir, "hashset.go", 2)
		time.Sleep(quiet + 100*time.Millisecond)
	}
	if n := g.count(); n != 2 {
		t.Fatalf("%d runs while run 2 was going, want no new one before it ends", n)
	}
	release()
	wait(t, g.ended, 2, "ended")
	wait(t, g.started, 3, "started after run 2 ended")
	wait(t, g.ended, 3, "ended")
	noMoreRuns(t, g)
}

func TestOtherFilesDoNotCount(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	g := newFake()
	startWatch(t, dir, g)
	for _, f := range []string{"notes.txt", ".hashset.go.swp", ".#hashset.go", "_scratch.go", "4913", "sub/x.go"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(filepath.Join(dir, "notes.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	noMoreRuns(t, g)
}

func TestStopCancelsAndWaitsForTheRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g := newFake()
	g.holdRun(2) // never released: only cancelling ends it
	stop := startWatch(t, dir, g)
	save(t, dir, "hashset.go", 1)
	wait(t, g.started, 2, "started")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	select {
	case n := <-g.ended:
		if n != 2 {
			t.Fatalf("run %d ended, want 2", n)
		}
	default:
		t.Fatal("Watch returned before the run in progress ended")
	}
}

func TestFolderReplaced(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	dir := filepath.Join(parent, "hashset")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	g := newFake()
	startWatch(t, dir, g)
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The new folder is watched again, and counts as a change.
	wait(t, g.started, 2, "started once the folder was back")
	wait(t, g.ended, 2, "ended")
	save(t, dir, "hashset.go", 2)
	wait(t, g.started, 3, "started after a save in the new folder")
	wait(t, g.ended, 3, "ended")
}

func TestGoSource(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"hashset.go": true, "hashset_test.go": true, "helpers.go": true,
		".hashset.go.swp": false, ".#hashset.go": false, "_scratch.go": false,
		"hashset.go~": false, "notes.txt": false, "4913": false, "hashset.go.orig": false,
	} {
		if got := GoSource(name); got != want {
			t.Errorf("GoSource(%q) = %v, want %v", name, got, want)
		}
	}
}
