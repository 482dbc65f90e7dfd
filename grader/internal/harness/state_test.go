package harness

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// TestStateOf checks how a goroutine's block in the runtime's listing reads: a wait on the
// runtime's own semaphore (its frames left out, the graded code's first) is not a block, a
// wait on the sync or internal/poll package's is.
func TestStateOf(t *testing.T) {
	for _, tc := range []struct {
		block, state string
		blocked      bool
	}{
		{"goroutine 7 [semacquire]:\nlearner.spin()\n\t/x/set.go:22 +0xed", RuntimeSemaphore, false},
		{"goroutine 7 [semacquire, 2 minutes]:\nsync.runtime_Semacquire(0xc000012345)\n\t/go/sema.go:71 +0x25",
			"semacquire", true},
		{"goroutine 7 [semacquire]:\ninternal/poll.runtime_Semacquire(0xc0000a0000)\n\t/go/sema.go:76 +0x25",
			"semacquire", true},
		{"goroutine 7 [sync.Mutex.Lock, 1 minutes]:\nsync.runtime_SemacquireMutex(0xc0, 0x0, 0x1)", "sync.Mutex.Lock", true},
		{"goroutine 7 [chan receive (nil chan)]:\nlearner.(*Set).Len()", "chan receive (nil chan)", true},
		{"goroutine 7 [GC assist wait]:\nlearner.spin()", "GC assist wait", false},
		{"goroutine 7 [running]:\nlearner.spin()", "running", false},
		{"not a listing", "", false},
	} {
		state := StateOf(tc.block)
		if state != tc.state || Blocked(state) != tc.blocked {
			t.Errorf("StateOf(%q) = %q, blocked %v; want %q, blocked %v", tc.block, state, Blocked(state), tc.state, tc.blocked)
		}
	}
}

// TestAllocatingLoopIsNotBlocked checks that the watchdog never reads a goroutine that only
// allocates as blocked: one read in eight caught such a loop on the runtime's semaphore (a
// collection starting while the listing had the world stopped), and a call that spun read as a
// deadlock.
func TestAllocatingLoopIsNotBlocked(t *testing.T) {
	var stop atomic.Bool
	var sink atomic.Pointer[[]byte]
	ids := make(chan uint64, 4)
	var wg sync.WaitGroup
	for range cap(ids) {
		wg.Go(func() {
			ids <- GoroutineID()
			for !stop.Load() {
				b := make([]byte, 4096)
				sink.Store(&b)
			}
		})
	}
	defer wg.Wait()
	defer stop.Store(true)
	var loops []uint64
	for range cap(ids) {
		loops = append(loops, <-ids)
	}
	seen := map[string]int{}
	for i := range 400 {
		state, _ := goroutineListing(loops[i%len(loops)])
		seen[state]++
		if blocked(state) || !running(state) {
			t.Fatalf("read %d: a goroutine that only allocates read as %q (states so far: %v)", i, state, seen)
		}
		runtime.Gosched()
	}
	t.Logf("states read: %v", seen)
}
