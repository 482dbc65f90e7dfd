package skiplist

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/suitetest"
	"kata/grader/result"
)

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
	copiesAfter     // Add puts new copies after old ones, Erase unlinks top down lane by lane, Search returns early: answers right, lanes stripped
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

// TestWrongImplementationsCaught plants the usual mistakes in a skip list and checks that the
// test meant for each catches it first, with the right verdict, a short case and a fitting hint.
func TestWrongImplementationsCaught(t *testing.T) {
	kit.CheckFirst(t, 1, []suitetest.Planted[API]{
		{Name: "erase removes every copy", Impl: planted(eraseAll), Caught: suitetest.Caught{Test: "edge/duplicates", Verdict: "wrong_answer",
			Call: "Search(0)", Hint: "Erase removes exactly one", MaxOps: 10}},
		{Name: "add ignores a duplicate", Impl: planted(addOnce), Caught: suitetest.Caught{Test: "edge/duplicates", Verdict: "wrong_answer",
			Call: "Search(0)", Hint: "Erase removes exactly one", MaxOps: 10}},
		{Name: "erase leaves the node on the upper lanes, search stops early", Impl: planted(ghostEarly), Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer",
			Call: "Search(0)", Hint: "unlinked on every level", MaxOps: 10}},
		{Name: "head holds math.MinInt", Impl: planted(minHead), Caught: suitetest.Caught{Test: "edge/empty", Verdict: "wrong_answer",
			Call: "Search(math.MinInt)", Hint: "sentinel", MaxOps: 10}},
		{Name: "head holds 0", Impl: planted(zeroHead), Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer",
			Call: "Search(0)", Hint: "not the head", MaxOps: 10}},
		{Name: "search answers for the value before", Impl: planted(predecessor), Caught: suitetest.Caught{Test: "edge/single", Verdict: "wrong_answer",
			Call: "Search(1)", Hint: "not the last node before target", MaxOps: 10}},
		{Name: "search never walks level 0", Impl: planted(skipBottom), Caught: suitetest.Caught{Test: "edge/neighbours", Verdict: "wrong_answer",
			Call: "Search(", Hint: "walk down every lane to level 0", MaxOps: 10}},
		{Name: "walk skips the top lane", Impl: planted(skipTop), Caught: suitetest.Caught{Test: "example", Verdict: "runtime_error",
			Call: "Add(", Hint: "the top one included", MaxOps: 10}},
		{Name: "erase walks with <=", Impl: planted(eraseLE), Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer",
			Call: "Erase(0)", Hint: "walk with < like Search", MaxOps: 10}},
		{Name: "compares by subtraction", Impl: planted(subtract), Caught: suitetest.Caught{Test: "edge/extremes", Verdict: "wrong_answer",
			Call: "Search(", Hint: "never by subtracting", MaxOps: 10}},
		{Name: "no nil check after the walk", Impl: planted(noNilCheck), Caught: suitetest.Caught{Test: "edge/empty", Verdict: "runtime_error",
			Call: "Search(0)", Hint: "check next != nil", MaxOps: 10}},
		{Name: "update vector sized to the lanes in use", Impl: planted(shortUpdate), Caught: suitetest.Caught{Test: "example", Verdict: "runtime_error",
			Call: "Add(", Hint: "size the update vector", MaxOps: 10}},
		{Name: "coin overshoots the head", Impl: planted(tallLevel), Caught: suitetest.Caught{Test: "edge/interleaved", Verdict: "runtime_error",
			Call: "Add(", Hint: "cap the random height", MaxOps: 10}},
		{Name: "lanes in use drop to 0", Impl: planted(emptyLevel), Caught: suitetest.Caught{Test: "edge/single", Verdict: "runtime_error",
			Call: "Erase(0)", Hint: "lanes in use must stay at least 1", MaxOps: 10}},
		{Name: "one package-level list", Impl: API{New: func() Skiplist { sharedList = newLanes(noBug); return shared{} }}, Caught: suitetest.Caught{Test: "edge/two-lists", Verdict: "wrong_answer",
			Call: "b.Search(1)", Hint: "not in package-level variables", MaxOps: 10}},
		{Name: "erase not written", Impl: API{New: func() Skiplist { return unfinished{newLanes(noBug)} }}, Caught: suitetest.Caught{Test: "implemented", Verdict: "not_implemented",
			Call: "Erase", Hint: "", MaxOps: 10}},
	})
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
		end := kit.First(t, planted(tc.bug), 2, "random/small-values", "random/wide-values")
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
// reference without being wrong: leaving an erased node linked on the upper lanes (a leak, but
// every answer stays right because every walk descends through it consistently) must pass.
// Removing another copy than the reference does must pass every test of the answers: the Erase
// of copiesAfter, which unlinks the first copy met on each lane, strips a run of copies of its
// upper lanes, which only the duplicates test's cost shows (TestDuplicatesJudgesCopies).
func TestAnswersRightWhateverTheLanes(t *testing.T) {
	for _, b := range []bug{noBug, copiesAfter, ghostLanes} {
		var names []string
		for _, test := range Suite(reference, reference).Tests {
			if test.Name != "random/large" && (b != copiesAfter || test.Kind != harness.Performance) {
				names = append(names, test.Name)
			}
		}
		if end := kit.First(t, planted(b), 3, names...); end != nil {
			t.Errorf("%v: %s failed: %+v", b, end.Test, end.Failure)
		}
	}
}

// TestReplayBySeed checks that one seed gives the same shrunk case every time.
func TestReplayBySeed(t *testing.T) {
	run := func(seed uint64) *result.Case {
		end := kit.First(t, planted(eraseAll), seed, "random/wide-values")
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
	end := kit.First(t, planted(emptyLevel), 4, "random/small-values")
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
