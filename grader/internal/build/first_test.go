package build

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// kinds numbers the kinds the tests make, so that each run of a test has fresh gates.
var kinds atomic.Int64

func freshKind() firstKind { return firstKind{exercise: fmt.Sprint("kind", kinds.Add(1))} }

// TestAfterFirst checks the gate: builds of a kind wait while the first runs, and run together
// once it has ended; another kind does not wait.
func TestAfterFirst(t *testing.T) {
	ctx := context.Background()
	kind := freshKind()
	release := make(chan struct{})
	started := make(chan struct{})
	var ended atomic.Bool // the first build has returned
	var wg sync.WaitGroup
	wg.Go(func() {
		afterFirst(ctx, kind, func() (int, error) {
			close(started)
			<-release
			ended.Store(true)
			return 0, nil
		})
	})
	<-started

	if n, _ := afterFirst(ctx, freshKind(), func() (int, error) { return 1, nil }); n != 1 {
		t.Fatal("a build of another kind did not run while the first of this kind ran")
	}

	// Three builds start while the first runs. Each checks that the first has ended, then
	// waits for the other two to have started: they run at once, or the test never ends.
	const waiters = 3
	var running atomic.Int32
	var early atomic.Int32
	all := make(chan struct{})
	for range waiters {
		wg.Go(func() {
			afterFirst(ctx, kind, func() (int, error) {
				if !ended.Load() {
					early.Add(1)
				}
				if running.Add(1) == waiters {
					close(all)
				}
				<-all
				return 0, nil
			})
		})
	}
	// Without the gate the waiters would run within this pause; with it they cannot.
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	if n := early.Load(); n != 0 {
		t.Fatalf("%d of %d builds ran before the first had ended", n, waiters)
	}
}

// TestAfterFirstCancelled checks that a build whose context ends while it waits for the first
// returns the context's error without running.
func TestAfterFirstCancelled(t *testing.T) {
	kind := freshKind()
	release := make(chan struct{})
	started := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		afterFirst(context.Background(), kind, func() (int, error) {
			close(started)
			<-release
			return 0, nil
		})
	}()
	<-started
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ran := false
	_, err := afterFirst(ctx, kind, func() (int, error) { ran = true; return 0, nil })
	close(release)
	<-done
	if !errors.Is(err, context.Canceled) || ran {
		t.Fatalf("a cancelled waiter returned %v and ran = %v, want context.Canceled without running", err, ran)
	}
}
