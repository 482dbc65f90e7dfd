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
