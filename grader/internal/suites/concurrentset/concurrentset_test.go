package concurrentset

import (
	"iter"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"kata/grader/internal/harness"
	"kata/grader/internal/suitetest"
	"kata/grader/verdict"
)

// TestOneLockPasses runs the correctness tests on a right set behind one lock: nothing but the
// scaling rounds may refuse it.
func TestOneLockPasses(t *testing.T) {
	kit.Passes(t, Bind(func() *locked { return &locked{} }), 2, false,
		"example", "edge/extremes", "edge/range-bounds", "range/break", "range/body-changes-set",
		"random/small-keys", "random/wide-keys", "concurrent/linearizable", "concurrent/range-under-change")
}

// TestPlantedBugs checks that each known-wrong set is caught first by the test that should catch
// it, as the judge does.
func TestPlantedBugs(t *testing.T) {
	planted := func(name string, set func() *locked, c suitetest.Caught) suitetest.Planted[API] {
		return suitetest.Planted[API]{Name: name, Impl: Bind(set), Caught: c}
	}
	kit.CheckFirst(t, 3, []suitetest.Planted[API]{
		planted("check-then-add", func() *locked { return &locked{checkThenAdd: true} }, suitetest.Caught{
			Test: "concurrent/linearizable", Verdict: verdict.WrongAnswer,
			Message: "no set explains", Mention: "goroutine "}),
		planted("min-int-head", func() *locked { return &locked{minIntHead: true} }, suitetest.Caught{
			Test: "edge/empty", Verdict: verdict.WrongAnswer, Call: "Contains(math.MinInt)", Hint: "math.MinInt"}),
		planted("len-counts-attempts", func() *locked { return &locked{countAttempts: true} }, suitetest.Caught{
			Test: "example", Verdict: verdict.WrongAnswer, Call: "Len()", Hint: "Len"}),
		planted("range-from-snapshot", func() *locked { return &locked{snapshotRange: true} }, suitetest.Caught{
			Test: "range/break", Verdict: verdict.WrongAnswer, Message: "second time", Hint: "reads nothing"}),
		planted("lose-when-large", func() *locked { return &locked{loseWhenLarge: true} }, suitetest.Caught{
			Test: "concurrent/large", Verdict: verdict.WrongAnswer, Message: "each only its own",
			Hint: "only once it is large"}),
	})
}

// TestDeadlockAmongGoroutines checks that goroutines all blocked on a lock nobody releases are
// named as a deadlock, after the history so far is found linearizable. The blocked goroutines
// stay blocked until the test binary exits.
func TestDeadlockAmongGoroutines(t *testing.T) {
	end := kit.First(t, Bind(func() *locked { return &locked{keepLock: true} }), 5, "concurrent/linearizable")
	suitetest.Caught{Test: "concurrent/linearizable", Verdict: verdict.RuntimeError,
		Message: "deadlock", Mention: "sync.Mutex.Lock", Hint: "one order"}.Check(t, end)
}

// TestExtremesMatter checks when a failing case that uses math.MinInt is put down to the extremes:
// when it passes, every time, with ordinary keys in their place; not when a Remove that fails on
// a coin, whatever the key (as one that fails on tall nodes does), fails there too.
func TestExtremesMatter(t *testing.T) {
	calls := []harness.Call{call("Add", math.MinInt), call("Add", 3), call("Contains", math.MinInt), call("Remove", math.MinInt)}
	head := Bind(func() *locked { return &locked{minIntHead: true} })
	if !extremesMatter([]harness.Call{call("Contains", math.MinInt)}, head, reference) {
		t.Error("a head that holds math.MinInt: the extremes were not found the cause")
	}
	coin := rand.New(rand.NewPCG(1, 2))
	flaky := Bind(func() *locked { return &locked{flakyRemove: coin} })
	if extremesMatter(calls, flaky, reference) {
		t.Error("a Remove that fails on a coin: the extremes were found the cause")
	}
}

// locked is a sorted set behind one mutex, right unless a planted bug is switched on.
type locked struct {
	mu   sync.Mutex
	keys []int
	// The planted bugs.
	checkThenAdd  bool       // Add checks for the key, unlocks, then locks again to insert: two Adds both win
	minIntHead    bool       // a head that holds math.MinInt, found by Contains
	countAttempts bool       // Len counts every Add, successful or not
	snapshotRange bool       // Range copies the keys when called, not when run
	keepLock      bool       // Remove of an absent key returns without unlocking
	loseWhenLarge bool       // once 20,000 keys are stored, Add of a multiple of 97 says true and stores nothing
	flakyRemove   *rand.Rand // Remove of the smallest of several keys says false and keeps it, on a coin
	attempts      int
}

func (l *locked) find(k int) (int, bool) { return slices.BinarySearch(l.keys, k) }

func (l *locked) Add(k int) bool {
	l.mu.Lock()
	i, found := l.find(k)
	l.attempts++
	if l.checkThenAdd && !found {
		l.mu.Unlock()
		runtime.Gosched()
		l.mu.Lock()
		i, _ = l.find(k)
		l.keys = slices.Insert(l.keys, i, k) // inserted again if another Add came first
		l.mu.Unlock()
		return true
	}
	defer l.mu.Unlock()
	if found {
		return false
	}
	if l.loseWhenLarge && len(l.keys) >= 20_000 && k%97 == 0 {
		return true
	}
	l.keys = slices.Insert(l.keys, i, k)
	return true
}

func (l *locked) Remove(k int) bool {
	l.mu.Lock()
	i, found := l.find(k)
	if l.keepLock && !found {
		return false
	}
	defer l.mu.Unlock()
	if l.flakyRemove != nil && found && i == 0 && len(l.keys) > 1 && l.flakyRemove.IntN(2) == 0 {
		return false
	}
	if found {
		l.keys = slices.Delete(l.keys, i, i+1)
	}
	return found
}

func (l *locked) Contains(k int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, found := l.find(k)
	return found || l.minIntHead && k == math.MinInt
}

func (l *locked) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.countAttempts {
		return l.attempts
	}
	return len(l.keys)
}

func (l *locked) Range(lo, hi int) iter.Seq[int] {
	var snapshot []int
	if l.snapshotRange {
		snapshot = l.window(lo, hi)
	}
	return func(yield func(int) bool) {
		ks := snapshot
		if !l.snapshotRange {
			ks = l.window(lo, hi)
		}
		for _, k := range ks {
			if !yield(k) {
				return
			}
		}
	}
}

// window copies the keys in [lo, hi] under the lock, so that the loop body may call the set.
func (l *locked) window(lo, hi int) []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if lo > hi {
		return nil
	}
	i, _ := l.find(lo)
	j, found := l.find(hi)
	if found {
		j++
	}
	return slices.Clone(l.keys[i:j])
}

// TestCheckFindsSmallestWindow checks the linearizability check on a handmade history: a key
// added by goroutine 1, then, long after, found absent by goroutine 2 with nothing removing it;
// calls on the key before a quiet moment are not shown.
func TestCheckFindsSmallestWindow(t *testing.T) {
	h := []op{
		{g: 1, method: "Add", key: 5, out: true, call: 1, ret: 2},
		{g: 2, method: "Remove", key: 5, out: true, call: 3, ret: 4},
		{g: 1, method: "Add", key: 5, out: true, call: 5, ret: 6},
		{g: 2, method: "Contains", key: 5, out: false, call: 7, ret: 8},
		{g: 3, method: "Contains", key: 6, out: false, call: 1, ret: 9},
	}
	v := check(h, map[int]bool{})
	if v == nil {
		t.Fatal("a history no set explains passed the check")
	}
	if v.key != 5 || len(v.ops) != 2 || v.ops[0].call != 5 {
		t.Fatalf("the smallest window is %v on key %d, want Add(5) = true then Contains(5) = false", v.ops, v.key)
	}
	text := v.render()
	for _, want := range []string{"goroutine 1: Add(5) = true", "goroutine 2: Contains(5) = false", "called at 3, returned at 4"} {
		if !strings.Contains(text, want) {
			t.Errorf("the rendering lacks %q:\n%s", want, text)
		}
	}
	if check(h[:3], map[int]bool{}) != nil {
		t.Error("a history a set explains failed the check")
	}
}

// TestLinearizabilityHintNamesTheCallLeftOut checks that the hint speaks of the calls no order
// can fit: in this history (a set whose Add returned false on a key being removed), the Adds
// that returned false after the key was found absent, not the Contains that an order explains.
func TestLinearizabilityHintNamesTheCallLeftOut(t *testing.T) {
	h := []op{
		{g: 1, method: "Add", key: -20, out: true, call: 1, ret: 5},
		{g: 3, method: "Add", key: -20, out: false, call: 2, ret: 3},
		{g: 4, method: "Remove", key: -20, out: true, call: 4, ret: 12},
		{g: 1, method: "Contains", key: -20, out: false, call: 6, ret: 7},
		{g: 1, method: "Add", key: -20, out: false, call: 8, ret: 9},
		{g: 3, method: "Add", key: -20, out: false, call: 10, ret: 11},
	}
	v := check(h, map[int]bool{})
	if v == nil {
		t.Fatal("a history no set explains passed the check")
	}
	if hint := linearizabilityHint(v); !strings.Contains(hint, "an Add returned false") {
		t.Errorf("the hint does not name the Add that returned false:\n%s\n%s", hint, v.render())
	}
}

// TestCheckPending checks that a call that never returned may or may not have taken effect.
func TestCheckPending(t *testing.T) {
	h := []op{
		{g: 1, method: "Add", key: 1, call: 1, ret: math.MaxInt64, pending: true},
		{g: 2, method: "Contains", key: 1, out: true, call: 2, ret: 3},
		{g: 2, method: "Contains", key: 1, out: false, call: 4, ret: 5},
	}
	if v := check(h[:2], map[int]bool{}); v != nil {
		t.Errorf("a pending Add that took effect failed the check:\n%s", v.render())
	}
	if v := check(h, map[int]bool{}); v == nil {
		t.Error("a key found, then not found with no Remove, passed the check")
	}
}

// TestRangeHint checks that a failing run of Range(6, 8) over stable 6 and 8, with 5 and 9
// changing, gets the hint of what it yielded: a key below lo, a key past hi, or a key left out.
func TestRangeHint(t *testing.T) {
	stable, changed := map[int]bool{6: true, 8: true}, volatileIn(6, 8)
	if f := checkRange([]int{5, 6, 8}, 6, 8, 8, stable, changed, "While"); f == nil || !strings.Contains(f.Hint, "against lo") {
		t.Errorf("a key below lo: %+v", f)
	}
	if f := checkRange([]int{6, 8, 9}, 6, 8, 8, stable, changed, "While"); f == nil || !strings.Contains(f.Hint, "above hi") {
		t.Errorf("a key past hi: %+v", f)
	}
	if f := checkRange([]int{8}, 6, 8, 8, stable, changed, "While"); f == nil || !strings.Contains(f.Hint, "removed node onward") {
		t.Errorf("a key left out: %+v", f)
	}
	if f := checkRange([]int{6, 8}, 6, 8, 8, stable, changed, "While"); f != nil {
		t.Errorf("a right run failed: %+v", f)
	}
}

// TestWeaklyConsistent checks the weak-consistency rules on a few runs of Range(0, 10) over a
// set of 2, 4, 6 in which only 5 changed.
func TestWeaklyConsistent(t *testing.T) {
	start, changed := map[int]bool{2: true, 4: true, 6: true}, map[int]bool{5: true}
	for _, c := range []struct {
		seen []int
		want string
	}{
		{[]int{2, 4, 6}, ""},
		{[]int{2, 4, 5, 6}, ""},
		{[]int{2, 6}, "left out [4]"},
		{[]int{2, 4, 4, 6}, "strictly ascending"},
		{[]int{2, 3, 4, 6}, "3 was yielded"},
		{[]int{2, 4, 6, 11}, "outside"},
	} {
		got := weaklyConsistent(c.seen, 0, 10, start, changed)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%v: %q, want %q", c.seen, got, c.want)
		}
	}
}

// TestFirstRace checks the summary of a race detector's report: the graded code's frames, and
// for accesses inside the standard library its frames, the graded code's that called them, and
// the package both were in.
func TestFirstRace(t *testing.T) {
	log := `==================
WARNING: DATA RACE
Write at 0x00c000124018 by goroutine 8:
  kata/grader/internal/virtual/concurrentset/learner.(*Set).Remove()
      /kit/grader/internal/virtual/concurrentset/learner/set.go:88 +0x1a4
  kata/grader/internal/suites/concurrentset.(*team).call()
      /kit/grader/internal/suites/concurrentset/team.go:70 +0x2c

Previous read at 0x00c000124018 by goroutine 7:
  kata/grader/internal/virtual/concurrentset/learner.(*Set).Contains()
      /kit/grader/internal/virtual/concurrentset/learner/set.go:61 +0x84

Goroutine 8 (running) created at:
  kata/grader/internal/suites/concurrentset.(*team).run()
==================
`
	got, shared := firstRace(log)
	want := "write at /kit/grader/internal/virtual/concurrentset/learner/set.go:88 ((*Set).Remove) goroutine 8, " +
		"and previous read at /kit/grader/internal/virtual/concurrentset/learner/set.go:61 ((*Set).Contains) goroutine 7"
	if got != want || shared != "" {
		t.Errorf("firstRace = %q, %q\nwant        %q, \"\"", got, shared, want)
	}

	// Both accesses inside the standard library, on a generator the goroutines share.
	log = `WARNING: DATA RACE
Read at 0x00c0001a2010 by goroutine 116:
  math/rand/v2.(*PCG).next()
      /usr/local/go/src/math/rand/v2/pcg.go:76 +0x44
  math/rand/v2.(*PCG).Uint64()
      /usr/local/go/src/math/rand/v2/pcg.go:95 +0x30
  kata/grader/internal/virtual/concurrentset/learner.(*Set).height()
      /kit/grader/internal/virtual/concurrentset/learner/set.go:40 +0x5c

Previous write at 0x00c0001a2010 by goroutine 114:
  math/rand/v2.(*PCG).next()
      /usr/local/go/src/math/rand/v2/pcg.go:80 +0x64
  kata/grader/internal/virtual/concurrentset/learner.(*Set).height()
      /kit/grader/internal/virtual/concurrentset/learner/set.go:40 +0x5c
==================
`
	got, shared = firstRace(log)
	want = "read at /usr/local/go/src/math/rand/v2/pcg.go:76 (v2.(*PCG).next), called from " +
		"/kit/grader/internal/virtual/concurrentset/learner/set.go:40 ((*Set).height) goroutine 116, and previous " +
		"write at /usr/local/go/src/math/rand/v2/pcg.go:80 (v2.(*PCG).next), called from " +
		"/kit/grader/internal/virtual/concurrentset/learner/set.go:40 ((*Set).height) goroutine 114"
	if got != want || shared != "math/rand/v2" {
		t.Errorf("firstRace = %q, %q\nwant        %q, \"math/rand/v2\"", got, shared, want)
	}
}

// TestScaling runs the scaling rounds on the reference, never refused, and on a set behind one
// lock, refused as one that does not scale or not judged, never judged to scale. Each runs with
// GOMAXPROCS set to 1 (before the test for the reference, by New for the one lock), which the
// graded code must not be able to turn the rounds off with: the setting is undone before the
// rounds and named, so that one lock is measured as one lock (refused on an idle machine, not
// judged on a busy one, never "one goroutine at a time"). A set that leaves GOMAXPROCS alone
// runs the same rounds, and package grader grades the reference with the real judge.
func TestScaling(t *testing.T) {
	if runtime.NumCPU() < 2 || startProcs() < 2 {
		t.Skip("the program was started to run one goroutine at a time: the scaling rounds are not judged")
	}
	runtime.GOMAXPROCS(1)
	end, _ := kit.Perf(t, kit.Reference, 4, "performance/scaling")
	t.Logf("reference after GOMAXPROCS(1): %s %s", end.Status, end.Message)
	if end.Failure != nil || strings.Contains(end.Message, "at most one goroutine") ||
		!strings.Contains(end.Message, "to 1 before this test (set back)") {
		t.Errorf("the reference after GOMAXPROCS(1): %+v", end)
	}
	end, _ = kit.Perf(t, Bind(func() *locked { runtime.GOMAXPROCS(1); return &locked{} }), 4, "performance/scaling")
	text := end.Message
	if end.Failure != nil {
		text = end.Failure.Message
	}
	t.Logf("one lock whose New sets GOMAXPROCS to 1: %s %s", end.Status, text)
	switch {
	case strings.Contains(text, "at most one goroutine") || !strings.Contains(text, "to 1 in New (set back)"):
		t.Errorf("one lock whose New sets GOMAXPROCS to 1, the change not undone and named: %+v", end)
	case end.Failure != nil && (end.Failure.Verdict != verdict.TimeLimitExceeded || !strings.Contains(text, "does not scale")):
		t.Errorf("one lock refused as %s, want time_limit_exceeded, does not scale: %s", end.Failure.Verdict, text)
	case end.Failure == nil && !strings.Contains(text, "not judged"):
		t.Errorf("one lock judged to scale: %s", text)
	}
	if got := runtime.GOMAXPROCS(0); got != startProcs() {
		t.Errorf("GOMAXPROCS after the scaling rounds = %d, want the program's %d", got, startProcs())
	}
}

// TestStartProcs checks that the GOMAXPROCS environment variable set after the program started
// does not change the parallelism the scaling rounds take as the machine's.
func TestStartProcs(t *testing.T) {
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("no /proc/self/environ here: the environment is the one os.Getenv sees")
	}
	want := startProcs()
	t.Setenv("GOMAXPROCS", strconv.Itoa(want+1))
	if got := startProcs(); got != want {
		t.Errorf("startProcs() after os.Setenv(GOMAXPROCS, %d) = %d, want %d", want+1, got, want)
	}
}

// inRange is the stack of a test's goroutine whose loop body over Range waits, in Remove, for
// the lock that Range holds while it yields, as the runtime lists it.
const inRange = `goroutine 26 [sync.RWMutex.Lock, locked to thread]:
sync.runtime_SemacquireRWMutex(0x4c9d39?, 0x91?, 0x6aed9c?)
	/usr/local/go/src/runtime/sema.go:105 +0x25
sync.(*RWMutex).Lock(0xc0000b3c80)
	/usr/local/go/src/sync/rwmutex.go:155 +0x7b
kata/grader/internal/virtual/concurrentset/learner.(*Set).Remove(0xc0000b3c80, 0x6)
	/work/main/grader/internal/virtual/concurrentset/learner/concurrentset.go:34 +0x4b
kata/grader/internal/suites/concurrentset.bodyChanges.func1({0x74c3e0, 0xc0000b3c80}, 0x6)
	/work/main/grader/internal/suites/concurrentset/concurrentset.go:312 +0x3c
kata/grader/internal/suites/concurrentset.bodyChanges.func6.3-range1(0x6)
	/work/main/grader/internal/suites/concurrentset/concurrentset.go:332 +0x186
kata/grader/internal/virtual/concurrentset/learner.(*Set).Range.func1(0xc0000d6f50)
	/work/main/grader/internal/virtual/concurrentset/learner/concurrentset.go:65 +0x1ca
kata/grader/internal/suites/concurrentset.bodyChanges.func6.3()
	/work/main/grader/internal/suites/concurrentset/concurrentset.go:330 +0x225
kata/grader/internal/harness.(*T).Invoke(0xc000142510, {{0x724e69, 0x5}, {0x0, 0x0, 0x0}, 0x0, {0xc000154190, 0x4d}, 0x0}, ...)
	/work/main/grader/internal/harness/t.go:151 +0xba
created by kata/grader/internal/harness.(*runner).runTest in goroutine 1
	/work/main/grader/internal/harness/main.go:125 +0x30b`

// TestDeadlockInYield checks that a loop body blocked on the lock its Range holds gets the
// deadlock hint naming Range and the call that waits, and a lock taken twice outside Range the
// general one.
func TestDeadlockInYield(t *testing.T) {
	h := stacks{26: inRange}.deadlockHint([]uint64{26})
	if !strings.Contains(h, "deadlock: Range holds a lock while it yields (concurrentset.go:65)") ||
		!strings.Contains(h, "call of (*Set).Remove") {
		t.Errorf("a loop body blocked on Range's lock got the hint %q", h)
	}
	var mu sync.Mutex
	mu.Lock()
	id := make(chan uint64)
	go func() { id <- harness.GoroutineID(); mu.Lock() }()
	twice := <-id
	for range 200 {
		if state, _ := allStacks().of(twice); harness.Blocked(state) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	f := deadlock("s.Add(1)", twice, 3*time.Second)
	if f.Verdict != verdict.RuntimeError || !strings.Contains(f.Message, "goroutine 1: s.Add(1) waits on sync.Mutex.Lock") ||
		strings.Contains(f.Hint, "Range holds") || !strings.Contains(f.Hint, "deadlock") {
		t.Errorf("a lock taken twice outside Range: %+v", f)
	}
	mu.Unlock()
}

// TestFalseBeforeTrueAdd checks the evidence of an Add that returned false before the Add of its
// key took effect: the history of a blind set whose Add returned false on a node not yet fully
// linked, and the same with a Remove that took the key out in between, or with the true Add
// over before the false one began, where that is not the explanation.
func TestFalseBeforeTrueAdd(t *testing.T) {
	add := func(g int, out bool, call, ret int64) op {
		return op{g: g, method: "Add", key: 135, out: out, call: call, ret: ret}
	}
	remove := func(g int, out bool, call, ret int64) op {
		return op{g: g, method: "Remove", key: 135, out: out, call: call, ret: ret}
	}
	seen := []op{add(1, true, 1, 16), remove(2, false, 4, 5), add(4, false, 12, 13), remove(4, false, 14, 15)}
	for _, tc := range []struct {
		name string
		ops  []op
		want bool
	}{
		{"an Add false, then a Remove false, within a true Add", seen, true},
		{"a Remove true in between", append(slices.Clone(seen), remove(3, true, 13, 14)), false},
		{"the true Add over before", []op{add(1, true, 1, 2), add(4, false, 12, 13), remove(4, false, 14, 15)}, false},
	} {
		if got := falseBeforeTrueAdd(tc.ops); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
