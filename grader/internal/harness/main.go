package harness

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"kata/grader/internal/catalog"
	"kata/grader/internal/growth"
	"kata/grader/internal/record"
	"kata/grader/internal/seal"
	"kata/grader/result"
	"kata/grader/verdict"
)

// runner is one run of a suite.
type runner struct {
	rec     *record.Writer
	seed    uint64
	tracing bool
	verify  bool // the graded package is a reference, checked on reference-free tests
	watch   *watchdog
	// stuckHint is the suite's StuckHint, or nil.
	stuckHint func(test string, c Call) string
	// deadlock is the suite's Deadlock, or nil.
	deadlock func(call string, goid uint64, limit time.Duration) *record.Failure
	// panicHint is the suite's PanicHint, or nil.
	panicHint func(c Call, p any) string
	// growthHints is each operation's hint for a wrong growth, from the growth test's first
	// series of it: the hint of a later test stopped by its CPU backstop in that operation.
	growthHints map[string]string
	// judged is each series' decision by the first growth test of the run that judged it, by
	// its operation and axis ("Contains/n"): what a later test reads with T.Judged.
	judged map[string]growth.Decision
	// seconds is the suite's Seconds; inProcess says that the suite runs in the test binary of
	// the kit's own tests (Local), where T.Second runs them in this process.
	seconds   map[string]func(dir string) error
	inProcess bool
}

func (r *runner) write(e record.Event) {
	if err := r.rec.Write(e); err != nil {
		fmt.Fprintln(os.Stderr, "kata harness: cannot write the record:", err)
		os.Exit(3)
	}
}

// Main runs the suite as the judge asked through the environment, writes the record and exits.
// It never returns.
func Main(s *Suite) {
	if name := os.Getenv(secondEnv); name != "" {
		runSecond(s, name)
	}
	c := record.ConfigFromEnv()
	key := seal.Key()
	if c.Sealed && key == nil {
		fmt.Fprintln(os.Stderr, "kata harness: the judge's key was not on standard input: something read it first")
		os.Exit(3)
	}
	rec, err := record.Create(c.Record, key)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kata harness: no record file:", err)
		os.Exit(3)
	}
	// Endless recursion should end as a stack overflow long before it takes a gigabyte (Go's
	// default) of the memory limit. Any real solution recurses far less deep than this.
	debug.SetMaxStack(MaxStack)
	Run(s, c, rec)
	rec.Close()
	os.Exit(0)
}

// MaxStack is the largest a goroutine's stack may grow in the test process: 64 MiB, room for
// a recursion hundreds of thousands of calls deep, and quick to reach for an endless one.
const MaxStack = 64 << 20

// Run runs the suite's tests as c asks and writes the record to rec. Tests that use it in-process
// leave c.OpLimit at 0: the watchdog ends the process when a limit is passed.
func Run(s *Suite, c record.Config, rec *record.Writer) { run(s, c, rec, false) }

// run is Run, in the test binary of the kit's own tests when inProcess.
func run(s *Suite, c record.Config, rec *record.Writer, inProcess bool) {
	r := &runner{rec: rec, seed: c.Seed, verify: c.Verify, stuckHint: s.StuckHint, panicHint: s.PanicHint,
		deadlock: s.Deadlock, seconds: s.Seconds, inProcess: inProcess}
	mode := catalog.Mode{Verify: c.Verify, PerfOnly: c.PerfOnly, NoPerf: c.NoPerf}
	all := s.All()
	if i := slices.IndexFunc(all, func(t Test) bool { return t.Name == c.Until }); i >= 0 {
		all = all[:i]
	}
	tests := slices.DeleteFunc(all, func(t Test) bool { return !mode.Runs(t.Name, t.Kind) })
	if c.Trace != "" {
		tests = slices.DeleteFunc(tests, func(t Test) bool { return t.Name != c.Trace })
		r.tracing = true
	}
	names := make([]string, len(tests))
	for i, t := range tests {
		names[i] = t.Name
	}
	r.write(record.Event{Kind: record.Hello, Nonce: c.Nonce, Exercise: s.Exercise, Seed: c.Seed, Tests: names})
	if c.OpLimit > 0 {
		r.watch = startWatchdog(r, c.Memory, c.OpLimit, c.Wall)
	}

	failed := false
	for _, test := range tests {
		r.write(record.Event{Kind: record.Start, Test: test.Name})
		if failed {
			r.write(record.Event{Kind: record.End, Test: test.Name, Status: result.Skip,
				Message: "not run: an earlier test failed"})
			continue
		}
		t := newT(r, test.Name)
		if test.Kind != Performance {
			t.backstop = TestBudget // the performance tests keep their own budget
		}
		r.follow(t)
		status, f, elapsed := r.runTest(test, t)
		r.follow(nil)
		r.write(record.Event{Kind: record.End, Test: test.Name, Status: status, Failure: f, Elapsed: elapsed, Message: t.note})
		failed = status == result.Fail
	}
	r.write(record.Event{Kind: record.Done, Nonce: c.Nonce})
}

// follow tells the watchdog, if there is one, which test is running.
func (r *runner) follow(t *T) {
	if r.watch != nil {
		r.watch.follow(t)
	}
}

// TestBudget is the CPU time any test but a performance test may take, the graded code and the
// reference together: a backstop far above what the heaviest test needs (about a second for
// the reference), so that a solution thousands of times too slow ends with a time limit
// naming the test, well before the run's wall-clock limit.
const TestBudget = 10 * time.Second

// runTest runs one test on its own goroutine locked to its own thread, so that CPU time is the
// test's alone and a runtime.Goexit in the graded code ends only the test.
func (r *runner) runTest(test Test, t *T) (result.Status, *record.Failure, time.Duration) {
	done := make(chan struct{})
	finished := false
	var f *record.Failure
	var elapsed time.Duration
	go func() {
		defer close(done)
		runtime.LockOSThread()
		t.goid.Store(GoroutineID())
		t.started = ThreadCPU()
		defer func() {
			elapsed = t.CPU()
			p := recover()
			switch {
			case p == nil && !finished:
				f = &record.Failure{Verdict: verdict.RuntimeError, Op: t.current(),
					Message: "runtime.Goexit was called" + during(t) + ": the graded code must return normally"}
			case p == nil:
			case isStop(p):
				f = t.failure
			default:
				f = r.panicFailure(t, p, t.current())
			}
		}()
		test.Run(t)
		finished = true
	}()
	<-done
	if f == nil {
		return result.Pass, nil, elapsed
	}
	return result.Fail, f, elapsed
}

func isStop(p any) bool {
	_, ok := p.(stop)
	return ok
}

// during names the call under way: " during s.Add(1)", or "".
func during(t *T) string {
	if op := t.current(); op != "" {
		return " during " + op
	}
	return ""
}

// panicFailure describes a panic that escaped the sequence runners, raised by op: a call a
// property test made through Invoke.
func (r *runner) panicFailure(t *T, p any, op string) *record.Failure {
	if classify(p) == unfinished {
		method := op
		if i := strings.IndexByte(method, '('); i >= 0 {
			method = method[:i]
		}
		if i := strings.LastIndexByte(method, '.'); i >= 0 {
			method = method[i+1:]
		}
		return &record.Failure{Verdict: verdict.NotImplemented, Op: op, Methods: []string{method},
			Message: fmt.Sprintf("%s is not implemented yet: it still panics %q", method, NotImplemented)}
	}
	if op == "" {
		// The panic came from the suite itself, not from a call of the graded code.
		return &record.Failure{Internal: true, Message: fmt.Sprintf("the hidden test %s panicked: %v", t.name, p)}
	}
	msg := oneLine(PanicText(p))
	f := &record.Failure{Verdict: verdict.RuntimeError, Op: op, Panic: msg,
		Message: fmt.Sprintf("%s panicked: %s", op, msg)}
	if c := t.op.Load(); c != nil && r.panicHint != nil {
		f.Hint = r.panicHint(*c, p)
	}
	return f
}

// probe is the "implemented" test: it calls every function and method once and fails with
// not_implemented naming those that still hold the stub's panic.
func (s *Suite) probe(t *T) {
	var missing []string
	ctorMissing := false
	ctor := "New" // the constructor's name, as its probe says
	for _, p := range s.Probes {
		if ctorMissing && !p.Constructor && !p.Free {
			continue
		}
		if p.Constructor {
			ctor = p.Method
		}
		c := Call{Method: p.Method, Args: p.Args, Func: true}
		if !p.Constructor && !p.Free {
			// A method's probe builds its own structure first: a failure in the constructor
			// happens during this call too.
			c.Text = fmt.Sprintf("%s(…) then %s", ctor, c.Short())
		}
		t.enter(&c)
		_, v, _ := capture(func() any { p.Call(); return nil })
		t.leave()
		if v != nil && classify(v) == unfinished {
			missing = append(missing, p.Method)
			if p.Constructor {
				ctorMissing = true
			}
		}
	}
	if len(missing) == 0 {
		return
	}
	msg := fmt.Sprintf("not implemented yet: %s", strings.Join(missing, ", "))
	if ctorMissing {
		msg += fmt.Sprintf(" (write %s first: the methods cannot be tried without it)", ctor)
	}
	t.Fail(&record.Failure{Verdict: verdict.NotImplemented, Methods: missing, Message: msg})
}
