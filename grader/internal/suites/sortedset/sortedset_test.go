package sortedset

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/suitetest"
)

// bug is the mistake planted in a plain sorted set.
type bug int

const (
	noBug           bug = iota
	plantRankPlus1      // Rank counts from 1
	plantArrival        // equal scores keep the order members came in
	plantSignedZero     // -0 sorts before 0, as their bits would
	negStop             // a negative stop is taken as the end of the set
	noClip              // stop is not clipped: an index past the slice
	internal            // ranges return a slice of the order the set keeps
	duplicates          // Add of a present name stores a second entry
	nanStored           // Add with a NaN score stores it, no panic
	swapBounds          // RangeByScore with min > max swaps them
	cacheRank           // RangeByRank returns the slice it returned for the same positions
	cacheScore          // RangeByScore returns the slice it returned for the same bounds
	runeNames           // names compared as runes, not bytewise
)

var bugNames = [...]string{"no bug", "rankPlus1", "byArrival", "signedZero", "negStop", "noClip",
	"internal", "duplicates", "nanStored", "swapBounds", "cacheRank", "cacheScore", "runeNames"}

func (b bug) String() string { return bugNames[b] }

// plain is a sorted set as a slice of entries sorted when a query needs it, with one planted
// mistake.
type plain struct {
	entries []entry
	sorted  bool
	seq     int
	shared  []Member         // with the internal bug, the buffer every range reuses
	cache   map[any][]Member // with a cache bug, the answers since the last change, by call
	bug     bug
}

type entry struct {
	Member
	seq int // arrival
}

func newPlain(b bug) *plain { return &plain{bug: b} }

func (p *plain) find(name string) int {
	return slices.IndexFunc(p.entries, func(e entry) bool { return e.Name == name })
}

func (p *plain) order() []entry {
	if !p.sorted {
		slices.SortStableFunc(p.entries, func(a, b entry) int {
			as, bs := a.Score, b.Score
			if p.bug == plantSignedZero {
				if as == 0 && math.Signbit(as) {
					as = -1e-300
				}
				if bs == 0 && math.Signbit(bs) {
					bs = -1e-300
				}
			}
			if c := cmp.Compare(as, bs); c != 0 {
				return c
			}
			if p.bug == plantArrival {
				return cmp.Compare(a.seq, b.seq)
			}
			if p.bug == runeNames {
				return slices.Compare([]rune(a.Name), []rune(b.Name))
			}
			return strings.Compare(a.Name, b.Name)
		})
		p.sorted = true
	}
	return p.entries
}

func (p *plain) Add(name string, score float64) bool {
	if math.IsNaN(score) && p.bug != nanStored {
		panic("NaN")
	}
	p.sorted = false
	p.cache = nil
	p.seq++
	if i := p.find(name); i >= 0 && p.bug != duplicates {
		p.entries[i].Score = score
		p.entries[i].seq = p.seq
		return false
	}
	p.entries = append(p.entries, entry{Member{name, score}, p.seq})
	return true
}

func (p *plain) Remove(name string) bool {
	i := p.find(name)
	if i < 0 {
		return false
	}
	p.entries = slices.Delete(p.entries, i, i+1)
	p.cache = nil
	return true
}

func (p *plain) Score(name string) (float64, bool) {
	if i := p.find(name); i >= 0 {
		return p.entries[i].Score, true
	}
	return 0, false
}

func (p *plain) Rank(name string) (int, bool) {
	for i, e := range p.order() {
		if e.Name == name {
			if p.bug == plantRankPlus1 {
				i++
			}
			return i, true
		}
	}
	return 0, false
}

func (p *plain) Len() int { return len(p.entries) }

func (p *plain) RangeByRank(start, stop int) []Member {
	if p.bug == cacheRank {
		return p.cached([2]int{start, stop}, func() []Member {
			p.bug = noBug
			defer func() { p.bug = cacheRank }()
			return p.RangeByRank(start, stop)
		})
	}
	all := p.order()
	n := len(all)
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
		if p.bug == negStop {
			stop = n - 2
		}
	}
	start = max(start, 0)
	if p.bug != noClip {
		stop = min(stop, n-1)
	}
	if start > stop || start >= n {
		return nil
	}
	return p.members(all[start : stop+1])
}

func (p *plain) RangeByScore(lo, hi float64) []Member {
	if p.bug == cacheScore {
		return p.cached([2]float64{lo, hi}, func() []Member { p.bug = noBug; defer func() { p.bug = cacheScore }(); return p.RangeByScore(lo, hi) })
	}
	if p.bug == swapBounds && lo > hi {
		lo, hi = hi, lo
	}
	var out []entry
	for _, e := range p.order() {
		if lo <= e.Score && e.Score <= hi {
			out = append(out, e)
		}
	}
	return p.members(out)
}

// cached returns the answer kept for the call k, computing and keeping it the first time.
func (p *plain) cached(k any, answer func() []Member) []Member {
	if r, ok := p.cache[k]; ok {
		return r
	}
	if p.cache == nil {
		p.cache = map[any][]Member{}
	}
	p.cache[k] = answer()
	return p.cache[k]
}

// members copies entries out, or, with the internal bug, returns the set's own memory.
func (p *plain) members(es []entry) []Member {
	if p.bug == internal && len(es) > 0 {
		out := make([]Member, len(es))
		for i := range es {
			out[i] = es[i].Member
		}
		p.shared = append(p.shared[:0], out...)
		return p.shared
	}
	out := make([]Member, len(es))
	for i := range es {
		out[i] = es[i].Member
	}
	return out
}

func planted(b bug) API { return API{New: func() SortedSet { return newPlain(b) }} }

// sharedSet is the one set every New of the shared implementation resets and hands out.
var sharedSet *plain

// shared is a SortedSet that keeps its members in sharedSet.
type shared struct{}

func (shared) Add(name string, score float64) bool  { return sharedSet.Add(name, score) }
func (shared) Remove(name string) bool              { return sharedSet.Remove(name) }
func (shared) Score(name string) (float64, bool)    { return sharedSet.Score(name) }
func (shared) Rank(name string) (int, bool)         { return sharedSet.Rank(name) }
func (shared) Len() int                             { return sharedSet.Len() }
func (shared) RangeByRank(start, stop int) []Member { return sharedSet.RangeByRank(start, stop) }
func (shared) RangeByScore(lo, hi float64) []Member { return sharedSet.RangeByScore(lo, hi) }

// unfinished is a set whose RangeByScore is still the stub.
type unfinished struct{ *plain }

func (unfinished) RangeByScore(float64, float64) []Member { panic(harness.NotImplemented) }

// TestWrongImplementationsCaught plants the usual mistakes in a sorted set and checks that the
// test meant for each catches it first, with the right verdict, a short case and a fitting hint.
func TestWrongImplementationsCaught(t *testing.T) {
	kit.CheckFirst(t, 1, []suitetest.Planted[API]{
		{Name: "ranks from 1", Impl: planted(plantRankPlus1),
			Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer", Call: "Rank(", Hint: "0-based", MaxOps: 10}},
		{Name: "ties by arrival", Impl: planted(plantArrival),
			Caught: suitetest.Caught{Test: "edge/ties", Verdict: "wrong_answer", Call: "RangeByRank(", Hint: "ordered by name", MaxOps: 10}},
		{Name: "-0 before 0", Impl: planted(plantSignedZero),
			Caught: suitetest.Caught{Test: "edge/negative-zero", Verdict: "wrong_answer", Call: "RangeByRank(", Hint: "-0 and 0 are the same score", MaxOps: 10}},
		{Name: "negative stop", Impl: planted(negStop),
			Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer", Call: "RangeByRank(0, -1)", Hint: "negative position", MaxOps: 10}},
		{Name: "stop not clipped", Impl: planted(noClip),
			Caught: suitetest.Caught{Test: "edge/range-by-rank", Verdict: "runtime_error", Call: "RangeByRank(", Hint: "clip", MaxOps: 10}},
		{Name: "one buffer for every range", Impl: planted(internal),
			Caught: suitetest.Caught{Test: "edge/returned-slices", Verdict: "wrong_answer", Call: "r2", Hint: "caller's", MaxOps: 10}},
		{Name: "names as runes", Impl: planted(runeNames),
			Caught: suitetest.Caught{Test: "edge/bytewise", Verdict: "wrong_answer", Call: "RangeByRank(", Hint: "bytewise", MaxOps: 10}},
		{Name: "RangeByRank cached", Impl: planted(cacheRank),
			Caught: suitetest.Caught{Test: "edge/returned-slices", Verdict: "wrong_answer", Call: "r2", Hint: "caller's", MaxOps: 10}},
		{Name: "RangeByScore cached", Impl: planted(cacheScore),
			Caught: suitetest.Caught{Test: "edge/returned-slices", Verdict: "wrong_answer", Call: "s2", Hint: "caller's", MaxOps: 10}},
		{Name: "update duplicates", Impl: planted(duplicates),
			Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer", Call: "Add(", Hint: "changes its score", MaxOps: 10}},
		{Name: "NaN stored", Impl: planted(nanStored),
			Caught: suitetest.Caught{Test: "edge/nan", Verdict: "wrong_answer", Call: "Add(\"a\", math.NaN())", Hint: "must panic", MaxOps: 10}},
		{Name: "swapped bounds", Impl: planted(swapBounds),
			Caught: suitetest.Caught{Test: "edge/infinities", Verdict: "wrong_answer", Call: "RangeByScore(", Hint: "min > max", MaxOps: 10}},
		{Name: "one package-level set", Impl: API{New: func() SortedSet { sharedSet = newPlain(noBug); return shared{} }},
			Caught: suitetest.Caught{Test: "edge/two-sets", Verdict: "wrong_answer", Call: "b.Len()", Hint: "not in package-level variables", MaxOps: 10}},
		{Name: "range by score not written", Impl: API{New: func() SortedSet { return unfinished{newPlain(noBug)} }},
			Caught: suitetest.Caught{Test: "implemented", Verdict: "not_implemented", Call: "RangeByScore", Hint: "", MaxOps: 10}},
	})
}

// TestRandomTestsCatchOnTheirOwn runs only the random tests on the mistakes that give wrong
// answers, as if no fixed test had caught them: each still fails, with a short case and a
// fitting hint.
func TestRandomTestsCatchOnTheirOwn(t *testing.T) {
	for _, tc := range []struct {
		bug  bug
		hint string
	}{
		{plantRankPlus1, "0-based"},
		{plantArrival, "ordered by name"},
		{plantSignedZero, "-0 and 0 are the same score"},
		{negStop, "negative position"},
		{duplicates, "changes its score"},
		{nanStored, "must panic"},
		{swapBounds, "min > max"},
		{noClip, "clip"},
		{runeNames, "bytewise"},
	} {
		end := kit.First(t, planted(tc.bug), 2, "random/small", "random/wide")
		if end == nil || end.Test != "random/small" {
			t.Errorf("%v: want a failure from random/small, got %+v", tc.bug, end)
			continue
		}
		f := end.Failure
		if c := f.Case; c == nil || c.Ops > 10 {
			t.Errorf("%v: want a case of at most 10 operations, got %+v", tc.bug, c)
		}
		if !strings.Contains(f.Hint, tc.hint) {
			t.Errorf("%v: hint %q lacks %q\n%s", tc.bug, f.Hint, tc.hint, f.Case.Code)
		}
	}
}

// TestCaseIsGoCode checks that a shrunk case of a call with two results, and of an Add that
// must panic, prints as Go code that checks it.
func TestCaseIsGoCode(t *testing.T) {
	end := kit.First(t, planted(plantRankPlus1), 2, "random/small")
	if end == nil || !strings.Contains(end.Failure.Case.Code, "fmt.Sprint(s.Rank(") ||
		!strings.HasPrefix(end.Failure.Case.Code, `// needs: import ("fmt"`) {
		t.Errorf("want a check of fmt.Sprint(s.Rank(...)), got %+v", end)
	}
	end = kit.First(t, planted(nanStored), 2, "edge/nan")
	if end == nil || !strings.Contains(end.Failure.Case.Code, "panicked = recover() != nil") {
		t.Errorf("want the NaN Add wrapped in a recover, got %+v", end)
	}
}

// TestHintFollowsEvidence checks that a hint names the mistake whose answer is the graded
// code's, not one the failing call merely suggests: shrunk cases of the usual mistakes, with
// the answer each gives.
func TestHintFollowsEvidence(t *testing.T) {
	abc := []harness.Call{call("Add", "a", 1.0), call("Add", "b", 2.0), call("Add", "c", 3.0)}
	with := func(calls ...harness.Call) []harness.Call { return append(slices.Clone(abc), calls...) }
	for _, tc := range []struct {
		name      string
		calls     []harness.Call
		got, want any
		panic     any
		has, not  string
	}{
		{"stop left out", with(call("RangeByRank", 0, 1)), members{mem("a", 1)}, members{mem("a", 1), mem("b", 2)}, nil,
			"stop is included", "clip stop"},
		{"start past the end taken as the last", with(call("RangeByRank", 3, 3)), members{mem("c", 3)}, members(nil), nil,
			"start >= Len()", "clip stop to Len()-1 before walking"},
		{"rank one too many", with(call("Rank", "b")), ranked{2, true}, ranked{1, true}, nil, "0-based", "too few"},
		{"rank one too few", with(call("Rank", "c")), ranked{1, true}, ranked{2, true}, nil, "one too few", "0-based"},
		{"rank off after a Remove", with(call("Remove", "a"), call("Rank", "c")), ranked{2, true}, ranked{1, true}, nil,
			"unlinked", "0-based"},
		{"rank off after an update", []harness.Call{call("Add", "b", negZero), call("Add", "a", 0.0), call("Add", "m", -1.0),
			call("Add", "m", 0.0), call("Rank", "m")}, ranked{3, true}, ranked{2, true}, nil, "unlinked", "-0 and 0"},
		// A Rank too small after an update that no count of departed members explains: what
		// Rank adds up, and no claim about unlinking.
		{"rank counting links", []harness.Call{call("Add", "ann", 30.0), call("Add", "bob", 10.0), call("Add", "cat", 20.0),
			call("Add", "dan", 20.0), call("Add", "bob", 25.0), call("Rank", "ann")}, ranked{1, true}, ranked{3, true}, nil,
			"sum of the spans", "unlinked"},
		// More departed members before the last one than members after it: the count of
		// ghosts runs past the set's end, which the hint must not index.
		{"rank counting departed members", []harness.Call{call("Add", "a", 1.0), call("Add", "b", 2.0), call("Add", "c", 3.0),
			call("Remove", "a"), call("Remove", "b"), call("Rank", "c")}, ranked{2, true}, ranked{0, true}, nil,
			"unlinked", "0-based"},
		{"update left in place", []harness.Call{call("Add", "", 0.0), call("Add", "a", 1.0), call("Add", "", 2.0),
			call("Rank", "a")}, ranked{1, true}, ranked{0, true}, nil, "move its node", "unlinked"},
		{"negative stop left as it is", with(call("RangeByRank", 0, -1)), members(nil),
			members{mem("a", 1), mem("b", 2), mem("c", 3)}, nil, "negative position", "+Inf"},
		{"-0 before 0", []harness.Call{call("Add", "a", negZero), call("Add", "", 0.0), call("RangeByRank", 0, 1)},
			members{mem("a", 0), mem("", 0)}, members{mem("", 0), mem("a", 0)}, nil, "-0 and 0", "spans"},
		// -0 before 0 and spans broken by a Remove both answer 0: the hint names both.
		{"-0 before 0 or spans after a Remove", []harness.Call{call("Add", "b", negZero), call("Add", "a", 0.0),
			call("Add", "x", 1.0), call("Remove", "x"), call("Rank", "b")}, ranked{0, true}, ranked{1, true}, nil,
			"unlinked", "0-based"},
		{"-0 before 0 or spans after a Remove, -0", []harness.Call{call("Add", "b", negZero), call("Add", "a", 0.0),
			call("Add", "x", 1.0), call("Remove", "x"), call("Rank", "b")}, ranked{0, true}, ranked{1, true}, nil,
			"-0 and 0", "0-based"},
		{"names as runes", []harness.Call{call("Add", "é", 1.0), call("Add", "\x80", 1.0), call("RangeByRank", 0, 1)},
			members{mem("é", 1), mem("\x80", 1)}, members{mem("\x80", 1), mem("é", 1)}, nil, "bytewise", "spans"},
		{"names ignoring case", []harness.Call{call("Add", "b", 1.0), call("Add", "B", 1.0), call("Add", "a", 1.0), call("Rank", "B")},
			ranked{1, true}, ranked{0, true}, nil, "bytewise", "spans"},
		// Equal scores, and a member removed before: spans broken on unlinking and equal scores
		// in arrival order both answer b, so the hint names both.
		{"ties or spans after a Remove, spans", []harness.Call{call("Add", "b", 1.0), call("Add", "a", 1.0), call("Add", "x", 0.0),
			call("Remove", "x"), call("RangeByRank", 0, 0)}, members{mem("b", 1)}, members{mem("a", 1)}, nil, "unlinked", "0-based"},
		{"ties or spans after a Remove, ties", []harness.Call{call("Add", "b", 1.0), call("Add", "a", 1.0), call("Add", "x", 0.0),
			call("Remove", "x"), call("RangeByRank", 0, 0)}, members{mem("b", 1)}, members{mem("a", 1)}, nil, "bytewise", "0-based"},
		// A Rank too low that equal scores in arrival order explain is also what a Rank that
		// counts the links it follows answers, now and then, in a skip list of random heights:
		// the hint names both.
		{"a Rank too low: ties in arrival order", []harness.Call{call("Add", "b", 1.0), call("Add", "a", 1.0), call("Rank", "b")},
			ranked{0, true}, ranked{1, true}, nil, "bytewise", "unlinked"},
		{"a Rank too low: or links counted", []harness.Call{call("Add", "b", 1.0), call("Add", "a", 1.0), call("Rank", "b")},
			ranked{0, true}, ranked{1, true}, nil, "sum of the spans", "unlinked"},
		// Ties the case shows in the right order, and a Rank too low: the edge/ties case of a
		// Rank that counts links.
		{"a Rank too low among ties", []harness.Call{call("Add", "d", 7.0), call("Add", "b", 7.0), call("Add", "a", 7.0),
			call("Add", "c", 7.0), call("Add", "B", 7.0), call("Rank", "B"), call("Rank", "c")},
			ranked{1, true}, ranked{3, true}, nil, "sum of the spans", "unlinked"},
		{"walk past the end within the set", with(call("RangeByRank", -2, -1)), nil, members{mem("b", 2), mem("c", 3)},
			"runtime error: invalid memory address or nil pointer dereference", "spans", "clip stop"},
		{"walk past the end, stop not clipped", with(call("RangeByRank", 1, 5)), nil, members{mem("b", 2), mem("c", 3)},
			"runtime error: invalid memory address or nil pointer dereference", "clip stop", "spans"},
	} {
		h := hint(harness.Mismatch{Calls: tc.calls, Got: tc.got, Want: tc.want, Panic: tc.panic})
		if !strings.Contains(h, tc.has) || strings.Contains(h, tc.not) {
			t.Errorf("%s: hint %q, want one that says %q and not %q", tc.name, h, tc.has, tc.not)
		}
	}
}

// infinitiesDropped is the reference, but for members scored +Inf or -Inf, which Add does not store.
type infinitiesDropped struct{ SortedSet }

func (s infinitiesDropped) Add(name string, score float64) bool {
	if math.IsInf(score, 0) {
		return true
	}
	return s.SortedSet.Add(name, score)
}

// TestInfinitiesHintNeedsTheReplay checks that a range missing a member scored ±Inf names the
// infinities only when a fresh set drops them: a range at wrong positions misses one too.
func TestInfinitiesHintNeedsTheReplay(t *testing.T) {
	dropping := API{New: func() SortedSet { return infinitiesDropped{reference.New()} }}
	f := harness.Mismatch{Calls: []harness.Call{call("Add", "a", 1.0), call("Add", "b", math.Inf(1)), call("RangeByRank", -1, -1)},
		Got: members{mem("a", 1)}, Want: members{mem("b", math.Inf(1))}}
	if hint := hintFor(dropping, reference)(f); !strings.Contains(hint, "+Inf") || strings.Contains(hint, "negative position") {
		t.Errorf("a set that drops infinities: %q", hint)
	}
	if dropsInfinities(reference) {
		t.Errorf("the reference drops infinities")
	}
}
