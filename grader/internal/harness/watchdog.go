package harness

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
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

	// What the loop last read, for telling memory pressure from a call that is merely stuck.
	held       uint64           // the memory the process held
	live       uint64           // the heap the last collection found live
	progress   cpuSplit         // the CPU spent, and the collector's part of it, when the call last made progress
	stacks     uint64           // the memory goroutine stacks took
	goroutines uint64           // the goroutines alive
	unproven   uint64           // the heap beyond the objects the last collection found live: garbage, perhaps, or free
	samples    []metrics.Sample // what read reads them into
}

// cpuSplit is the CPU time the process has spent, in seconds, and the garbage collector's part.
type cpuSplit struct{ total, gc float64 }

// stackStep is the least growth of the stacks' memory between two looks that the watchdog takes
// for a deep stack doubling (a goroutine's stack grows by doubling, copied whole): a
// recursion 1 MiB deep or more, where the graded code's calls otherwise need a few KiB.
const stackStep = 1 << 20

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
		debug.SetMemoryLimit(int64(w.softLimit()))
	}
	go w.loop()
	return w
}

// follow tells the watchdog which test is running (nil between tests).
func (w *watchdog) follow(t *T) { w.t.Store(t) }

// softLimit is the memory limit the garbage collector is given: nine tenths of what the process
// may hold. Above it the collector runs most of the time to get back under it.
func (w *watchdog) softLimit() uint64 { return (w.memory + record.JudgeMemory) / 10 * 9 }

// memorySamples are the runtime metrics the loop reads: the memory held, and the CPU spent.
var memorySamples = []string{
	"/memory/classes/total:bytes",
	"/memory/classes/heap/released:bytes",
	"/cpu/classes/total:cpu-seconds",
	"/cpu/classes/gc/total:cpu-seconds",
	"/gc/heap/live:bytes",
	"/memory/classes/heap/stacks:bytes",
	"/sched/goroutines:goroutines",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/free:bytes",
}

// read reads memorySamples into w (held, live, stacks, goroutines, unproven) and returns the CPU
// spent.
func (w *watchdog) read() cpuSplit {
	if w.samples == nil {
		w.samples = make([]metrics.Sample, len(memorySamples))
		for i, name := range memorySamples {
			w.samples[i].Name = name
		}
	}
	samples := w.samples
	metrics.Read(samples)
	w.held = samples[0].Value.Uint64() - samples[1].Value.Uint64()
	w.live = samples[4].Value.Uint64()
	w.stacks = samples[5].Value.Uint64()
	w.goroutines = samples[6].Value.Uint64()
	objects := samples[7].Value.Uint64()
	w.unproven = objects - min(w.live, objects) + samples[8].Value.Uint64()
	return cpuSplit{total: samples[2].Value.Float64(), gc: samples[3].Value.Float64()}
}

func (w *watchdog) loop() {
	var lastCount uint64
	lastChange, lastCPU := time.Now(), processCPU()
	w.progress = w.read()
	lastHeld := w.held // the memory held when the running call last made progress
	// The stacks' memory, and when a stack last doubled and the process's CPU time then.
	stacks, deeper, deeperCPU := w.stacks, lastChange, lastCPU
	depth := 0 // the running call's depth in frames, as last seen
	var looks pacer
	var collected time.Time // when the loop last collected the garbage to confirm a reading over the limit
	for range time.Tick(tick) {
		now := time.Now()
		spent := w.read()
		if w.stacks >= stacks+stackStep {
			deeper, deeperCPU = now, processCPU()
		}
		stacks = w.stacks
		if w.memory > 0 && w.held > w.memory+record.JudgeMemory && now.After(collected.Add(collectEvery)) {
			collected = now
			if w.overAfterCollecting() {
				w.abort(&record.Failure{Verdict: verdict.MemoryLimitExceeded, Message: fmt.Sprintf(
					"the graded code used more than %d MiB of memory%s: the test process held %d MiB, "+
						"of which the judge's own data is at most %d MiB",
					w.memory>>20, w.during(), w.held>>20, record.JudgeMemory>>20)})
			}
		}
		if w.memory > 0 && w.goroutines > maxGoroutines {
			w.abort(&record.Failure{Verdict: verdict.MemoryLimitExceeded, Message: fmt.Sprintf(
				"the graded code had %d goroutines alive%s, more than the %d a run may hold: goroutines that "+
					"never end pile up, each with its stack", w.goroutines, w.during(), maxGoroutines),
				Hint: "end every goroutine your code starts: one that waits for ever (on a channel nobody sends " +
					"to or closes, or a lock nobody releases) stays alive with its stack as long as the process"})
		}
		if w.wall > 0 && now.After(w.ends) {
			if f := w.pressureFailure(spent, "the run reached its wall-clock limit of "+w.wall.String()); f != nil {
				w.abort(f)
			}
			w.abort(w.wallFailure())
		}
		t := w.t.Load()
		if t == nil {
			continue
		}
		if count := t.opCount.Load(); count != lastCount {
			lastCount, lastChange, lastCPU, w.progress, lastHeld = count, now, processCPU(), spent, w.held
			depth = 0
		}
		op := t.op.Load()
		limit := max(w.opLimit, time.Duration(t.batch.Load()))
		if op == nil || now.Sub(lastChange) < limit {
			continue
		}
		// A call that keeps a core busy is stuck only once the process has had the CPU for
		// half the limit: on a machine busy with other work the wall clock runs on while the
		// call waits for its turn, and a long batch of right calls is not an endless loop.
		if processCPU()-lastCPU < limit/2 {
			if !looks.due() {
				continue
			}
			before := processCPU()
			state := goroutineState(t.goid.Load())
			looks.took(before)
			if running(state) {
				continue
			}
		}
		// A call whose stack doubled is recursing deeper: it returns, or its stack overflows
		// MaxStack, a crash the judge names. An endless recursion fills its last stack, 32 MiB to
		// 64, with about as much CPU as it took to reach 32 MiB, and the whole may pass the limit
		// on a busy machine. So a call is not stuck until it has spent twice that since its stack
		// last doubled; a loop at the bottom of a recursion has, soon. With other processes on
		// its cores the same frames cost more CPU (filling the last stack took 3.3 times the CPU
		// of reaching it, with six busy loops on two cores), so past that the call's depth
		// decides: one still getting deeper is recursing, one at a depth that stays is looping.
		if deeper.After(lastChange) {
			if processCPU()-deeperCPU < 2*(deeperCPU-lastCPU) {
				continue
			}
			if !looks.due() {
				continue // let the call have the CPU to deepen before the next look
			}
			before := processCPU()
			_, d := goroutineListing(t.goid.Load())
			looks.took(before)
			if d > depth {
				depth = d
				continue
			}
		}
		if f := w.pressureFailure(spent, fmt.Sprintf("%s did not return within %s", op.Go(t.recvName()), limit)); f != nil {
			w.abort(f)
		}
		if w.climbing(lastHeld, now.Sub(lastChange), limit) {
			continue // the memory check above ends it, with the figures
		}
		w.stuck(t, op, limit)
	}
}

// overAfterCollecting reports whether the process holds more than its memory limit without its
// garbage. The memory the process holds counts garbage not yet collected: a call that allocates
// and drops a large buffer at a time, on a machine busy with other work, can outrun the collector
// past the limit with nothing but garbage, which is no memory in use. When the heap beyond the
// objects the last collection found live (objects since, and free memory not yet returned to
// the operating system), were it all garbage, would not bring the process under the limit, it
// is over at once; otherwise a collection that frees the garbage and returns it tells. Under the
// race detector it is over at once too: while the collection runs, a process that is really
// growing (the concurrent set's tall towers) can reach the end of the detector's address space,
// and the run would end with no verdict.
func (w *watchdog) overAfterCollecting() bool {
	limit := w.memory + record.JudgeMemory
	if Race || w.held-min(w.unproven, w.held) > limit {
		return true
	}
	debug.FreeOSMemory()
	w.read()
	return w.held > limit
}

// maxGoroutines is the most goroutines a run may have alive at once: far more than any right
// code of the exercises needs, with the judge's own, and well under what Go's race detector can
// follow within its address space (it fails at about 22,000 in the end-to-end tests' limits and
// 55,000 in kata run's), which would leave the run with no verdict.
const maxGoroutines = 10_000

// collectEvery is the least time between two collections the watchdog makes to confirm a reading
// over the memory limit: a call that drops garbage as fast as the collector frees it is slowed by
// them, but only by a collection every collectEvery.
const collectEvery = 100 * time.Millisecond

// pressureFailure is the failure of a run stopped (what says how) while the process was short of
// memory, or nil when it was not: a call that crawls because the garbage collector takes most of
// the CPU to keep the heap under its soft limit has run out of memory headroom, not into an
// endless loop. spent is the CPU spent now.
func (w *watchdog) pressureFailure(spent cpuSplit, what string) *record.Failure {
	if w.memory == 0 {
		return nil
	}
	soft := w.softLimit()
	gcShare := 0.0
	if total := spent.total - w.progress.total; total > 0 {
		gcShare = (spent.gc - w.progress.gc) / total
	}
	if !underPressure(w.live, soft, gcShare) {
		return nil
	}
	return &record.Failure{Verdict: verdict.MemoryLimitExceeded, Message: fmt.Sprintf(
		"the graded code ran out of memory headroom%s: %s while %d MiB of the heap was live and the "+
			"test process held %d MiB, near its limit of %d MiB (%d MiB for the graded code, at most %d MiB "+
			"for the judge's own data), and the garbage collector took %.0f%% of the CPU",
		w.during(), what, w.live>>20, w.held>>20, (w.memory+record.JudgeMemory)>>20, w.memory>>20,
		record.JudgeMemory>>20, 100*gcShare)}
}

// climbing reports whether a call that has run for ran, while the memory the process holds went
// from start to what it holds now, has taken at least a quarter of the headroom it started with:
// a call that builds an ever larger structure (a table doubled again and again, each doubling
// as dear as all before it) spends its time allocating and clearing fresh pages, and on a busy
// machine can pass the time limit before the memory limit. It is running out of memory, and is
// given up to climbLimits times the limit in all to show it; a call whose memory stays put, an
// endless loop, is not.
func (w *watchdog) climbing(start uint64, ran, limit time.Duration) bool {
	allowed := w.memory + record.JudgeMemory
	if w.memory == 0 || w.held <= start || start >= allowed || ran >= climbLimits*limit {
		return false
	}
	return w.held-start >= (allowed-start)/4
}

// climbLimits is how many times its limit a call whose memory climbs toward the memory limit may
// run before it is stopped as stuck all the same.
const climbLimits = 3

// underPressure reports whether a process whose last collection found live bytes live, whose
// garbage collector has the soft limit soft and took the share gcShare of the CPU since the
// running call last made progress, is short of memory: what is live nearly fills the soft
// limit, so the collector runs almost without pause, or half fills it while the collector takes
// half the CPU or more. Garbage not yet collected does not count: a process near its soft limit
// only for want of a collection has room.
func underPressure(live, soft uint64, gcShare float64) bool {
	return live >= soft/10*9 || live >= soft/2 && gcShare >= 0.5
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
// deadlock: runtime_error) apart by the test goroutine's state in the runtime's own listing. A
// deadlock gets the suite's own account where it gives one.
func (w *watchdog) stuck(t *T, op *Call, limit time.Duration) {
	goid := t.goid.Load()
	state := settled(func() string { return goroutineState(goid) }, settleGap)
	if Blocked(state) && w.r.deadlock != nil {
		if f := w.r.deadlock(op.Go(t.recvName()), goid, limit); f != nil {
			w.abort(f)
		}
	}
	w.abort(w.r.stuckFailure(op, t.name, t.recvName(), state, limit))
}

// stuckFailure is the failure of the call op of the test called test, printed with the receiver
// recv, that has not returned within limit in the goroutine state state. A busy call (an endless
// loop) gets the suite's StuckHint for it.
func (r *runner) stuckFailure(op *Call, test, recv, state string, limit time.Duration) *record.Failure {
	call := op.Go(recv)
	limit = limit.Round(100 * time.Millisecond) // "25.9s", not "25.85996584s"
	switch {
	case Blocked(state):
		return &record.Failure{Verdict: verdict.RuntimeError, Message: fmt.Sprintf(
			"deadlock: %s has been blocked (%s) for %s: a lock taken twice, or a channel nobody serves",
			call, state, limit)}
	case strings.HasPrefix(state, "sleep"):
		return &record.Failure{Verdict: verdict.TimeLimitExceeded,
			Message: fmt.Sprintf("%s slept for more than %s without returning", call, limit)}
	}
	// One call busy for the whole limit is most likely an endless loop; a batch of a
	// performance test's calls past its limit may as well be calls each far too slow.
	guess := " (an endless loop?)"
	if op.Batch {
		guess = ": its calls are far too slow, or one of them never ends"
	}
	f := &record.Failure{Verdict: verdict.TimeLimitExceeded,
		Message: fmt.Sprintf("%s ran for more than %s without returning%s", call, limit, guess)}
	if r.stuckHint != nil {
		f.Hint = r.stuckHint(test, *op)
	}
	return f
}

// settled returns a goroutine's state as state reads it, read again, gap apart, while it reads as
// blocked, settleLooks times in all: the state of a goroutine blocked for good, or the first
// other state read. A busy goroutine can be caught waiting for a moment (an endless loop that
// parks in a select between turns), and one read would take such a loop for a deadlock.
func settled(state func() string, gap time.Duration) string {
	s := state()
	for range settleLooks - 1 {
		if !Blocked(s) {
			break
		}
		time.Sleep(gap)
		s = state()
	}
	return s
}

// settleLooks and settleGap are how many times, and how far apart, settled reads a state that
// reads as blocked before it believes it: a tenth of a second in all, against the seconds a
// call has been stuck.
const (
	settleLooks = 5
	settleGap   = 25 * time.Millisecond
)

// running reports whether a goroutine state is one of a goroutine that wants the CPU: running,
// ready to run, or held for a moment by the runtime's own work (helping the garbage collector
// as it allocates, waiting for a collection to start or for the world to restart), which ends
// with no other goroutine's help. A call that allocates is often caught so.
func running(state string) bool {
	switch state {
	case "running", "runnable", "preempted", RuntimeSemaphore, "wait for GC cycle", "stopping the world",
		"flushing proc caches", "garbage collection", "garbage collection scan", "GC mark termination":
		return true
	}
	return strings.HasPrefix(state, "GC assist") || strings.HasPrefix(state, "GC sweep")
}

// Blocked reports whether a goroutine state, as StateOf reads it, is a wait on something only
// another goroutine can give: a lock, a channel, a wait group, a condition, a file descriptor
// another goroutine uses.
func Blocked(state string) bool {
	if state == "semacquire" {
		return true
	}
	for _, s := range []string{"chan receive", "chan send", "select", "sync."} {
		if strings.HasPrefix(state, s) {
			return true
		}
	}
	return false
}

// RuntimeSemaphore is the state StateOf gives a goroutine that the runtime's listing shows as
// "semacquire" with the runtime's own frames on top (left out of the listing, so a frame of the
// graded code comes first): it waits on a semaphore of the runtime itself, as an allocation
// that starts a collection does while another goroutine has the world stopped (the watchdog's
// own listing does). The runtime lets it go without another goroutine's help: a busy
// goroutine caught for a moment, not a deadlock. A wait on a semaphore of the sync or
// internal/poll package lists their function first and stays "semacquire".
const RuntimeSemaphore = "semacquire (runtime)"

// StateOf returns the state of a goroutine from its block in the runtime's listing of every
// goroutine (runtime.Stack with all set): the header's ("sync.Mutex.Lock", "running",
// "chan receive") without how long it has been in it, or RuntimeSemaphore; "" if the block has
// no header.
func StateOf(block string) string {
	header, rest, _ := strings.Cut(block, "\n")
	_, state, ok := strings.Cut(header, "[")
	if !ok {
		return ""
	}
	state, _, _ = strings.Cut(state, "]")
	state, _, _ = strings.Cut(state, ",") // "chan receive, 2 minutes"
	if state == "semacquire" {
		first, _, _ := strings.Cut(rest, "\n")
		if !strings.HasPrefix(first, "sync.") && !strings.HasPrefix(first, "internal/poll.") {
			return RuntimeSemaphore
		}
	}
	return state
}

// goroutineState returns the state of goroutine id as the runtime lists it ("running",
// "sleep", "sync.Mutex.Lock", "chan receive"), without the time it has been in it.
func goroutineState(id uint64) string {
	state, _ := goroutineListing(id)
	return state
}

// goroutineListing reads goroutine id in the runtime's listing of every goroutine: its state,
// and how many frames deep its stack is (the frames listed and those the listing leaves out and
// counts, "...87202 frames elided..."); "" and 0 if it is not listed.
func goroutineListing(id uint64) (state string, depth int) {
	buf := make([]byte, 1<<20)
	listing := string(buf[:runtime.Stack(buf, true)])
	header := fmt.Sprintf("goroutine %d [", id)
	start := strings.Index("\n\n"+listing, "\n\n"+header)
	if start < 0 {
		return "", 0
	}
	block, _, _ := strings.Cut(listing[start:], "\n\n")
	for line := range strings.Lines(block) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(line, "goroutine ") || strings.HasPrefix(line, "\t"):
		case strings.HasPrefix(line, "...") && strings.HasSuffix(line, " frames elided..."):
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(line, "..."), " frames elided..."))
			depth += n
		default:
			depth++ // a function's line; its file and line follow, indented
		}
	}
	return StateOf(block), depth
}

// pacer spaces the watchdog's reads of the runtime's goroutine listing by what they cost. The
// listing unwinds every stack whole: for a recursion a million frames deep it takes a tenth of
// a second of CPU or more, with the world stopped, and read at every tick it left the call no
// CPU to go deeper or to overflow (on a busy machine a right recursion read as a loop). Between
// two reads the process has at least pacing times the last read's CPU; a read of shallow stacks
// costs microseconds, so the watchdog still reads at nearly every tick.
type pacer struct {
	at, cost time.Duration // the process's CPU time after the last read, and the read's cost
}

// pacing is how many times a read's CPU the process has between two reads.
const pacing = 4

// due reports whether the next read may be taken.
func (p *pacer) due() bool { return processCPU()-p.at >= pacing*p.cost }

// took notes a read that began at the process CPU time before.
func (p *pacer) took(before time.Duration) {
	p.at = processCPU()
	p.cost = p.at - before
}

// GoroutineID returns the calling goroutine's id, from the first line of its stack: how the
// watchdog and a suite that watches its own goroutines find them in a dump of all stacks.
func GoroutineID() uint64 {
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
