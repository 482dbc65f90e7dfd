package harness

import (
	"cmp"
	"go/parser"
	"go/token"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"kata/grader/internal/growth"
	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
)

// set is a toy structure for the harness's own tests: a multiset of ints with a planted bug
// chosen by the test.
type set struct {
	vals []int
	bug  func(s *set, c Call) (any, bool) // returns a wrong result when it wants to
}

func (s *set) do(c Call) any {
	if s.bug != nil {
		if r, ok := s.bug(s, c); ok {
			return r
		}
	}
	x := c.Args[0].(int)
	switch c.Method {
	case "Add":
		s.vals = append(s.vals, x)
		return nil
	case "Has":
		return slices.Contains(s.vals, x)
	case "Del":
		if i := slices.Index(s.vals, x); i >= 0 {
			s.vals = slices.Delete(s.vals, i, i+1)
			return true
		}
		return false
	}
	panic("unknown " + c.Method)
}

func model(bug func(s *set, c Call) (any, bool)) Model[*set] {
	return Model[*set]{
		Recv: "s", Init: "New()",
		New: func() *set { return &set{bug: bug} },
		Ref: func() *set { return &set{} },
		Do:  func(s *set, c Call) any { return s.do(c) },
	}
}

func randomCalls(t *T, n, values int) []Call {
	calls := make([]Call, n)
	for i := range calls {
		calls[i] = Call{Method: []string{"Add", "Has", "Del"}[t.Rand().IntN(3)], Args: []any{t.Rand().IntN(values)*1000 + 7}}
	}
	return calls
}

// runOne runs a single test body in process and returns its end event.
func runOne(t *testing.T, kind Kind, body func(*T)) record.Event {
	t.Helper()
	s := &Suite{Exercise: "toy", Tests: []Test{{Name: "body", Kind: kind, Run: body}}}
	log, err := Local(s, 42)
	if err != nil {
		t.Fatal(err)
	}
	if missing := log.Incomplete("local", []string{ImplementedTest, "body"}); missing != "" {
		t.Fatalf("incomplete record: %s", missing)
	}
	return log.Ends()["body"]
}

// delBoth is a planted bug: Del of a value held twice removes both copies. Its smallest case is
// Add x, Add x, Del x, Has x.
func delBoth(s *set, c Call) (any, bool) {
	if c.Method != "Del" {
		return nil, false
	}
	x := c.Args[0].(int)
	n := len(s.vals)
	s.vals = slices.DeleteFunc(s.vals, func(v int) bool { return v == x })
	return len(s.vals) < n, true
}

func TestCompareShrinksToTheBug(t *testing.T) {
	end := runOne(t, Differential, func(t *T) { Compare(t, model(delBoth), randomCalls(t, 5000, 20)) })
	f := end.Failure
	if end.Status != result.Fail || f == nil || f.Verdict != "wrong_answer" {
		t.Fatalf("want a wrong_answer, got %s %+v", end.Status, f)
	}
	if f.Case.Ops != 4 {
		t.Errorf("shrunk to %d operations, want 4:\n%s", f.Case.Ops, f.Case.Code)
	}
	if f.Case.ShrunkFrom <= 4 {
		t.Errorf("ShrunkFrom = %d, want the original length", f.Case.ShrunkFrom)
	}
	for _, want := range []string{"s.Add(0)\n", "s.Del(0) // true\n", "if got := s.Has(0); !got {"} {
		if !strings.Contains(f.Case.Code, want) {
			t.Errorf("case lacks %q (values should simplify to 0):\n%s", want, f.Case.Code)
		}
	}
	parses(t, f.Case.Code)
}

// TestShrinkTimeFollowsTheCase cuts down a long case whose replay costs far more than the
// shrinker's floor, as every case does on a loaded machine: the first halvings are paid for by
// what a replay costs. With the floor alone, no candidate of half the case would finish.
func TestShrinkTimeFollowsTheCase(t *testing.T) {
	m := model(delBoth)
	do := m.Do
	m.Do = func(s *set, c Call) any {
		for i := range 2000 {
			burnt += i * i
		}
		return do(s, c)
	}
	calls := []Call{{Method: "Add", Args: []any{7}}, {Method: "Add", Args: []any{7}}}
	for range 20_000 {
		calls = append(calls, Call{Method: "Has", Args: []any{1}})
	}
	calls = append(calls, Call{Method: "Del", Args: []any{7}}, Call{Method: "Has", Args: []any{7}})
	var shrunk []Call
	var replay time.Duration
	runOne(t, Differential, func(t *T) {
		before := ThreadCPU()
		o := play(t, &m, calls, nil, false, false)
		replay = ThreadCPU() - before
		if o.kind != mismatch {
			t.Internalf("the case does not fail: %v", o.kind)
		}
		shrunk = shrink(t, &m, calls, o.kind, shrinkTime(replay/10, replay))
	})
	if len(shrunk) != 4 {
		t.Errorf("shrunk %d calls (one replay %v) to %d, want 4", len(calls), replay, len(shrunk))
	}
}

// burnt keeps the compiler from dropping TestShrinkTimeFollowsTheCase's busy loop.
var burnt int

func TestComparePanicIsRuntimeError(t *testing.T) {
	bug := func(s *set, c Call) (any, bool) {
		if c.Method == "Has" && len(s.vals) >= 3 {
			var a []int
			_ = a[len(s.vals)]
		}
		return nil, false
	}
	end := runOne(t, Differential, func(t *T) { Compare(t, model(bug), randomCalls(t, 3000, 50)) })
	f := end.Failure
	if f == nil || f.Verdict != "runtime_error" || !strings.Contains(f.Message, "index out of range") {
		t.Fatalf("want a runtime_error about the index, got %+v", f)
	}
	if f.Case.Ops != 4 || !strings.Contains(f.Case.Code, "// panics: runtime error: index out of range") {
		t.Errorf("want 3 adds and the panicking Has, got:\n%s", f.Case.Code)
	}
	parses(t, f.Case.Code)
}

func TestNotImplementedIsNamed(t *testing.T) {
	bug := func(s *set, c Call) (any, bool) {
		if c.Method == "Del" {
			panic(NotImplemented)
		}
		return nil, false
	}
	end := runOne(t, Differential, func(t *T) { Compare(t, model(bug), randomCalls(t, 100, 5)) })
	if f := end.Failure; f == nil || f.Verdict != "not_implemented" || !slices.Equal(f.Methods, []string{"Del"}) {
		t.Fatalf("want not_implemented naming Del, got %+v", end.Failure)
	}
}

func TestGoexitIsRuntimeError(t *testing.T) {
	m := model(nil)
	m.Do = func(s *set, c Call) any {
		if c.Method == "Has" {
			runtimeGoexit()
		}
		return s.do(c)
	}
	end := runOne(t, Differential, func(t *T) { Compare(t, m, randomCalls(t, 100, 5)) })
	if f := end.Failure; f == nil || f.Verdict != "runtime_error" || !strings.Contains(f.Message, "Goexit") {
		t.Fatalf("want a runtime_error naming Goexit, got %+v", end.Failure)
	}
}

func TestScriptReportsFixedExpectation(t *testing.T) {
	m := model(func(s *set, c Call) (any, bool) { return false, c.Method == "Has" })
	m.Ref = nil
	end := runOne(t, Fixed, func(t *T) {
		Script(t, m, []Step{{Call: Call{Method: "Add", Args: []any{3}}}, {Call: Call{Method: "Has", Args: []any{3}}, Want: true}})
	})
	if f := end.Failure; f == nil || f.Message != "Has(3) returned false, want true (after 1 operation)" {
		t.Fatalf("got %+v", end.Failure)
	}
}

func TestOneOf(t *testing.T) {
	o := OneOf{1, 2}
	if !o.Accepts(2) || o.Accepts(3) || o.Accepts(int64(1)) {
		t.Error("OneOf accepts the wrong values")
	}
	if got := o.Cond("got"); got != "got != 1 && got != 2" {
		t.Errorf("Cond = %q", got)
	}
	if got := o.String(); got != "one of 1, 2" {
		t.Errorf("String = %q", got)
	}
}

func TestLit(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{math.MinInt, "math.MinInt"}, {math.MaxInt, "math.MaxInt"}, {-3, "-3"},
		{"apple", `"apple"`}, {strings.Repeat("z", 2000), `strings.Repeat("z", 2000)`},
		{[]byte(nil), "nil"}, {[]byte{}, "[]byte{}"}, {[]byte("a\x00"), `[]byte("a\x00")`},
		{uint64(7), "7"}, {0.01, "0.01"}, {true, "true"}, {uint(3), "3"},
		{math.NaN(), "math.NaN()"}, {math.Inf(1), "math.Inf(1)"}, {math.Inf(-1), "math.Inf(-1)"},
		{math.Copysign(0, -1), "math.Copysign(0, -1)"}, {0.0, "0"},
	} {
		if got := Lit(tc.v); got != tc.want {
			t.Errorf("Lit(%#v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}

func TestSimplifyIntsKeepsIdentity(t *testing.T) {
	calls := []Call{{Method: "Add", Args: []any{900}}, {Method: "Has", Args: []any{900}}, {Method: "Has", Args: []any{-5}}}
	for _, cand := range SimplifyInts(calls) {
		if cand[0].Args[0] != cand[1].Args[0] {
			t.Fatalf("a candidate split one value in two: %v", cand)
		}
	}
}

// parses checks that a case is valid Go inside a test file.
func parses(t *testing.T, code string) {
	t.Helper()
	src := "package p\nimport (\"math\"; \"strings\"; \"testing\")\nvar _ = math.Pi\nvar _ = strings.Repeat\n" + code
	if _, err := parser.ParseFile(token.NewFileSet(), "case.go", src, 0); err != nil {
		t.Errorf("case does not parse: %v\n%s", err, code)
	}
}

func TestInvokeAttributesPanics(t *testing.T) {
	end := runOne(t, Property, func(t *T) {
		t.Invoke(Call{Method: "Add", Args: []any{3}}, func() any { panic("boom") })
	})
	if f := end.Failure; f == nil || f.Verdict != "runtime_error" || f.Op != "Add(3)" || f.Message != "Add(3) panicked: boom" {
		t.Fatalf("got %+v", end.Failure)
	}
	end = runOne(t, Property, func(t *T) {
		t.Invoke(Call{Method: "Test", Args: []any{[]byte("k")}}, func() any { panic(NotImplemented) })
	})
	if f := end.Failure; f == nil || f.Verdict != "not_implemented" || !slices.Equal(f.Methods, []string{"Test"}) {
		t.Fatalf("got %+v", end.Failure)
	}
	end = runOne(t, Property, func(t *T) { panic("suite bug") })
	if f := end.Failure; f == nil || !f.Internal {
		t.Fatalf("a panic outside any call is the suite's fault, got %+v", end.Failure)
	}
}

func TestMustPanic(t *testing.T) {
	end := runOne(t, Fixed, func(t *T) {
		if v, ok := t.MustPanic(Call{Method: "New", Args: []any{uint64(0), uint(1)}, Func: true}, func() { panic("bad m") }); !ok || v != "bad m" {
			t.Failf("wrong_answer", "MustPanic = %v, %v", v, ok)
		}
		if _, ok := t.MustPanic(Call{Method: "New", Func: true}, func() {}); ok {
			t.Failf("wrong_answer", "a call that returned was reported as panicking")
		}
		t.MustPanic(Call{Method: "OptimalK", Func: true}, func() { panic(NotImplemented) })
	})
	if f := end.Failure; f == nil || f.Verdict != "not_implemented" || !slices.Equal(f.Methods, []string{"OptimalK"}) {
		t.Fatalf("got %+v", end.Failure)
	}
}

func TestScriptBlamesADisagreeingReference(t *testing.T) {
	m := model(func(s *set, c Call) (any, bool) { return false, c.Method == "Has" })
	// The reference answers true; the script wrongly expects false after an Add, and the
	// learner (here: the buggy set) answers false too, but a step earlier differs.
	m.New = func() *set { return &set{bug: func(s *set, c Call) (any, bool) { return true, c.Method == "Has" }} }
	end := runOne(t, Fixed, func(t *T) {
		Script(t, m, []Step{{Call: Call{Method: "Add", Args: []any{3}}}, {Call: Call{Method: "Has", Args: []any{3}}, Want: false}})
	})
	if f := end.Failure; f == nil || !f.Internal || !strings.Contains(f.Message, "the reference disagrees") {
		t.Fatalf("want an internal failure blaming the reference, got %+v", end.Failure)
	}
}

func TestLitRepetitions(t *testing.T) {
	for in, want := range map[string]string{
		strings.Repeat("ab", 100) + "d":          `strings.Repeat("ab", 100) + "d"`,
		strings.Repeat("a", 30) + "bc":           `strings.Repeat("a", 30) + "bc"`,
		"abcdefghijklmnopqrstuvwxyz":             `"abcdefghijklmnopqrstuvwxyz"`,
		strings.Repeat("xyz", 6):                 `strings.Repeat("xyz", 6)`,
		strings.Repeat("0123456789abcdef", 4096): `strings.Repeat("0123456789abcdef", 4096)`,
	} {
		if got := Lit(in); got != want {
			t.Errorf("Lit(%q...) = %s, want %s", in[:8], got, want)
		}
	}
}

func TestLongCaseIsCut(t *testing.T) {
	calls := make([]Call, 500)
	for i := range calls {
		calls[i] = Call{Method: "Add", Args: []any{i}}
	}
	code := caseCode("New()", "s", calls, nil, true, nil, "h")
	if n := strings.Count(code, "s.Add("); n != MaxCaseOps+1 {
		t.Errorf("printed %d calls, want %d", n, MaxCaseOps+1)
	}
	if !strings.Contains(code, "// ... 439 more operations not shown") {
		t.Errorf("no marker where the case was cut:\n%s", code)
	}
	parses(t, code)
}

func TestConstructorIsNamedOnce(t *testing.T) {
	m := model(nil)
	m.Init = "New(64, 3)"
	m.New = func() *set { panic("bad size") }
	end := runOne(t, Differential, func(t *T) { Compare(t, m, randomCalls(t, 10, 5)) })
	if f := end.Failure; f == nil || f.Message != "New(64, 3) panicked: bad size" {
		t.Fatalf("got %+v", end.Failure)
	}
}

// TestCaseNamesItsImports checks that a printed case asks for the packages its code uses.
func TestCaseNamesItsImports(t *testing.T) {
	calls := []Call{{Method: "Score", Args: []any{"a"}, Text: `fmt.Sprint(s.Score("a"))`}}
	code := caseCode("New()", "s", calls, nil, "0 false", nil, "")
	if !strings.HasPrefix(code, `// needs: import ("fmt")`) {
		t.Errorf("the case does not ask for fmt:\n%s", code)
	}
	if got := imports(`s.Add(math.Inf(1), strings.Repeat("a", 20))`); !slices.Equal(got, []string{"math", "strings"}) {
		t.Errorf("imports = %v, want math and strings", got)
	}
}

// TestStuckFailure checks the failure of a call that never returns: an endless loop is
// time_limit_exceeded with the suite's StuckHint, a sleep time_limit_exceeded without it, and a
// call blocked on a lock or a channel a deadlock (runtime_error).
func TestStuckFailure(t *testing.T) {
	r := &runner{stuckHint: func(test string, c Call) string {
		if c.Method == "Insert" && test == "random/small" {
			return "give up after 500 evictions"
		}
		return ""
	}}
	insert := &Call{Method: "Insert", Args: []any{1}}
	for _, c := range []struct {
		op      *Call
		state   string
		verdict string
		hint    string
		reason  string
		test    string // "random/small" when empty
	}{
		{insert, "running", "time_limit_exceeded", "give up after 500 evictions", "an endless loop gets the suite's hint", ""},
		{insert, "runnable", "time_limit_exceeded", "give up after 500 evictions", "as does one waiting for the CPU", ""},
		{&Call{Method: "Lookup"}, "running", "time_limit_exceeded", "", "the suite has no hint for this call", ""},
		{insert, "running", "time_limit_exceeded", "", "nor for this call in another test", "edge/other"},
		{insert, "sleep", "time_limit_exceeded", "", "a sleep is not the loop the hint names", ""},
		{insert, "sync.Mutex.Lock", "runtime_error", "", "a deadlock", ""},
	} {
		f := r.stuckFailure(c.op, cmp.Or(c.test, "random/small"), "f", c.state, 3e9)
		if string(f.Verdict) != c.verdict || f.Hint != c.hint {
			t.Errorf("%s in state %q: %s with hint %q, want %s with hint %q: %s",
				c.op.Short(), c.state, f.Verdict, f.Hint, c.verdict, c.hint, c.reason)
		}
		if !strings.Contains(f.Message, c.op.Go("f")) {
			t.Errorf("the message does not name the call %s: %s", c.op.Go("f"), f.Message)
		}
	}
	if f := (&runner{}).stuckFailure(insert, "random/small", "f", "running", 3e9); f.Hint != "" {
		t.Errorf("a suite without StuckHint gave the hint %q", f.Hint)
	}
}

// TestLadderWarmUpIsABatch checks that a ladder's warm-up runs as a batch of calls, which the
// watchdog lets run as long as a measured batch, not as one call under the limit of a single
// call: thousands of calls of an operation far too slow are not an endless loop.
func TestLadderWarmUpIsABatch(t *testing.T) {
	var limits []int64
	runOne(t, Performance, func(tt *T) {
		l := Ladder[*set]{
			Sizes: []int{64, 128},
			New:   func() *set { return &set{} },
			Ref:   func() *set { return &set{} },
			Grow: Grower[*set]{Series: &growth.Series{Op: "Add", Axis: "n", Expected: "O(1)"},
				Run: func(s *set, from, to int) {
					limits = append(limits, tt.batch.Load())
					for i := from; i < to; i++ {
						s.vals = append(s.vals, i)
					}
				}},
		}
		l.Measure(newMeter(tt))
	})
	if len(limits) == 0 || time.Duration(limits[0]) < BatchFloor {
		t.Errorf("the warm-up ran with a batch limit of %v, want at least BatchFloor (%v)", time.Duration(limits[0]), BatchFloor)
	}
}

// TestUndoIsABatch checks that putting back what a timed batch removed runs as a batch of
// calls, with a batch's time limit: the undo of a thousand removals is a thousand Adds, and
// when Add is slow they once ran past the limit of one call and read as "Remove() ran for more
// than 3s without returning (an endless loop?)".
func TestUndoIsABatch(t *testing.T) {
	var limits []int64
	runOne(t, Performance, func(tt *T) {
		undo := func(count, rep int) { limits = append(limits, tt.batch.Load()) }
		nothing := func(count, rep int) {}
		newMeter(tt).Pair(Call{Method: "Remove"}, 1000, nothing, nothing, undo, nothing)
	})
	if len(limits) == 0 {
		t.Fatal("the undo never ran")
	}
	for _, limit := range limits {
		if time.Duration(limit) < BatchFloor {
			t.Errorf("an undo ran with a batch limit of %v, want at least BatchFloor (%v)", time.Duration(limit), BatchFloor)
		}
	}
}

// TestUndoPanicNamesTheUndo checks that a panic while putting back what a timed batch removed
// is told as the putting back's: the Adds of an undo once panicked as "a batch of Erase calls".
func TestUndoPanicNamesTheUndo(t *testing.T) {
	end := runOne(t, Performance, func(tt *T) {
		nothing := func(count, rep int) {}
		undo := func(count, rep int) { panic("index out of range in Add") }
		newMeter(tt).Pair(Call{Method: "Erase"}, 1000, nothing, nothing, undo, nothing)
	})
	if f := end.Failure; f == nil || !strings.Contains(f.Message, "the calls that put back what a batch of Erase calls removed") {
		t.Errorf("want a failure naming the calls that put back, got %+v", f)
	}
}

// TestWallFailureNamesTheLead checks what the watchdog says at the run's wall-clock limit: a
// bare time limit naming the test, and, when the growth test's first measurements already showed
// an operation growing wrongly, that operation, its reason marked unconfirmed, and its hint.
func TestWallFailureNamesTheLead(t *testing.T) {
	tt := newT(&runner{}, "performance/growth")
	w := &watchdog{wall: time.Minute}
	w.follow(tt)
	if f := w.wallFailure(); f.Verdict != verdict.TimeLimitExceeded || f.Hint != "" ||
		!strings.Contains(f.Message, "wall-clock limit of 1m0s") || !strings.Contains(f.Message, "performance/growth") {
		t.Errorf("without a lead: %+v", f)
	}

	wrong := &growth.Series{Op: "Add", Axis: "n", Expected: "O(log n)", Hint: "Add walks the whole order"}
	right := &growth.Series{Op: "Rank", Axis: "n", Expected: "O(log n)", Hint: "Rank walks the bottom level"}
	for i, n := range Sizes(3125, 200_000, 2) {
		wrong.Add(growth.Sample{Size: n, Learner: 100 * float64(n) / 3125, Reference: 100})
		right.Add(growth.Sample{Size: n, Learner: 100 + float64(i), Reference: 100})
	}
	if f := lead([]*growth.Series{right}); f != nil {
		t.Fatalf("a right growth was taken for a lead: %+v", f)
	}
	tt.lead.Store(lead([]*growth.Series{right}, []*growth.Series{wrong}))
	f := w.wallFailure()
	if f.Op != "Add" || f.Hint != wrong.Hint || !strings.Contains(f.Message, "not yet confirmed") ||
		!strings.Contains(f.Message, "Add grows like O(n)") {
		t.Errorf("with Add proven wrong by a first measurement: %+v", f)
	}
}

// TestWrongGrowthLeadsSlowOne checks which failure a growth test names when one ladder shows an
// operation right in growth but over the time limit and a later one shows an operation growing
// wrongly (a cuckoo filter whose Lookup scans every bucket: constant but slow along the number
// of keys, linear along the buckets): the wrong growth, whose hint names the cause, whatever the
// ladders' order; the slow one only when nothing grows wrongly.
func TestWrongGrowthLeadsSlowOne(t *testing.T) {
	slow := &growth.Series{Op: "Lookup", Axis: "n", Expected: "O(1)", Hint: "scan hint", SlowHint: "slow hint"}
	wrong := &growth.Series{Op: "Lookup", Axis: "B", Expected: "O(1)", Hint: "never scan"}
	for _, n := range Sizes(3125, 200_000, 2) {
		slow.Add(growth.Sample{Size: n, Learner: 1e6, Reference: 100})
		wrong.Add(growth.Sample{Size: n, Learner: 100 * float64(n) / 3125, Reference: 100})
	}
	if d := growth.Decide(slow); d.Status != growth.Slow {
		t.Fatalf("the slow series is %v: %s", d.Status, d.Reason)
	}
	for _, ladders := range [][][]*growth.Series{{{slow}, {wrong}}, {{wrong}, {slow}}, {{slow, wrong}}} {
		if f := lead(ladders...); f == nil || f.Hint != "never scan" {
			t.Errorf("a wrong growth beside a slow one: %+v", f)
		}
	}
	if f := lead([]*growth.Series{slow}); f == nil || f.Hint == "" || f.Hint == "never scan" {
		t.Errorf("a slow series alone: %+v", f)
	}
}

// TestLadderStopsOnTwoMeasurements checks when a ladder stops at its budget. One window that
// paid a cost once (a table grown sixteenfold) does not stop it: a probe of the next window
// shows the cost gone, and the ladder goes on to its top, its growth then judged on every size.
// A cost that stays (an Insert that copies the table once the structure fills) stops it, with
// the probe's sample beside the window's, so that the median of the last sizes shows the cost:
// the cost of one window alone was once outvoted by the sizes below, and a growth test whose
// budget ran out passed with every row "not judged".
func TestLadderStopsOnTwoMeasurements(t *testing.T) {
	// The budget (floor and factor below) is one that the window after the one cost, predicted
	// from it, does not fit, and that its parts fit with room: with a floor F, each element's
	// cost e and the once cost C, the window does not fit from C > (F + 54,000e)/4 on, and its
	// parts have F + 54,000e − C to spare. A floor of 50 ms with C = 150 ms left 8 ms, a
	// seventh of what a part's noise could take on a loaded machine, and a loaded run stopped.
	const each, dear, once = 2 * time.Microsecond, 400 * time.Microsecond, 200 * time.Millisecond
	for _, tc := range []struct {
		name string
		cost func(i int) time.Duration // the graded side's cost of growing by element i
		stop bool
	}{
		{"a cost paid once", func(i int) time.Duration {
			if i == 3000 {
				return once
			}
			return each
		}, false},
		{"a cost from a size on", func(i int) time.Duration {
			if i >= 3000 {
				return dear
			}
			return each
		}, true},
	} {
		series := &growth.Series{Op: "Add", Axis: "n", Expected: "O(1)"}
		var stopped bool
		runOne(t, Performance, func(tt *T) {
			l := Ladder[bool]{
				Sizes: Sizes(1000, 16000, 2),
				New:   func() bool { return true },
				Ref:   func() bool { return false },
				Grow: Grower[bool]{Series: series, Run: func(learner bool, from, to int) {
					for i := from; i < to; i++ {
						if learner {
							spin(tc.cost(i))
						} else {
							spin(each)
						}
					}
				}},
			}
			// A budget that the one cost fits and the lasting one overruns, quickly.
			m := newMeter(tt)
			m.Floor, m.Factor = 300*time.Millisecond, 16
			l.Measure(m)
			stopped = m.Stopped()
		})
		last := series.Samples[len(series.Samples)-1]
		d := growth.Final(series, !stopped)

		switch {
		case stopped != tc.stop:
			t.Errorf("%s: the ladder stopped = %v, want %v: %+v", tc.name, stopped, tc.stop, series.Samples)
		case !tc.stop && (last.Size != 16000 || d.Status.Failed()):
			t.Errorf("%s: measured up to %d, judged %v (%s), want the whole ladder, not failed", tc.name, last.Size, d.Status, d.Reason)
		case tc.stop && (!last.Capped || last.Size <= 4000 || last.Size >= 8000 || d.Status != growth.Slow):
			t.Errorf("%s: last sample %+v, judged %v (%s), want a probe's sample past 4000, capped, too slow",
				tc.name, last, d.Status, d.Reason)
		}
	}
}

// TestMarginalWrongMeasuredAgain checks how many passes a growth proven wrong takes before it
// stands. A clear one (its ratio 64× over a span of 64) stands after two. A marginal one (14×,
// what a neighbour's use of the caches made of a right hash set on a CI machine) is measured
// again, up to ConfirmPasses in all: when a later pass's fastest samples are flat it is right,
// and when every pass shows it, it stands. One proven by the bytes counted per call stands
// after one.
func TestMarginalWrongMeasuredAgain(t *testing.T) {
	sizes := Sizes(4096, 262_144, 2)
	grown := func(total float64, counted bool) []growth.Sample {
		var out []growth.Sample
		for _, n := range sizes {
			r := math.Pow(total, math.Log(float64(n)/4096)/math.Log(64))
			if counted { // the bytes per call grow, the time does not
				out = append(out, growth.Sample{Size: n, Learner: 100, Reference: 100, LearnerBytes: growth.AllocFloor * r / total})
			} else {
				out = append(out, growth.Sample{Size: n, Learner: 100 * r, Reference: 100})
			}
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		passes  []float64 // each pass's growth over the span; the last repeats
		counted bool      // the growth is in the bytes allocated per call
		want    int       // passes measured
		fails   bool
	}{
		{"clear", []float64{64}, false, 2, true},
		{"marginal, then flat", []float64{14, 14, 1}, false, 3, false},
		{"marginal every time", []float64{14}, false, ConfirmPasses, true},
		{"right", []float64{1}, false, 1, false},
		// Counted bytes are not disturbed by load: one pass proves the growth.
		{"bytes, marginal", []float64{14}, true, 1, true},
	} {
		passes := 0
		end := runOne(t, Performance, func(tt *T) {
			JudgeGrowth(tt, func(m *Meter) []*growth.Series {
				s := &growth.Series{Op: "Add", Axis: "n", Expected: "O(1)", Hint: "grow"}
				for _, x := range grown(tc.passes[min(passes, len(tc.passes)-1)], tc.counted) {
					s.Add(x)
				}
				passes++
				return []*growth.Series{s}
			})
		})
		if passes != tc.want || (end.Status == result.Fail) != tc.fails {
			t.Errorf("%s: %d passes, status %s, want %d passes, failed %v: %+v", tc.name, passes, end.Status, tc.want, tc.fails, end.Failure)
		}
	}
}

// TestOutOfRange checks what an index-out-of-range panic tells of the slice it indexed: its
// length, which says whether it holds a structure's items.
func TestOutOfRange(t *testing.T) {
	for _, tc := range []struct {
		panic         string
		index, length int
		ok            bool
	}{
		{"runtime error: index out of range [16] with length 16", 16, 16, true},
		{"runtime error: index out of range [-3]", -3, -1, true},
		{"runtime error: integer divide by zero", 0, 0, false},
	} {
		if i, n, ok := OutOfRange(tc.panic); i != tc.index || n != tc.length || ok != tc.ok {
			t.Errorf("OutOfRange(%q) = %d, %d, %v", tc.panic, i, n, ok)
		}
	}
	// 1000 counters of 4 bits: in 63 words of 64 bits (62 when rounded down), 500 bytes, or
	// 1000 bytes; not in an array of 16 positions.
	for n, want := range map[int]bool{63: true, 62: true, 500: true, 1000: true, 16: false, 64: false} {
		if got := Holds(n, 1000, 4); got != want {
			t.Errorf("Holds(%d, 1000, 4) = %v, want %v", n, got, want)
		}
	}
}

// TestJudgedReadsAnEarlierTest checks that a growth test reads what an earlier one judged in the
// same run, the first judgement of each operation and axis, and nothing of one not judged.
func TestJudgedReadsAnEarlierTest(t *testing.T) {
	series := func(op string, grew float64) *growth.Series {
		s := &growth.Series{Op: op, Axis: "n", Expected: "O(1)"}
		for _, n := range Sizes(4096, 262_144, 2) {
			s.Add(growth.Sample{Size: n, Learner: 100 * math.Pow(grew, math.Log(float64(n)/4096)/math.Log(64)), Reference: 100})
		}
		return s
	}
	judge := func(ss ...*growth.Series) func(*T) {
		return func(tt *T) { JudgeGrowth(tt, func(*Meter) []*growth.Series { return ss }) }
	}
	type seen struct {
		d  growth.Decision
		ok bool
	}
	var first, unmeasured, again seen
	s := &Suite{Exercise: "toy", Tests: []Test{
		{Name: "first", Kind: Performance, Run: judge(series("Get", 1))},
		{Name: "second", Kind: Performance, Run: func(tt *T) {
			first.d, first.ok = tt.Judged("Get", "n")
			unmeasured.d, unmeasured.ok = tt.Judged("Put", "n")
			judge(series("Get", 2.5))(tt)
		}},
		{Name: "third", Kind: Performance, Run: func(tt *T) { again.d, again.ok = tt.Judged("Get", "n") }},
	}}
	if _, err := Local(s, 42); err != nil {
		t.Fatal(err)
	}
	if !first.ok || first.d.Status != growth.Right {
		t.Errorf("the second test read %+v, %v; want the first test's right growth", first.d, first.ok)
	}
	if unmeasured.ok {
		t.Errorf("an operation no test measured read as judged: %+v", unmeasured.d)
	}
	if !again.ok || again.d.Status != growth.Right || math.Abs(again.d.Growth-1) > 0.01 {
		t.Errorf("the third test read %+v, %v; want the first judgement kept (growth 1), not the second's (2.5)", again.d, again.ok)
	}
}

// TestUnsureMeasuredAgainIsJudged checks a ladder first unsure, whose growth is measured again
// and proven wrong by that pass alone: the fastest samples of both passes decide, and every row
// is judged on them. The second pass once stopped the ladder as proven, and every row then read
// "not judged: another operation was proven wrong", which none was.
func TestUnsureMeasuredAgainIsJudged(t *testing.T) {
	sizes := Sizes(4096, 262_144, 2)
	passes := 0
	s := &Suite{Exercise: "toy", Tests: []Test{{Name: "body", Kind: Performance, Run: func(tt *T) {
		JudgeGrowth(tt, func(m *Meter) []*growth.Series {
			grew := []float64{5, 14}[min(passes, 1)]
			passes++
			s := &growth.Series{Op: "Add", Axis: "n", Expected: "O(1)", Hint: "grow"}
			for _, n := range sizes {
				s.Add(growth.Sample{Size: n, Learner: 100 * math.Pow(grew, math.Log(float64(n)/4096)/math.Log(64)), Reference: 100})
				if m.Proven(s) {
					break // as a Ladder stops once a growth is proven
				}
			}
			return []*growth.Series{s}
		})
	}}}}
	log, err := Local(s, 42)
	if err != nil {
		t.Fatal(err)
	}
	if end := log.Ends()["body"]; end.Status != result.Pass {
		t.Fatalf("status %s, want pass: %+v", end.Status, end.Failure)
	}
	j := log.Judgements()
	if passes < 2 || len(j) != 1 || j[0].Status != growth.Right {
		t.Fatalf("%d passes, judgements %+v; want the growth of 5 measured again and judged right", passes, j)
	}
}

// TestAllocatingLoopIsNotBlocked checks that the watchdog never reads a goroutine that only
// allocates as blocked, nor as not running: a read often catches such a loop on the runtime's
// semaphore (a collection starting while the listing has the world stopped) or helping the
// collector, and a call that spun was read as a deadlock.
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
		if Blocked(state) || !running(state) {
			t.Fatalf("read %d: a goroutine that only allocates read as %q (states so far: %v)", i, state, seen)
		}
		runtime.Gosched()
	}
	t.Logf("states read: %v", seen)
}
