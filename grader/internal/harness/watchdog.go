package harness

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"time"

	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// watchdog watches the run from its own goroutine: the memory the runtime holds, and a call of
// the graded code that does not return. When a limit is passed it writes an abort line to the
// record and ends the process, so the judge learns which test and which call were to blame.
// The judge's own limits (wall time, the operating system's memory limit) stay as the backstop
// for what the watchdog cannot see.
type watchdog struct {
	r       *runner
	memory  uint64 // the graded code's memory limit; the process may hold record.JudgeMemory more
	opLimit time.Duration
	wall    time.Duration // the run's wall-clock limit; 0: none
	ends    time.Time     // when the watchdog ends the run, a little before the judge kills it
	t       atomic.Pointer[T]
}

// tick is how often the watchdog looks.
const tick = 5 * time.Millisecond

func startWatchdog(r *runner, memory uint64, opLimit, wall time.Duration) *watchdog {
	w := &watchdog{r: r, memory: memory, opLimit: opLimit, wall: wall}
	if wall > 0 {
		w.ends = time.Now().Add(wall - wallMargin(wall))
	}
	if memory > 0 {
		// Let the garbage collector work harder near the limit, so that garbage not yet
		// collected is not mistaken for memory in use.
		debug.SetMemoryLimit(int64((memory + record.JudgeMemory) / 10 * 9))
	}
	go w.loop()
	return w
}

// follow tells the watchdog which test is running (nil between tests).
func (w *watchdog) follow(t *T) { w.t.Store(t) }

func (w *watchdog) loop() {
	samples := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	var lastCount uint64
	lastChange, lastCPU := time.Now(), processCPU()
	for range time.Tick(tick) {
		now := time.Now()
		if w.memory > 0 {
			metrics.Read(samples)
			held := samples[0].Value.Uint64() - samples[1].Value.Uint64()
			if held > w.memory+record.JudgeMemory {
				w.abort(&record.Failure{Verdict: verdict.MemoryLimitExceeded, Message: fmt.Sprintf(
					"the graded code used more than %d MiB of memory%s: the test process held %d MiB, "+
						"of which the judge's own data is at most %d MiB",
					w.memory>>20, w.during(), held>>20, record.JudgeMemory>>20)})
			}
		}
		if w.wall > 0 && now.After(w.ends) {
			w.abort(w.wallFailure())
		}
		t := w.t.Load()
		if t == nil {
			continue
		}
		if count := t.opCount.Load(); count != lastCount {
			lastCount, lastChange, lastCPU = count, now, processCPU()
		}
		op := t.op.Load()
		limit := max(w.opLimit, time.Duration(t.batch.Load()))
		if op == nil || now.Sub(lastChange) < limit {
			continue
		}
		// A call that keeps a core busy is stuck only once the process has had the CPU for
		// half the limit: on a machine busy with other work the wall clock runs on while the
		// call waits for its turn, and a long batch of right calls is not an endless loop.
		if processCPU()-lastCPU < limit/2 && running(goroutineState(t.goid.Load())) {
			continue
		}
		w.stuck(t, op, limit)
	}
}

// wallMargin is how long before the judge's wall-clock limit the watchdog ends the run: the
// judge's clock started before this process did, and on a busy machine a tick comes late.
func wallMargin(wall time.Duration) time.Duration { return max(time.Second, wall/20) }

// wallFailure is the failure of a run at its wall-clock limit. The performance tests measure in
// CPU time, so on a machine busy with other work their wall time stretches, most for the code
// that spends its whole budget: when a growth already looked wrong on a first measurement, the
// failure names it and gives its hint, so the learner is not left with a bare time limit.
func (w *watchdog) wallFailure() *record.Failure {
	f := &record.Failure{Verdict: verdict.TimeLimitExceeded,
		Message: fmt.Sprintf("the hidden tests ran past the wall-clock limit of %s%s", w.wall, w.during())}
	if t := w.t.Load(); t != nil {
		if lead := t.lead.Load(); lead != nil {
			f.Op, f.Hint = lead.Op, lead.Hint
			f.Message += "; before it, a first measurement (not yet confirmed) showed: " + lead.Message
		}
	}
	return f
}

// stuck ends the run for a call that has not returned within the limit, telling a busy call (an
// endless loop: time_limit_exceeded), a sleeping one (time_limit_exceeded) and a blocked one (a
// deadlock: runtime_error) apart by the test goroutine's state in the runtime's own listing.
func (w *watchdog) stuck(t *T, op *Call, limit time.Duration) {
	w.abort(w.r.stuckFailure(op, t.recvName(), goroutineState(t.goid.Load()), limit))
}

// stuckFailure is the failure of the call op, printed with the receiver recv, that has not
// returned within limit in the goroutine state state. A busy call (an endless loop) gets the
// suite's StuckHint for it.
func (r *runner) stuckFailure(op *Call, recv, state string, limit time.Duration) *record.Failure {
	call := op.Go(recv)
	switch {
	case blocked(state):
		return &record.Failure{Verdict: verdict.RuntimeError, Message: fmt.Sprintf(
			"deadlock: %s has been blocked (%s) for %s: a lock taken twice, or a channel nobody serves",
			call, state, limit)}
	case strings.HasPrefix(state, "sleep"):
		return &record.Failure{Verdict: verdict.TimeLimitExceeded,
			Message: fmt.Sprintf("%s slept for more than %s without returning", call, limit)}
	}
	f := &record.Failure{Verdict: verdict.TimeLimitExceeded,
		Message: fmt.Sprintf("%s ran for more than %s without returning (an endless loop?)", call, limit)}
	if r.stuckHint != nil {
		f.Hint = r.stuckHint(*op)
	}
	return f
}

// running reports whether a goroutine state is one of a goroutine that wants the CPU: running,
// or ready to run.
func running(state string) bool { return state == "running" || state == "runnable" }

// blocked reports whether a goroutine state is a wait on something only another goroutine can
// give: a lock, a channel, a wait group, a condition.
func blocked(state string) bool {
	for _, s := range []string{"chan receive", "chan send", "select", "sync.", "semacquire", "sync.Cond.Wait"} {
		if strings.HasPrefix(state, s) {
			return true
		}
	}
	return false
}

// goroutineState returns the state of goroutine id as the runtime lists it ("running",
// "sleep", "sync.Mutex.Lock", "chan receive"), without the time it has been in it.
func goroutineState(id uint64) string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	prefix := fmt.Sprintf("goroutine %d [", id)
	for _, line := range strings.Split(string(buf), "\n") {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			state, _, _ := strings.Cut(rest, "]")
			state, _, _ = strings.Cut(state, ",") // "chan receive, 2 minutes"
			return state
		}
	}
	return ""
}

// goid returns the calling goroutine's id, from the first line of its stack.
func goid() uint64 {
	var buf [64]byte
	line := string(buf[:runtime.Stack(buf[:], false)])
	var id uint64
	fmt.Sscanf(strings.TrimPrefix(line, "goroutine "), "%d", &id)
	return id
}

// during names the running test and call for a message.
func (w *watchdog) during() string {
	t := w.t.Load()
	if t == nil {
		return ""
	}
	if op := t.current(); op != "" {
		return fmt.Sprintf(" (test %s, during %s)", t.name, op)
	}
	return fmt.Sprintf(" (test %s)", t.name)
}

// abort records why the run was stopped and ends the process.
func (w *watchdog) abort(f *record.Failure) {
	message := f.Message
	test := ""
	if t := w.t.Load(); t != nil {
		if f.Op == "" {
			f.Op = t.current()
		}
		test = t.name
	}
	w.r.write(record.Event{Kind: record.Abort, Test: test, Message: message, Failure: f})
	os.Exit(4)
}
