package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"kata/grader/verdict"
)

// syncBuffer is a buffer that the watcher's runs and the test can use at once.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestWatch drives kata watch with a fake judge and real file writes: one run at the start,
// one per burst of saves, exactly one more for saves during a run, the offer of the next
// exercise once accepted, Enter to go on, and Ctrl-C, which cancels the run in progress and
// waits for it.
func TestWatch(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	dir := tempKit(e, "hashset", map[string]string{"hashset.go": "package hashset\n"})
	var out, errs syncBuffer
	stdin, typing := io.Pipe()
	defer typing.Close()
	e.streams.Out, e.streams.Err, e.streams.In, e.streams.InTerminal = &out, &errs, stdin, true
	f := &fakeJudge{verdicts: map[string]verdict.Verdict{"hashset": verdict.NotImplemented}}
	e.streams.Judge = f.judge
	const quiet = 300 * time.Millisecond
	o := &watchOptions{streams: e.streams, name: "hashset", seed: "7", quiet: quiet}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- watchRun(ctx, o) }()

	waitCalls := func(n int, why string) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for f.count() < n {
			if time.Now().After(deadline) {
				t.Fatalf("%d runs, want %d: %s", f.count(), n, why)
			}
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(3 * quiet) // and no more
		if got := f.count(); got != n {
			t.Fatalf("%d runs, want exactly %d: %s", got, n, why)
		}
	}
	save := func(times int) {
		t.Helper()
		for range times {
			if err := os.WriteFile(filepath.Join(dir, "hashset.go"), []byte("package hashset // saved\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			time.Sleep(15 * time.Millisecond)
		}
	}

	waitCalls(1, "the first run comes at once")
	save(3)
	waitCalls(2, "three quick saves are one burst")

	f.mu.Lock()
	f.delay = 400 * time.Millisecond // each run now takes 1.2s
	f.mu.Unlock()
	save(1)
	time.Sleep(quiet + 100*time.Millisecond) // run 3 has started
	save(2)
	time.Sleep(quiet + 100*time.Millisecond)
	save(1) // more saves during run 3
	waitCalls(4, "saves during a run give one more run after it")

	f.mu.Lock()
	f.delay = 0
	f.verdicts["hashset"] = verdict.Accepted
	f.mu.Unlock()
	save(2)
	waitCalls(5, "the save that solves it")
	if !strings.Contains(out.String(), "Press Enter to go on to trie, or Ctrl-C to stop.") {
		t.Fatalf("no offer of the next exercise after accepted:\n%s", out.String())
	}
	if p := e.progress().Get("hashset"); !p.IsSolved() || p.Attempts != 5 {
		t.Errorf("recorded %+v, want solved after 5 attempts", p)
	}

	if err := os.MkdirAll(filepath.Join(e.root, "exercises", "trie"), 0o755); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	f.verdicts["trie"] = verdict.WrongAnswer
	f.delay = time.Hour // the next run lasts until Ctrl-C
	f.mu.Unlock()
	if _, err := io.WriteString(typing, "\n"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for f.count() < 6 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	f.mu.Lock()
	calls := append([]string(nil), f.calls...)
	f.mu.Unlock()
	if len(calls) != 6 || calls[5] != "trie" {
		t.Fatalf("after Enter the judge was called for %v, want trie last", calls)
	}

	cancel() // Ctrl-C during trie's run
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("kata watch ended with %v after Ctrl-C", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("kata watch did not stop after Ctrl-C")
	}
	if errs.String() != "" {
		t.Errorf("stderr: %q", errs.String())
	}
	e.out.Reset()
	e.out.WriteString(out.String())
	e.err.Reset()
	got := e.transcript([]string{"watch", "hashset", "--seed", "7"}, 0)
	checkGolden(t, "watch", got)
	for _, line := range strings.Split(got, "\n") { // kata watch's own lines; the verdicts are the judge's
		if strings.HasPrefix(line, "kata watch") || strings.HasPrefix(line, "Watching") || strings.HasPrefix(line, "Press Enter") {
			assertFits(t, "kata watch", line)
		}
	}
}
