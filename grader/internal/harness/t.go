package harness

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// T is one running hidden test.
type T struct {
	name    string
	rng     *rand.Rand
	run     *runner
	failure *record.Failure

	started  time.Duration // thread CPU time when the test started
	backstop time.Duration // CPU time the whole test may take; 0 means no limit
	budget   time.Duration // CPU budget for the current measured stretch; 0 means none
	mark     time.Duration // thread CPU time when the budget was set

	// op is the call of the graded code under way, for the watchdog and for crash reports;
	// nil between calls. recv is the receiver's name in printed calls.
	op   atomic.Pointer[Call]
	recv atomic.Pointer[string]
	// opCount counts calls, so the watchdog can tell a stuck call from a slow test.
	opCount atomic.Uint64
	// goid is the id of the goroutine running the test, for the watchdog.
	goid atomic.Uint64
	// batch, when not zero, is how long the call under way may run: it is a batch of many
	// calls (a performance measurement), not one.
	batch atomic.Int64
	// lead is the failure a growth test's first measurements point to before they are
	// confirmed, for the watchdog to name if the run's wall-clock limit comes first.
	lead atomic.Pointer[record.Failure]
	// note is the message the test ends with if it passes (Note).
	note string
}

// stop is the panic value with which T ends a failed test.
type stop struct{}

// Name returns the test's name.
func (t *T) Name() string { return t.name }

// Rand returns the test's random source.
func (t *T) Rand() *rand.Rand { return t.rng }

// Calls returns the number of calls of the graded code the test has made (Invoke and its kin):
// during a call, that call's number, so that a suite can tell which call did what it sees.
func (t *T) Calls() uint64 { return t.opCount.Load() }

// Fail records f as the test's failure and ends the test.
func (t *T) Fail(f *record.Failure) {
	t.failure = f
	panic(stop{})
}

// Failf ends the test with verdict v and a one-line message.
func (t *T) Failf(v verdict.Verdict, format string, args ...any) {
	t.Fail(&record.Failure{Verdict: v, Message: fmt.Sprintf(format, args...)})
}

// Internalf ends the test blaming the kit: the reference or the suite misbehaved.
func (t *T) Internalf(format string, args ...any) {
	t.Fail(&record.Failure{Internal: true, Message: fmt.Sprintf(format, args...)})
}

// Logf writes a note into the record, for the judge's debugging; learners do not see it.
func (t *T) Logf(format string, args ...any) {
	t.run.write(record.Event{Kind: record.Trace, Test: t.name, Message: fmt.Sprintf(format, args...)})
}

// CPU returns the CPU time the test's thread has used since the test started.
func (t *T) CPU() time.Duration { return ThreadCPU() - t.started }

// SetBudget starts a measured stretch: from now on the test's thread may use at most d of CPU
// time before Over reports true. d <= 0 removes the budget.
func (t *T) SetBudget(d time.Duration) {
	t.budget = d
	t.mark = ThreadCPU()
}

// Over reports whether the current budget is spent.
func (t *T) Over() bool {
	return t.budget > 0 && ThreadCPU()-t.mark > t.budget
}

// Measure records one complexity measurement.
func (t *T) Measure(p record.Point) {
	t.run.write(record.Event{Kind: record.Measure, Test: t.name, Point: &p})
}

// SetReceiver names the receiver in the calls that follow, for messages: "f" makes a call
// print as f.Add(...). Script and Compare set it from their Model.
func (t *T) SetReceiver(recv string) { t.recv.Store(&recv) }

// enter marks the start of a call of the graded code; leave marks its end. They cost two
// atomic stores: every operation of every test goes through them.
func (t *T) enter(c *Call) {
	n := t.opCount.Add(1)
	if n&1023 == 0 && t.backstop > 0 && ThreadCPU()-t.started > t.backstop {
		// The growth test, when it ran before, left the hint of each operation's wrong growth:
		// the operation far too slow here is most often one whose growth it could not finish
		// measuring.
		t.Fail(&record.Failure{Verdict: verdict.TimeLimitExceeded, Op: c.Short(),
			Message: fmt.Sprintf("hidden test %s took more than %s of CPU time (at %s): some operation is far too slow",
				t.name, t.backstop, c.Short()),
			Hint: t.run.growthHints[c.Method]})
	}
	t.op.Store(c)
	if t.run.tracing {
		t.run.write(record.Event{Kind: record.Trace, Test: t.name, Op: c.Go(t.recvName()), Index: int(n)})
	}
}

func (t *T) leave() { t.op.Store(nil) }

func (t *T) recvName() string {
	if r := t.recv.Load(); r != nil {
		return *r
	}
	return ""
}

// current describes the call under way, "" when there is none.
func (t *T) current() string {
	if op := t.op.Load(); op != nil {
		return op.Go(t.recvName())
	}
	return ""
}

// testSeed derives a test's seed from the run's seed and the test's name.
func testSeed(runSeed uint64, name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return runSeed ^ h.Sum64()
}

func newT(run *runner, name string) *T {
	seed := testSeed(run.seed, name)
	return &T{name: name, run: run, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Invoke runs f, a call of the graded code described by c, so that a panic or a hang in it is
// reported as that call's (and a "not implemented" panic as not_implemented). Property tests
// call the graded code through Invoke; Script and Compare do it themselves.
func (t *T) Invoke(c Call, f func() any) any {
	t.enter(&c)
	r := f()
	t.leave() // not deferred: after a panic the runner must still see the call
	return r
}

// invokeBatch is Invoke for a batch of many calls, which may run for up to limit before the
// watchdog calls it stuck.
func (t *T) invokeBatch(c Call, limit time.Duration, f func()) {
	t.batch.Store(int64(limit))
	c.Batch = true
	t.enter(&c)
	f()
	t.leave()
	t.batch.Store(0)
}

// MustPanic runs f, a call of the graded code described by c that the contract says must panic,
// and reports whether it did, with the panic value. The stub's "not implemented" panic does not
// count: it ends the test as not_implemented.
func (t *T) MustPanic(c Call, f func()) (any, bool) {
	t.enter(&c)
	_, p, _ := capture(func() any { f(); return nil })
	t.leave()
	if p != nil && classify(p) == unfinished {
		t.Fail(t.run.panicFailure(t, p, c.Short()))
	}
	return p, p != nil
}
