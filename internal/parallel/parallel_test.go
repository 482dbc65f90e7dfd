package parallel

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestEachCallsEveryIndexOnceWithinTheBound(t *testing.T) {
	const n, workers = 50, 3
	var running, most atomic.Int32
	var mu sync.Mutex
	seen := map[int]int{}
	Each(context.Background(), n, workers, func(i int) {
		now := running.Add(1)
		for {
			m := most.Load()
			if now <= m || most.CompareAndSwap(m, now) {
				break
			}
		}
		time.Sleep(time.Millisecond)
		mu.Lock()
		seen[i]++
		mu.Unlock()
		running.Add(-1)
	})
	if len(seen) != n {
		t.Errorf("called %d indices, want %d", len(seen), n)
	}
	for i, c := range seen {
		if c != 1 {
			t.Errorf("index %d called %d times", i, c)
		}
	}
	if m := most.Load(); m > workers {
		t.Errorf("%d calls at once, want at most %d", m, workers)
	}
}

func TestEachStartsNoMoreOnceCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int32
	Each(ctx, 100, 2, func(i int) {
		if calls.Add(1) == 4 {
			cancel()
		}
	})
	if c := calls.Load(); c > 6 {
		// The other worker's call, and one index handed out as the cancel came, may still run.
		t.Errorf("%d calls after cancelling at the 4th, want at most 6", c)
	}
}

func TestEachWithNoWorkersStillRuns(t *testing.T) {
	calls := 0
	Each(context.Background(), 3, 0, func(int) { calls++ })
	if calls != 3 {
		t.Errorf("%d calls, want 3", calls)
	}
}
