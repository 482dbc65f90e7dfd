package harness

import (
	"math"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
)

// pressureMemory is the graded code's memory limit in those runs: the process may hold it plus
// record.JudgeMemory (224 MiB), and the collector's soft limit is nine tenths of that (201 MiB).
const pressureMemory = 32 << 20

// TestMemoryPressureIsMemory runs programs that hold memory under, near and over their limit,
// each in a child process with the watchdog on, and checks what the run is judged: a call that
// crawls because the garbage collector takes the CPU to stay under its soft limit is
// memory_limit_exceeded, with the figures, never "an endless loop"; memory over the limit is
// memory_limit_exceeded, and so is a call that climbs toward it too slowly to reach it within
// its time limit, and so are goroutines that pile up; garbage not yet collected over the limit is
// not; and well under it, a call that
// ends passes and an endless loop is still time_limit_exceeded.
func TestMemoryPressureIsMemory(t *testing.T) {
	if isChild(runPressureCase) {
		return
	}
	if testing.Short() {
		t.Skip("starts seven child processes that hold up to 300 MiB each")
	}
	for _, c := range []struct {
		name    string
		status  result.Status
		verdict verdict.Verdict
		words   []string
		reason  string
	}{
		{"under-returns", result.Pass, "", nil,
			"holding 150 MiB, well under the soft limit, a call that churns garbage for a second is fine"},
		{"under-loops", result.Fail, verdict.TimeLimitExceeded, []string{"without returning (an endless loop?)"},
			"an endless loop that allocates nothing is still an endless loop, whatever memory is held"},
		{"at-limit", result.Fail, verdict.MemoryLimitExceeded,
			[]string{"ran out of memory headroom", "garbage collector", "MiB"},
			"holding more than the collector's soft limit, a call that allocates crawls: memory, not a loop"},
		{"over-limit", result.Fail, verdict.MemoryLimitExceeded, []string{"used more than 32 MiB"},
			"holding more than the limit is stopped as soon as the watchdog sees it"},
		{"climbing", result.Fail, verdict.MemoryLimitExceeded, []string{"MiB"},
			"a call whose memory climbs toward the limit, to pass it after its time limit, runs out of memory"},
		{"garbage-over-limit", result.Pass, "", nil,
			"garbage the collector has not freed yet, over the limit, is not memory in use: a call that drops " +
				"large buffers on a busy machine can outrun the collector, as here where it is turned off"},
		{"goroutines", result.Fail, verdict.MemoryLimitExceeded, []string{"goroutines alive", "more than the 10000"},
			"goroutines that never end pile up: the run is stopped before Go's race detector gives up on them"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			log, out := inChild(t, "TestMemoryPressureIsMemory", c.name)
			status, failure := result.Pass, (*record.Failure)(nil)
			if abort, ok := log.Find(record.Abort); ok {
				status, failure = result.Fail, abort.Failure
			} else if end, ok := log.Ends()["body"]; ok {
				status, failure = end.Status, end.Failure
			} else {
				t.Fatalf("the record has neither an abort nor the test's end:\n%s", out)
			}
			if status != c.status || failure != nil && failure.Verdict != c.verdict {
				t.Fatalf("%s: got %s %+v, want %s %s", c.reason, status, failure, c.status, c.verdict)
			}
			for _, w := range c.words {
				if !strings.Contains(failure.Message, w) {
					t.Errorf("%s: the message does not say %q: %s", c.reason, w, failure.Message)
				}
			}
		})
	}
}

// runPressureCase is the child's side: it runs a one-test suite whose test holds memory and
// makes one call, with the watchdog on, then exits as the harness's Main does.
func runPressureCase(name string) {
	var held [][]byte
	hold := func(mib int) {
		for range mib {
			b := make([]byte, 1<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			held = append(held, b)
		}
	}
	var sink []byte
	// churn allocates a little at a time, as a structure being built does, for as long as asked
	// (for ever with a zero time): slow enough that the collector keeps the heap under the limit.
	churn := func(until time.Time) {
		for until.IsZero() || time.Now().Before(until) {
			sink = make([]byte, 4<<10)
			for start := time.Now(); time.Since(start) < 20*time.Microsecond; {
			}
		}
	}
	body := func(t *T) {
		call := &Call{Method: "Insert", Args: []any{[]byte("a")}}
		switch name {
		case "under-returns":
			hold(150)
			t.enter(call)
			churn(time.Now().Add(time.Second))
			t.leave()
		case "under-loops":
			hold(150)
			t.enter(call)
			for x := 0; ; x++ {
				sink = sink[:min(len(sink), x&1)]
			}
		case "at-limit":
			hold(184)
			t.enter(call)
			churn(time.Time{})
		case "over-limit":
			hold(240)
		case "goroutines":
			t.enter(call)
			never := make(chan struct{})
			for range maxGoroutines + 2000 {
				go func() { <-never }()
			}
			time.Sleep(20 * tick)
			t.leave()
		case "garbage-over-limit":
			debug.SetGCPercent(-1)
			debug.SetMemoryLimit(math.MaxInt64)
			t.enter(call)
			for range 300 {
				sink = make([]byte, 1<<20)
				for i := 0; i < len(sink); i += 4096 {
					sink[i] = 1
				}
			}
			time.Sleep(20 * tick) // the watchdog reads the memory over the limit, several times
			t.leave()
		case "climbing":
			// A table doubled again and again: 8 MiB more every 50 ms, allocated and not
			// written, 160 MiB a second, past the 224 MiB the process may hold after about
			// 1.4 s, where the call's time limit is 1 s (and under nine tenths of the
			// collector's soft limit then: no pressure yet, only a climb).
			t.enter(call)
			for {
				held = append(held, make([]byte, 8<<20))
				for start := time.Now(); time.Since(start) < 50*time.Millisecond; {
				}
			}
		}
	}
	runChild(body, record.Config{Seed: 1, Memory: pressureMemory, OpLimit: time.Second})
	_ = held
}
