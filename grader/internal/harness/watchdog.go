package harness

import (
	"fmt"
	"os"
	"runtime/debug"
	"runtime/metrics"
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
	memory  uint64
	opLimit time.Duration
	t       atomic.Pointer[T]
}

// tick is how often the watchdog looks.
const tick = 5 * time.Millisecond

func startWatchdog(r *runner, memory uint64, opLimit time.Duration) *watchdog {
	w := &watchdog{r: r, memory: memory, opLimit: opLimit}
	if memory > 0 {
		// Let the garbage collector work harder near the limit, so that garbage not yet
		// collected is not mistaken for memory in use.
		debug.SetMemoryLimit(int64(memory / 10 * 9))
	}
	go w.loop()
	return w
}

// follow tells the watchdog which test is running (nil between tests).
func (w *watchdog) follow(t *T) { w.t.Store(t) }

// cpuSample is the process's CPU time at a moment, to tell a busy call from a blocked one.
type cpuSample struct {
	at  time.Time
	cpu time.Duration
}

func (w *watchdog) loop() {
	samples := []metrics.Sample{
		{Name: "/memory/classes/total:bytes"},
		{Name: "/memory/classes/heap/released:bytes"},
	}
	var history [256]cpuSample // about 1.3 s of samples
	n := 0
	var lastCount uint64
	lastChange := time.Now()
	for range time.Tick(tick) {
		now := time.Now()
		history[n%len(history)] = cpuSample{at: now, cpu: processCPU()}
		n++
		if w.memory > 0 {
			metrics.Read(samples)
			used := samples[0].Value.Uint64() - samples[1].Value.Uint64()
			if used > w.memory {
				w.abort(verdict.MemoryLimitExceeded, fmt.Sprintf(
					"the graded code used more than %d MiB of memory%s", w.memory>>20, w.during()))
			}
		}
		t := w.t.Load()
		if t == nil {
			continue
		}
		if count := t.opCount.Load(); count != lastCount {
			lastCount, lastChange = count, now
		}
		op := t.op.Load()
		if op == nil || now.Sub(lastChange) < w.opLimit {
			continue
		}
		// How busy was the process over the last second of the stuck call?
		oldest := history[max(0, n-len(history))%len(history)]
		if n > len(history) {
			oldest = history[n%len(history)]
		}
		wall := now.Sub(oldest.at)
		busy := float64(processCPU()-oldest.cpu) / float64(wall)
		call := op.Go(t.recvName())
		if busy < 0.05 {
			w.abort(verdict.RuntimeError, fmt.Sprintf(
				"deadlock: %s blocked for %s without running (a lock taken twice, or a channel nobody serves)",
				call, w.opLimit))
		}
		w.abort(verdict.TimeLimitExceeded, fmt.Sprintf(
			"%s ran for more than %s without returning (an endless loop?)", call, w.opLimit))
	}
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
func (w *watchdog) abort(v verdict.Verdict, message string) {
	f := &record.Failure{Verdict: string(v), Message: message}
	test := ""
	if t := w.t.Load(); t != nil {
		f.Op = t.current()
		test = t.name
	}
	w.r.write(record.Event{Kind: record.Abort, Test: test, Message: message, Failure: f})
	os.Exit(4)
}
