package harness

import (
	"testing"
	"time"
)

// TestSettled checks that a goroutine is taken for blocked only when every read finds it so: a
// loop caught parked for a moment is busy, a lock waited on in every read is not.
func TestSettled(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reads []string
		want  string
		taken int // reads made
	}{
		{"busy at once", []string{"running"}, "running", 1},
		{"caught waiting for a moment", []string{"select", "select", "runnable"}, "runnable", 3},
		{"blocked in every read", []string{"sync.Mutex.Lock"}, "sync.Mutex.Lock", settleLooks},
		{"sleeping", []string{"sleep"}, "sleep", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			taken := 0
			read := func() string {
				s := tc.reads[min(taken, len(tc.reads)-1)]
				taken++
				return s
			}
			if got := settled(read, time.Microsecond); got != tc.want || taken != tc.taken {
				t.Errorf("settled = %q after %d reads, want %q after %d", got, taken, tc.want, tc.taken)
			}
		})
	}
}

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
