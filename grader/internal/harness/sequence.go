package harness

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/google/go-cmp/cmp"

	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
)

// NotImplemented is the panic value of an untouched stub.
const NotImplemented = "not implemented"

// failKind is how a sequence of calls went wrong.
type failKind int

const (
	ok          failKind = iota
	mismatch             // a result differs from the expected one
	panicked             // the graded code panicked
	unfinished           // the graded code panicked "not implemented"
	refPanicked          // the reference panicked: the kit's fault
	overBudget           // the CPU budget ran out
)

// outcome is what running a sequence of calls did.
type outcome struct {
	kind    failKind
	at      int // index of the failing call; -1 for the constructor; len(calls) when none failed
	got     any
	want    any
	panic   any
	stack   string
	results []any // the graded code's results of calls[:at]
}

// failed reports whether o is a failure of the graded code that a shrunk sequence must keep.
func (o outcome) failed() bool {
	return o.kind == mismatch || o.kind == panicked || o.kind == unfinished
}

// capture calls f and returns its result, or the value it panicked with.
func capture(f func() any) (res any, p any, stack string) {
	defer func() {
		if r := recover(); r != nil {
			p, stack = tame(r), string(debug.Stack())
		}
	}()
	return f(), nil, ""
}

// same compares two results, fast for the scalar results every exercise returns.
func same(got, want any) bool {
	switch want.(type) {
	case bool, int, uint, uint64:
		return got == want // the same type and value; never a panic, want's type being comparable
	}
	return accepts(got, want)
}

// play runs calls on a fresh structure of the graded package, checking each result against the
// fixed one in wants (nil: no check) or, when wants is nil, against a fresh reference run side by
// side. With budget set it stops when the test's CPU budget is spent.
func play[S any](t *T, m *Model[S], calls []Call, wants []any, keep, budget bool) outcome {
	var learner, ref S
	ctor := &Call{Method: m.Init, Func: true, Text: m.Init}
	if i := strings.IndexByte(m.Init, '('); i >= 0 {
		ctor.Method = m.Init[:i]
	}
	t.SetReceiver(m.Recv)
	t.enter(ctor)
	_, p, stack := capture(func() any { learner = m.New(); return nil })
	t.leave()
	if p != nil {
		return outcome{kind: classify(p), at: -1, panic: p, stack: stack}
	}
	if wants == nil {
		if _, p, _ := capture(func() any { ref = m.Ref(); return nil }); p != nil {
			return outcome{kind: refPanicked, at: -1, panic: p}
		}
	}
	var results []any
	if keep {
		results = make([]any, 0, len(calls))
	}
	for i := range calls {
		c := &calls[i]
		var want any
		if wants != nil {
			want = wants[i]
		} else {
			w, p, _ := capture(func() any { return m.Do(ref, *c) })
			if p != nil {
				return outcome{kind: refPanicked, at: i, panic: p, results: results}
			}
			want = w
		}
		t.enter(c)
		got, p, stack := capture(func() any { return m.Do(learner, *c) })
		t.leave()
		if p != nil {
			return outcome{kind: classify(p), at: i, panic: p, stack: stack, want: want, results: results}
		}
		if _, random := got.(Expect); random {
			// A reference checked against a script answers a random call (GetRandom) with the
			// answers it accepts; those are not comparable with the script's.
			want = nil
		}
		if want != nil && !same(got, want) {
			return outcome{kind: mismatch, at: i, got: got, want: want, results: results}
		}
		if keep {
			results = append(results, got)
		}
		if budget && i&255 == 255 && t.Over() {
			return outcome{kind: overBudget, at: i, results: results}
		}
	}
	return outcome{kind: ok, at: len(calls), results: results}
}

// classify tells the stub's panic from any other.
func classify(p any) failKind {
	if s, isString := p.(string); isString && s == NotImplemented {
		return unfinished
	}
	return panicked
}

// Script runs fixed steps, each with its expected result, on a fresh structure of the graded
// package. A Step whose Want is nil is run without a check. The test fails on the first wrong
// result, with the steps so far as the case.
func Script[S any](t *T, m Model[S], steps []Step) {
	calls := make([]Call, len(steps))
	wants := make([]any, len(steps))
	for i, s := range steps {
		calls[i], wants[i] = s.Call, s.Want
	}
	o := play(t, &m, calls, wants, true, false)
	if !o.failed() {
		return
	}
	if m.Ref != nil && o.kind != unfinished && !t.run.verify {
		// The reference must answer every step as the script expects; if it does not, the
		// fault is the kit's (a wrong expectation, or a broken reference), not the learner's.
		// (When verifying, the graded package is the reference: its failure is the verdict.)
		refModel := m
		refModel.New = m.Ref
		if r := play(t, &refModel, calls[:o.at+1], wants[:o.at+1], false, false); r.failed() {
			t.Internalf("the reference disagrees with the hidden test's expected result at %s (it returned %s, want %s)",
				callName(calls, r.at, &m), Lit(r.got), describe(r.want))
		}
		// The reference, which answers every step as the script expects, lets the shrinker
		// look for a shorter case.
		before := ThreadCPU()
		if ref := play(t, &m, calls[:o.at+1], nil, false, false); ref.kind == o.kind {
			shrunk := shrink(t, &m, calls[:o.at+1], o.kind, shrinkTime(ShrinkBudget, ThreadCPU()-before))
			if final := play(t, &m, shrunk, nil, true, false); final.failed() {
				t.Fail(failure(t, &m, shrunk, final, o.at+1, false))
			}
		}
	}
	t.Fail(failure(t, &m, calls, o, 0, false))
}

// Step is one call of a Script with its expected result (nil: no check).
type Step struct {
	Call Call
	Want any
}

// Compare runs calls on the graded package and on the reference side by side, comparing
// every result. On a wrong result or a panic, the sequence is shrunk to the smallest failing one
// the shrinker finds in its time. The graded code's speed is judged by the performance tests;
// here it only has to finish within the test's CPU backstop (TestBudget), far above what any
// solution of the right growth needs.
func Compare[S any](t *T, m Model[S], calls []Call) {
	before := ThreadCPU()
	o := play(t, &m, calls, nil, false, false)
	replay := ThreadCPU() - before
	switch o.kind {
	case ok:
		return
	case refPanicked:
		t.Internalf("the reference panicked on %s: %v", callName(calls, o.at, &m), o.panic)
	case unfinished:
		t.Fail(failure(t, &m, calls[:o.at+1], o, 0, false))
	}
	original := o.at + 1
	shrunk := shrink(t, &m, calls[:original], o.kind, shrinkTime(ShrinkBudget, replay))
	final := play(t, &m, shrunk, nil, true, false)
	if !final.failed() {
		// The shrunk case no longer fails: the graded code is not deterministic. Report the
		// original sequence's failure.
		shrunk, final = calls[:original], o
		final.results = play(t, &m, shrunk, nil, true, false).results
	}
	flaky := false
	for range 2 {
		if again := play(t, &m, shrunk, nil, false, false); !again.failed() {
			flaky = true
		}
	}
	t.Fail(failure(t, &m, shrunk, final, original, flaky))
}

// callName formats the call at index at, the constructor for -1.
func callName[S any](calls []Call, at int, m *Model[S]) string {
	if at < 0 || at >= len(calls) {
		return m.Init
	}
	return calls[at].Short()
}

// failure turns a failing outcome into the record's failure, with the case as Go code.
func failure[S any](t *T, m *Model[S], calls []Call, o outcome, original int, flaky bool) *record.Failure {
	var seq []Call
	if o.at >= 0 {
		seq = calls[:o.at+1]
	}
	header := fmt.Sprintf("hidden test %s, seed %d", t.name, t.run.seed)
	if original > len(seq) {
		header += fmt.Sprintf(": shrunk from %d to %d operation", original, len(seq))
		if len(seq) != 1 {
			header += "s"
		}
	}
	c := &result.Case{Ops: len(seq), Flaky: flaky}
	if original > len(seq) {
		c.ShrunkFrom = original
	}
	if o.at < 0 {
		// The constructor itself failed: the case is that one call.
		c.Code = fmt.Sprintf("func TestKataCase(t *testing.T) {\n\t// %s\n\t%s // panics: %s\n}\n",
			header, m.Init, oneLine(PanicText(o.panic)))
	} else {
		shown := seq
		if m.Show != nil {
			if calls := m.Show(Mismatch{Calls: seq, Got: o.got, Want: o.want, Panic: o.panic}); calls != nil {
				shown = calls
			}
		}
		c.Code = caseCode(m.Init, m.Recv, shown, o.results, o.want, o.panic, header)
		c.Call = seq[len(seq)-1].Go(m.Recv)
	}
	f := &record.Failure{Op: c.Call, Case: c}
	name := callName(calls, o.at, m)
	switch o.kind {
	case unfinished:
		f.Verdict = verdict.NotImplemented
		method := name
		if i := strings.IndexByte(method, '('); i >= 0 {
			method = method[:i]
		}
		f.Methods = []string{method}
		f.Message = fmt.Sprintf("%s is not implemented yet: it still panics %q", method, NotImplemented)
	case panicked:
		f.Verdict = verdict.RuntimeError
		f.Panic = oneLine(PanicText(o.panic))
		f.Stack = o.stack
		f.Message = fmt.Sprintf("%s panicked: %s", name, f.Panic)
	case mismatch:
		f.Verdict = verdict.WrongAnswer
		c.Want, c.Got = describe(o.want), Lit(o.got)
		if _, isExpect := o.want.(Expect); !isExpect {
			c.Diff = strings.ReplaceAll(cmp.Diff(o.want, o.got), "\u00a0", " ")
		}
		f.Message = fmt.Sprintf("%s returned %s, want %s", name, c.Got, c.Want)
		if t, ok := o.got.(Telling); ok {
			f.Message = name + " " + t.Tell(o.want)
		}
		switch len(seq) {
		case 1:
		case 2:
			f.Message += " (after 1 operation)"
		default:
			f.Message += fmt.Sprintf(" (after %d operations)", len(seq)-1)
		}
	}
	if m.Hint != nil && o.at >= 0 {
		f.Hint = m.Hint(Mismatch{Calls: seq, Got: o.got, Want: o.want, Panic: o.panic})
	}
	return f
}
