package skiplist

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
	ref "kata/solutions/skiplist"
)

var reference = API{New: func() Skiplist { return ref.New() }}

func TestReferencePasses(t *testing.T) {
	log, err := harness.Local(Suite(reference, reference), 1)
	if err != nil {
		t.Fatal(err)
	}
	var total float64
	for _, e := range log.Events {
		if e.Kind == record.End {
			if e.Status != result.Pass {
				t.Errorf("%s: %s %+v", e.Test, e.Status, e.Failure)
			}
			total += e.Elapsed.Seconds()
			t.Logf("%-22s %v", e.Test, e.Elapsed)
		}
	}
	t.Logf("total CPU %.3fs (the reference on both sides)", total)
}

// bug is the mistake planted in a lanes skip list.
type bug int

const (
	noBug       bug = iota
	eraseAll        // Erase unlinks every copy of the value
	addOnce         // Add ignores a value already stored
	ghostLanes      // Erase unlinks the node on level 0 only, leaving it linked on the upper lanes
	ghostEarly      // ghostLanes, and Search returns as soon as it meets the target on any lane
	minHead         // the head holds math.MinInt, and Search compares the last node <= target
	zeroHead        // the same with the head's zero value, 0
	predecessor     // Search walks to the last node <= target and answers true unless that is the head
	skipBottom      // Search's level loop stops above level 0 (i > 0)
	skipTop         // the predecessor walk starts one lane below the top, leaving update[top] nil
	eraseLE         // Erase walks with <=, so it looks at the node after the copies
	subtract        // compares by a-b < 0, which overflows
	noNilCheck      // Search reads the value after the walk without checking for nil
	shortUpdate     // the update vector has one entry per lane in use, not one per possible lane
	tallLevel       // the coin may give one lane more than the head has (h <= maxLevel)
	emptyLevel      // the lanes in use shrink to 0 when the list empties
	copiesAfter     // Add puts new copies after old ones, Erase unlinks top down lane by lane, Search returns early: all right
)

var bugNames = [...]string{"no bug", "eraseAll", "addOnce", "ghostLanes", "ghostEarly", "minHead",
	"zeroHead", "predecessor", "skipBottom", "skipTop", "eraseLE", "subtract", "noNilCheck",
	"shortUpdate", "tallLevel", "emptyLevel", "copiesAfter"}

func (b bug) String() string { return bugNames[b] }

// tower is a node of a lanes skip list.
type tower struct {
	val  int
	next []*tower
}

// lanes is the reference's skip list with one planted mistake. A node's height is a hash of its
// value and of how many copies of it came before, not a coin flip: a failing case replays
// exactly, and shrinks, since removing a call changes no other node's height.
type lanes struct {
	head   tower
	level  int
	copies map[int]uint64 // Adds of each value so far
	bug    bug
}

// laneMax is the height of a lanes head (4 for tallLevel, whose coin overshoots it).
const laneMax = 16

func newLanes(b bug) *lanes {
	l := &lanes{level: 1, bug: b, copies: map[int]uint64{}}
	l.head.next = make([]*tower, laneMax)
	switch b {
	case tallLevel:
		l.head.next = make([]*tower, 4)
	case minHead:
		l.head.val = math.MinInt
	}
	return l
}

func (l *lanes) less(a, b int) bool {
	if l.bug == subtract {
		return a-b < 0
	}
	return a < b
}

// height draws the height of a new node holding num.
func (l *lanes) height(num int) int {
	l.copies[num]++
	coins := rand.NewPCG(uint64(num), l.copies[num]).Uint64()
	limit := len(l.head.next)
	if l.bug == tallLevel {
		limit++
	}
	h := 1
	for h < limit && coins&1 == 0 {
		h++
		coins >>= 1
	}
	return h
}

// walk returns, on each lane in use, the last node before target (or at it, with orEqual).
func (l *lanes) walk(target int, orEqual bool) []*tower {
	update := make([]*tower, len(l.head.next))
	if l.bug == shortUpdate {
		update = make([]*tower, l.level)
	}
	top := l.level - 1
	if l.bug == skipTop {
		top--
	}
	x := &l.head
	for i := top; i >= 0; i-- {
		for x.next[i] != nil && (l.less(x.next[i].val, target) || orEqual && x.next[i].val == target) {
			x = x.next[i]
		}
		update[i] = x
	}
	return update
}

func (l *lanes) Search(target int) bool {
	switch l.bug {
	case minHead, zeroHead:
		return l.walk(target, true)[0].val == target
	case predecessor:
		return l.walk(target, true)[0] != &l.head
	case ghostEarly, copiesAfter:
		x := &l.head
		for i := l.level - 1; i >= 0; i-- {
			for x.next[i] != nil && x.next[i].val < target {
				x = x.next[i]
			}
			if x.next[i] != nil && x.next[i].val == target {
				return true
			}
		}
		return false
	case skipBottom:
		x := &l.head
		for i := l.level - 1; i > 0; i-- {
			for x.next[i] != nil && x.next[i].val < target {
				x = x.next[i]
			}
		}
		return x.next[0] != nil && x.next[0].val == target
	}
	x := l.walk(target, false)[0].next[0]
	if l.bug == noNilCheck {
		return x.val == target
	}
	return x != nil && x.val == target
}

func (l *lanes) Add(num int) {
	if l.bug == addOnce && l.Search(num) {
		return
	}
	update := l.walk(num, l.bug == copiesAfter)
	h := l.height(num)
	for ; l.level < h; l.level++ {
		update[l.level] = &l.head
	}
	n := &tower{val: num, next: make([]*tower, h)}
	for i := range h {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

func (l *lanes) Erase(num int) bool {
	if l.bug == copiesAfter {
		return l.eraseTopDown(num)
	}
	update := l.walk(num, l.bug == eraseLE)
	n := update[0].next[0]
	if n == nil || n.val != num {
		return false
	}
	for n != nil && n.val == num {
		linked := len(n.next)
		if l.bug == ghostLanes || l.bug == ghostEarly {
			linked = 1 // the bottom lane only
		}
		for i := range linked {
			update[i].next[i] = n.next[i]
		}
		if l.bug != eraseAll {
			break
		}
		n = update[0].next[0]
	}
	l.shrink()
	return true
}

// eraseTopDown unlinks, on each lane from the top, the first copy of num met there: not always
// one node, yet exactly one copy leaves level 0.
func (l *lanes) eraseTopDown(num int) bool {
	found := false
	x := &l.head
	for i := l.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		if n := x.next[i]; n != nil && n.val == num {
			x.next[i] = n.next[i]
			found = true
		}
	}
	l.shrink()
	return found
}

// shrink drops the empty lanes at the top.
func (l *lanes) shrink() {
	if l.bug == emptyLevel {
		for l.head.next[l.level-1] == nil {
			l.level--
		}
		return
	}
	for l.level > 1 && l.head.next[l.level-1] == nil {
		l.level--
	}
}

// sharedList is the one list every New of the shared implementation resets and hands out: a
// package-level head.
var sharedList *lanes

// shared is a Skiplist that keeps its nodes in sharedList.
type shared struct{}

func (shared) Search(x int) bool { return sharedList.Search(x) }
func (shared) Add(x int)         { sharedList.Add(x) }
func (shared) Erase(x int) bool  { return sharedList.Erase(x) }

// unfinished is a skip list whose Erase is still the stub.
type unfinished struct{ *lanes }

func (unfinished) Erase(int) bool { panic(harness.NotImplemented) }

func planted(b bug) API { return API{New: func() Skiplist { return newLanes(b) }} }

// firstFailure runs the suite on learner (only the named tests, when given) and returns the end
// event of the first test that did not pass, or nil when all passed.
func firstFailure(t *testing.T, learner API, seed uint64, only ...string) *record.Event {
	t.Helper()
	log, err := harness.Local(Suite(learner, reference), seed, only...)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range log.Events {
		if e.Kind == record.End && e.Status != result.Pass {
			return &e
		}
	}
	return nil
}

// checkCaught checks that a failure is the intended one: its test, verdict and call, a shrunk
// case of at most 10 operations that ends with the call, and a hint holding the given words.
func checkCaught(t *testing.T, end *record.Event, test string, want verdict.Verdict, call, hint string) {
	t.Helper()
	if end == nil {
		t.Fatalf("passed every test; want %s from %s", want, test)
	}
	f := end.Failure
	if end.Test != test || f == nil || f.Verdict != want {
		t.Fatalf("caught by %s with %+v; want %s from %s", end.Test, f, want, test)
	}
	if call != "" && !strings.Contains(f.Message, call) {
		t.Errorf("message %q does not name %s", f.Message, call)
	}
	if c := f.Case; c != nil {
		if c.Ops > 10 {
			t.Errorf("shrunk case of %d operations, want at most 10:\n%s", c.Ops, c.Code)
		}
		if !strings.Contains(c.Code, call) {
			t.Errorf("case does not mention %s:\n%s", call, c.Code)
		}
	}
	if !strings.Contains(f.Hint, hint) {
		t.Errorf("hint %q lacks %q", f.Hint, hint)
	}
}

// TestWrongImplementationsCaught plants the usual mistakes in a skip list and checks that the
// test meant for each catches it first, with the right verdict, a short case and a fitting hint.
func TestWrongImplementationsCaught(t *testing.T) {
	for _, tc := range []struct {
		name    string
		impl    API
		test    string
		verdict verdict.Verdict
		call    string // the failing call, as the message names it
		hint    string // words of the hint
	}{
		{"erase removes every copy", planted(eraseAll), "edge/duplicates", "wrong_answer", "Search(0)",
			"Erase removes exactly one"},
		{"add ignores a duplicate", planted(addOnce), "edge/duplicates", "wrong_answer", "Search(0)",
			"Erase removes exactly one"},
		{"erase leaves the node on the upper lanes, search stops early", planted(ghostEarly), "example",
			"wrong_answer", "Search(0)", "unlinked on every level"},
		{"head holds math.MinInt", planted(minHead), "edge/empty", "wrong_answer", "Search(math.MinInt)",
			"sentinel"},
		{"head holds 0", planted(zeroHead), "example", "wrong_answer", "Search(0)",
			"not the head"},
		{"search answers for the value before", planted(predecessor), "edge/single", "wrong_answer",
			"Search(1)", "not the last node before target"},
		{"search never walks level 0", planted(skipBottom), "edge/neighbours", "wrong_answer", "Search(",
			"walk down every lane to level 0"},
		{"walk skips the top lane", planted(skipTop), "example", "runtime_error", "Add(",
			"the top one included"},
		{"erase walks with <=", planted(eraseLE), "example", "wrong_answer", "Erase(0)",
			"walk with < like Search"},
		{"compares by subtraction", planted(subtract), "edge/extremes", "wrong_answer", "Search(",
			"never by subtracting"},
		{"no nil check after the walk", planted(noNilCheck), "edge/empty", "runtime_error", "Search(0)",
			"check next != nil"},
		{"update vector sized to the lanes in use", planted(shortUpdate), "example", "runtime_error",
			"Add(", "size the update vector"},
		{"coin overshoots the head", planted(tallLevel), "edge/interleaved", "runtime_error", "Add(",
			"cap the random height"},
		{"lanes in use drop to 0", planted(emptyLevel), "edge/single", "runtime_error", "Erase(0)",
			"lanes in use must stay at least 1"},
		{"one package-level list", API{New: func() Skiplist { sharedList = newLanes(noBug); return shared{} }},
			"edge/two-lists", "wrong_answer", "b.Search(1)", "not in package-level variables"},
		{"erase not written", API{New: func() Skiplist { return unfinished{newLanes(noBug)} }},
			"implemented", "not_implemented", "Erase", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			end := firstFailure(t, tc.impl, 1)
			checkCaught(t, end, tc.test, tc.verdict, tc.call, tc.hint)
			if t.Failed() {
				t.Logf("%+v\n%s", end.Failure, caseCode(end))
			}
		})
	}
}

// TestRandomTestsCatchOnTheirOwn runs only the random tests on the mistakes that give wrong
// answers, as if no fixed test had caught them: each still fails, with a short case that ends
// with the call named and a fitting hint.
func TestRandomTestsCatchOnTheirOwn(t *testing.T) {
	for _, tc := range []struct {
		bug              bug
		test, call, hint string
	}{
		{eraseAll, "random/small-values", "Erase(", "Erase removes exactly one"},
		{addOnce, "random/small-values", "Erase(", "Erase removes exactly one"},
		{ghostEarly, "random/small-values", "Search(", "unlinked on every level"},
		{skipBottom, "random/small-values", "Search(", "walk down every lane"},
		{eraseLE, "random/small-values", "Erase(", "walk with < like Search"},
		{predecessor, "random/small-values", "Search(", "not the last node before target"},
		{subtract, "random/wide-values", "", "never by subtracting"},
		{minHead, "random/wide-values", "Search(math.MinInt)", "sentinel"},
	} {
		end := firstFailure(t, planted(tc.bug), 2, "random/small-values", "random/wide-values")
		if end == nil || end.Test != tc.test || end.Failure.Verdict != "wrong_answer" {
			t.Errorf("%v: want a wrong_answer from %s, got %+v", tc.bug, tc.test, end)
			continue
		}
		f := end.Failure
		if c := f.Case; c.Ops > 10 || !strings.HasPrefix(f.Message, tc.call) {
			t.Errorf("%v: want a case of at most 10 operations ending with %s, got\n%s", tc.bug, tc.call, c.Code)
		}
		if !strings.Contains(f.Hint, tc.hint) {
			t.Errorf("%v: hint %q lacks %q", tc.bug, f.Hint, tc.hint)
		}
	}
}

// TestAnswersRightWhateverTheLanes runs the whole suite on skip lists that differ from the
// reference without being wrong: removing another copy than the reference does, and leaving an
// erased node linked on the upper lanes (a leak, but every answer stays right because every
// walk descends through it consistently) must both pass.
func TestAnswersRightWhateverTheLanes(t *testing.T) {
	var names []string
	for _, test := range Suite(reference, reference).Tests {
		if test.Name != "random/large" {
			names = append(names, test.Name)
		}
	}
	for _, b := range []bug{noBug, copiesAfter, ghostLanes} {
		if end := firstFailure(t, planted(b), 3, names...); end != nil {
			t.Errorf("%v: %s failed: %+v", b, end.Test, end.Failure)
		}
	}
}

// TestReplayBySeed checks that one seed gives the same shrunk case every time.
func TestReplayBySeed(t *testing.T) {
	run := func(seed uint64) *result.Case {
		end := firstFailure(t, planted(eraseAll), seed, "random/wide-values")
		if end == nil || end.Failure.Case == nil {
			t.Fatalf("seed %d: not caught", seed)
		}
		return end.Failure.Case
	}
	first, again := run(11), run(11)
	if first.Code != again.Code || first.ShrunkFrom != again.ShrunkFrom {
		t.Errorf("seed 11 gave two cases:\n%s\n%s", first.Code, again.Code)
	}
	if !strings.Contains(first.Code, "seed 11") {
		t.Errorf("the case does not name its seed:\n%s", first.Code)
	}
	if other := run(12); other.ShrunkFrom == first.ShrunkFrom {
		t.Errorf("seeds 11 and 12 failed after the same %d operations: is the seed used?", first.ShrunkFrom)
	}
}

// TestPanicNamesTheCall checks that a crash in a random test is a runtime_error naming the
// call, with the call marked in the case.
func TestPanicNamesTheCall(t *testing.T) {
	end := firstFailure(t, planted(emptyLevel), 4, "random/small-values")
	if end == nil || end.Failure.Verdict != "runtime_error" {
		t.Fatalf("want a runtime_error, got %+v", end)
	}
	f := end.Failure
	if !strings.HasPrefix(f.Message, "Erase(") || !strings.Contains(f.Message, "index out of range") {
		t.Errorf("message %q should name the Erase call and the index", f.Message)
	}
	if f.Case == nil || f.Case.Ops > 10 || !strings.Contains(f.Case.Code, "// panics: runtime error: index out of range") {
		t.Errorf("want a short case ending with the panicking call, got %+v", f.Case)
	}
}

// caseCode returns the failing case's code of an end event, for logs.
func caseCode(end *record.Event) string {
	if end == nil || end.Failure == nil || end.Failure.Case == nil {
		return ""
	}
	return end.Failure.Case.Code
}
