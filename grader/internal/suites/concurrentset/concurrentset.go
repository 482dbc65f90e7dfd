// Package concurrentset holds the hidden tests of the concurrentset exercise: a sorted set many
// goroutines use at once.
//
// The tests run in this order: the sequential ones (fixed examples, random sequences against
// the reference, Range while its own loop body changes the set), then the concurrent ones
// (histories of several goroutines checked for linearizability, Range under concurrent
// writers, each watched for calls that stop returning), the race detector's count, the growth
// of every operation on one goroutine, and last the scaling rounds. Files:
//
//   - api_gen.go: the interface the tests drive, API, Binding, dispatch (generated).
//   - concurrentset.go: Suite, the sequential tests and their hints.
//   - history.go: concurrent histories, their linearizability check (porcupine) and their
//     rendering.
//   - concurrent.go: the concurrent tests and the watch on calls that stop returning.
//   - weak.go: Range's weak consistency, as a check of one run of the sequence.
//   - race.go, race_on.go, race_off.go: the race detector's verdict (the judge runs every test
//     but the performance tests in a program built with the detector, where it can, and the
//     performance tests in a plain one).
//   - performance.go: the growth of each operation; scaling.go: the scaling rounds.
package concurrentset

import (
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"time"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	hintFor := func(f harness.Mismatch) string { return hint(f, learner, reference) }
	m := modelOf(learner, reference, harness.Model[Set]{Recv: "s", Simplify: simplify, Hint: hintFor, Show: show})
	return &harness.Suite{
		Exercise:  ex.Name,
		Deadlock:  deadlock,
		StuckHint: stuckHint,
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Add", Args: []any{1}, Call: func() { learner.New().Add(1) }},
			{Method: "Remove", Args: []any{1}, Call: func() { learner.New().Remove(1) }},
			{Method: "Contains", Args: []any{1}, Call: func() { learner.New().Contains(1) }},
			{Method: "Len", Call: func() { learner.New().Len() }},
			{Method: "Range", Args: []any{0, 1}, Call: func() {
				for range learner.New().Range(0, 1) {
				}
			}},
		},
		Tests: []harness.Test{
			// The example of the lesson, on one goroutine.
			{Name: "example", Kind: harness.Fixed, Run: m.Script(
				add(7, true), add(5, true), add(9, true), add(6, true), add(8, true), length(5),
				add(7, false), remove(7, true), contains(7, false), rng(5, 9, 5, 6, 8, 9), length(4))},
			// Nothing stored: every query answers "absent" or nothing.
			{Name: "edge/empty", Kind: harness.Fixed, Run: m.Script(
				contains(0, false), contains(math.MinInt, false), contains(math.MaxInt, false),
				remove(0, false), remove(math.MinInt, false), remove(math.MaxInt, false), length(0),
				rng(math.MinInt, math.MaxInt), rng(0, 0))},
			// Adding twice, removing twice: the second call changes nothing and says so.
			{Name: "edge/twice", Kind: harness.Fixed, Run: m.Script(
				add(3, true), add(3, false), length(1), remove(3, true), remove(3, false), length(0),
				contains(3, false), add(3, true), contains(3, true), length(1))},
			// math.MinInt and math.MaxInt are keys like any other: no sentinel may hold them.
			{Name: "edge/extremes", Kind: harness.Fixed, Run: m.Script(
				contains(math.MinInt, false), contains(math.MaxInt, false), add(math.MaxInt, true),
				add(math.MinInt, true), add(0, true), contains(math.MinInt, true),
				contains(math.MaxInt, true), contains(math.MaxInt-1, false), length(3),
				rng(math.MinInt, math.MaxInt, math.MinInt, 0, math.MaxInt), rng(math.MaxInt, math.MaxInt, math.MaxInt),
				rng(math.MinInt, math.MinInt, math.MinInt), remove(math.MinInt, true),
				remove(math.MaxInt, true), contains(math.MinInt, false), contains(math.MaxInt, false),
				rng(math.MinInt, math.MaxInt, 0), length(1))},
			// Range's bounds are both included; lo > hi yields nothing; bounds between keys.
			{Name: "edge/range-bounds", Kind: harness.Fixed, Run: m.Script(
				add(10, true), add(20, true), add(30, true), add(-10, true), rng(10, 30, 10, 20, 30),
				rng(11, 29, 20), rng(20, 20, 20), rng(21, 29), rng(30, 10), rng(31, math.MaxInt),
				rng(math.MinInt, -11), rng(math.MinInt, -10, -10), rng(-10, 10, -10, 10))},
			// Two sets at once share nothing: a package-level head would let one see the other.
			{Name: "edge/two-sets", Kind: harness.Fixed, Run: twoSets(learner.New)},
			// A loop that breaks stops the sequence at once; running it again walks again.
			{Name: "range/break", Kind: harness.Fixed, Run: rangeBreak(learner.New)},
			// The loop body removes and adds keys of the same set: no deadlock, no panic, and the
			// keys yielded are those weak consistency allows.
			{Name: "range/body-changes-set", Kind: harness.Fixed, Run: bodyChanges(learner.New)},
			// Thousands of calls over 40 keys on one goroutine, against the reference.
			{Name: "random/small-keys", Kind: harness.Differential, Run: m.Random(func(r *rand.Rand) []harness.Call {
				return sequence(r, 4000, 2, func() int { return r.IntN(40) - 20 })
			})},
			// Thousands of calls over the whole int range, extremes included.
			{Name: "random/wide-keys", Kind: harness.Differential, Run: m.Random(func(r *rand.Rand) []harness.Call {
				return sequence(r, 8000, 1, func() int { return harness.WideInt(r, 100, 30) })
			})},
			// Four goroutines at once on a few keys, histories checked for linearizability.
			// A failure of either is the race the detector reported meanwhile, if it did.
			raceFirst(learner, linearizable("concurrent/linearizable", learner)),
			// Range runs while writers change other keys and the keys just outside its bounds.
			raceFirst(learner, rangeUnderChange(learner)),
			// Four goroutines add and remove 65,536 keys, each its own: what only a large set
			// does runs at once under the race detector too, and every answer is known.
			raceFirst(learner, large(learner)),
			// Whether the race detector saw a data race in the tests so far, or sees one in a second
			// of calls that nothing of the judge's synchronises.
			raceTest(learner),
			// How Add, Remove, Contains, Len and Range grow against the reference, on one goroutine.
			performance(learner, reference),
			// Whether two goroutines do more than one: the contract's scaling rounds.
			scaling(learner, reference),
		},
	}
}

// add, remove, contains, length and rng are the steps of a script: a call and its expected
// result.
func add(k int, want bool) harness.Step    { return harness.Step{Call: call("Add", k), Want: want} }
func remove(k int, want bool) harness.Step { return harness.Step{Call: call("Remove", k), Want: want} }
func contains(k int, want bool) harness.Step {
	return harness.Step{Call: call("Contains", k), Want: want}
}
func length(n int) harness.Step { return harness.Step{Call: harness.Call{Method: "Len"}, Want: n} }
func rng(lo, hi int, want ...int) harness.Step {
	return harness.Step{Call: rangeCall(lo, hi), Want: want}
}

// call is a call of method with the key k; rangeCall is a Range call.
func call(method string, k int) harness.Call { return harness.Call{Method: method, Args: []any{k}} }
func rangeCall(lo, hi int) harness.Call {
	return harness.Call{Method: "Range", Args: []any{lo, hi}}
}

// show prints a Range call as the loop that collects its keys.
func show(f harness.Mismatch) []harness.Call {
	shown := slices.Clone(f.Calls)
	for i, c := range shown {
		if c.Method == "Range" {
			shown[i].Text = fmt.Sprintf("slices.Collect(s.Range(%s, %s))", harness.Lit(c.Args[0]), harness.Lit(c.Args[1]))
		}
	}
	return shown
}

// simplify proposes simpler keys for a failing sequence: each key (and each Range bound)
// replaced by a smaller one, keys equal before staying equal.
func simplify(calls []harness.Call) [][]harness.Call {
	distinct := map[int]bool{}
	for _, c := range calls {
		for _, a := range c.Args {
			distinct[a.(int)] = true
		}
	}
	var out [][]harness.Call
	for v := range distinct {
		for _, w := range []int{0, v / 2, v - 1} {
			if w == v || distinct[w] {
				continue
			}
			next := make([]harness.Call, len(calls))
			for i, c := range calls {
				next[i] = c
				if len(c.Args) > 0 {
					args := slices.Clone(c.Args)
					for j, a := range args {
						if a.(int) == v {
							args[j] = w
						}
					}
					next[i].Args = args
				}
			}
			out = append(out, next)
		}
	}
	return out
}

// sequence draws n calls: 30% Add, 25% Remove, 5% Len, Range in ranges twentieths of the
// calls and Contains in the rest, keys from key. Half of
// the ranges span up to four keys from key() on; the other half run between two keys.
func sequence(r *rand.Rand, n, ranges int, key func() int) []harness.Call {
	calls := make([]harness.Call, n)
	for i := range calls {
		switch p := r.IntN(20); {
		case p < 6:
			calls[i] = call("Add", key())
		case p < 11:
			calls[i] = call("Remove", key())
		case p < 19-ranges:
			calls[i] = call("Contains", key())
		case p < 20-ranges:
			calls[i] = harness.Call{Method: "Len"}
		default:
			lo, hi := key(), key()
			if r.IntN(2) == 0 {
				hi = lo + r.IntN(4)
				if hi < lo { // past math.MaxInt
					hi = lo
				}
			}
			if r.IntN(5) > 0 && lo > hi {
				lo, hi = hi, lo
			}
			calls[i] = rangeCall(lo, hi)
		}
	}
	return calls
}

// twoSets checks that two sets made by newSet share nothing.
func twoSets(newSet func() Set) func(*harness.T) {
	return func(t *harness.T) {
		a := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return newSet() }).(Set)
		b := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return newSet() }).(Set)
		steps := []struct {
			name string
			s    Set
			c    harness.Call
			want any
		}{
			{"a", a, call("Add", 1), true}, {"b", b, call("Contains", 1), false},
			{"b", b, call("Add", 1), true}, {"b", b, call("Add", 2), true}, {"a", a, call("Contains", 2), false},
			{"a", a, harness.Call{Method: "Len"}, 1}, {"b", b, harness.Call{Method: "Len"}, 2},
			{"a", a, rangeCall(0, 5), []int{1}}, {"a", a, call("Remove", 1), true}, {"b", b, call("Contains", 1), true},
		}
		var done []string
		for _, st := range steps {
			shown := harness.Call{Method: st.name + "." + st.c.Method, Args: st.c.Args, Func: true}
			got := t.Invoke(shown, func() any { return dispatch(st.s, st.c) })
			done = append(done, shown.Short())
			if fmt.Sprint(got) != fmt.Sprint(st.want) {
				t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: shown.Short(),
					Message: fmt.Sprintf("after a, b := New(), New(); %s: %s returned %v, want %v: two sets made by New share their keys",
						strings.Join(done[:len(done)-1], "; "), shown.Short(), got, st.want),
					Hint: "each New must build a set of its own: keep the head, the count and the level in the Set struct, not in package-level variables"})
			}
		}
	}
}

// rangeBreak checks that Range reads nothing until its sequence runs (not the keys, nor the
// largest key to stop at), that a loop over it that breaks is not called again (Go itself panics
// when an iterator calls yield after the loop has ended) and leaves nothing running, and that
// each run of the sequence walks the set again.
func rangeBreak(newSet func() Set) func(*harness.T) {
	return func(t *harness.T) {
		s := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return newSet() }).(Set)
		for k := range 9 {
			t.Invoke(call("Add", k), func() any { return s.Add(k) })
		}
		seq := t.Invoke(rangeCall(0, 9), func() any { return s.Range(0, 9) }).(iter.Seq[int])
		t.Invoke(call("Remove", 5), func() any { return s.Remove(5) })
		t.Invoke(call("Add", 9), func() any { return s.Add(9) })
		loop := harness.Call{Method: "Range", Text: "for k := range seq { if k == 3 { break } }"}
		var seen []int
		t.Invoke(loop, func() any {
			for k := range seq {
				seen = append(seen, k)
				if k == 3 {
					break
				}
			}
			return nil
		})
		if !slices.Equal(seen, []int{0, 1, 2, 3}) {
			t.Failf(verdict.WrongAnswer, "on a set of 0..9 but 5, a loop over Range(0, 9) that breaks at 3 saw %v, want [0 1 2 3]", seen)
		}
		var again []int
		t.Invoke(harness.Call{Method: "Range", Text: "slices.Collect(seq) // the same sequence, run a second time"}, func() any {
			again = slices.Collect(seq)
			return nil
		})
		if want := []int{0, 1, 2, 3, 4, 6, 7, 8, 9}; !slices.Equal(again, want) {
			t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Range(0, 9)",
				Message: fmt.Sprintf("seq := s.Range(0, 9) on a set of 0..8, then s.Remove(5) and s.Add(9): running seq a "+
					"second time yielded %v, want %v", again, want),
				Hint: "Range itself reads nothing: it returns a function, and each run of that function walks the " +
					"set as it is then (no copy of the keys, nor of the largest key, taken when Range was called)"})
		}
		breaksLeaveNothing(t, s)
	}
}

// How many loops breaksLeaveNothing breaks, over how many keys, and how long it waits for the
// goroutines they started to end: far longer than a goroutine that has been told to stop takes
// to be scheduled and return, even on a busy machine.
const (
	brokenLoops  = 100
	brokenKeys   = 1000
	goroutineEnd = 2 * time.Second
)

// breaksLeaveNothing fills s up to brokenKeys keys and breaks brokenLoops loops over Range at
// their first key, then checks that no goroutine the sequences started is still alive: a loop
// that breaks stops the iteration at once. A sequence fed by a goroutine through a channel keeps
// that goroutine blocked for ever once the loop stops reading, unless it is told to stop; a
// buffer only hides it while the rest of the keys fit.
func breaksLeaveNothing(t *harness.T, s Set) {
	t.Invoke(harness.Call{Method: "Add", Text: fmt.Sprintf("for k := range %d { s.Add(k) }", brokenKeys)}, func() any {
		for k := range brokenKeys {
			s.Add(k)
		}
		return nil
	})
	before := runtime.NumGoroutine()
	loops := harness.Call{Method: "Range", Text: fmt.Sprintf("for range %d { for range s.Range(0, %d) { break } }",
		brokenLoops, brokenKeys-1)}
	t.Invoke(loops, func() any {
		for range brokenLoops {
			for range s.Range(0, brokenKeys-1) {
				break
			}
		}
		return nil
	})
	alive := runtime.NumGoroutine() - before
	for deadline := time.Now().Add(goroutineEnd); alive >= brokenLoops/2 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		alive = runtime.NumGoroutine() - before
	}
	if alive >= brokenLoops/2 {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: loops.Short(),
			Message: fmt.Sprintf("on a set of the keys 0..%d, %d loops over Range(0, %d) that each broke at their first "+
				"key left %d goroutines alive %s later: the iterations went on after their loops broke",
				brokenKeys-1, brokenLoops, brokenKeys-1, alive, goroutineEnd),
			Hint: "a loop that breaks must stop the iteration at once: when yield returns false, return. Walk the " +
				"list in the sequence function itself; a goroutine that sends the keys on a channel stays blocked " +
				"for ever once nobody reads them (a buffer only delays it), unless the sequence tells it to stop"})
	}
}

// bodyChanges runs loops over Range whose bodies change the set, and checks each run against
// weak consistency: strictly ascending, in bounds, every key present throughout yielded, no key
// absent throughout yielded.
func bodyChanges(newSet func() Set) func(*harness.T) {
	type plan struct {
		what string
		body func(s Set, k int) []int // the keys it changed
	}
	plans := []plan{
		{"removes the key just yielded", func(s Set, k int) []int { s.Remove(k); return []int{k} }},
		{"removes the next key", func(s Set, k int) []int { s.Remove(k + 1); return []int{k + 1} }},
		{"adds a key further on", func(s Set, k int) []int { s.Add(k + 15); return []int{k + 15} }},
		{"adds the key before it back", func(s Set, k int) []int { s.Add(k - 1); return []int{k - 1} }},
		{"reads the set", func(s Set, k int) []int { s.Contains(k); s.Len(); return nil }},
	}
	return func(t *harness.T) {
		for _, p := range plans {
			s := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return newSet() }).(Set)
			start := map[int]bool{}
			for k := 0; k < 40; k += 2 {
				t.Invoke(call("Add", k), func() any { return s.Add(k) })
				start[k] = true
			}
			changed := map[int]bool{}
			var seen []int
			loop := harness.Call{Method: "Range", Text: "for k := range s.Range(5, 30) { /* the body " + p.what + " */ }"}
			t.Invoke(loop, func() any {
				for k := range s.Range(5, 30) {
					seen = append(seen, k)
					for _, c := range p.body(s, k) {
						changed[c] = true
					}
					if len(seen) > 100 {
						break
					}
				}
				return nil
			})
			if msg := weaklyConsistent(seen, 5, 30, start, changed); msg != "" {
				t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: loop.Short(),
					Message: fmt.Sprintf("on a set of the even keys 0..38, a loop over Range(5, 30) whose body %s yielded %v: %s",
						p.what, seen, msg),
					Hint: "walk level 0 from the first key >= lo, reading each node's next link when you move on (not " +
						"a copy taken before the loop), and check each node's marked flag as you reach it"})
			}
		}
	}
}

// outside says how the failing call's answer shows keys that no Add of the case stored, or
// returns "": a Len above the case's Adds, a key found, refused or yielded that none added.
// What a sentinel explains is left out: a Len that counts a head and a tail, and key 0, a
// head's zero key.
func outside(f harness.Mismatch) string {
	last := f.Calls[len(f.Calls)-1]
	added := map[int]bool{}
	adds := 0
	for _, c := range f.Calls[:len(f.Calls)-1] {
		if c.Method == "Add" {
			added[c.Args[0].(int)] = true
			adds++
		}
	}
	switch got := f.Got.(type) {
	case int:
		if last.Method == "Len" && got > adds+2 {
			return fmt.Sprintf("Len returned %d after %d Adds to this set", got, adds)
		}
	case bool:
		if k := last.Args; len(k) == 1 && k[0] != 0 && !added[k[0].(int)] && got != (last.Method == "Add") {
			return fmt.Sprintf("%s answered as if key %d were stored, and no Add of this set stored it", last.Short(), k[0])
		}
	case []int:
		for _, k := range got {
			if k != 0 && !added[k] {
				return fmt.Sprintf("%s yielded key %d, and no Add of this set stored it", last.Short(), k)
			}
		}
	}
	return ""
}

// stuckHint names what keeps a call busy for ever on one goroutine, where no other call can
// finish what it waits for: a lazy skip list's retry loop that meets a node marked but still
// linked, or never fully linked. A Range is a walk that never reaches its end.
func stuckHint(_ string, c harness.Call) string {
	for _, a := range c.Args {
		if v, ok := a.(int); ok && (v == math.MinInt || v == math.MaxInt) {
			// A search for a sentinel's key never passes the sentinel.
			return fmt.Sprintf("%s of %s never returned: %s is a key like any other, and a head or tail that "+
				"holds it as a sentinel is never passed. Mark the head (and a tail, if you have one) with a "+
				"flag or by pointer, not with a key", c.Method, harness.Lit(v), harness.Lit(v))
		}
	}
	switch c.Method {
	case "Add", "Remove", "Contains":
		return fmt.Sprintf("%s kept retrying with no other call running: what it waits for never changes. "+
			"Remove must unlink its marked node on every level, level 0 included, before it returns, and "+
			"Add must set fullyLinked before it returns; a retry loop must only wait for another call", c.Method)
	case "Range":
		return "Range never reached its end: follow the level-0 links from the last node below lo and stop " +
			"after hi, whatever the nodes' marks"
	}
	return ""
}

// extremesMatter reports whether calls use math.MinInt or math.MaxInt and answer like the
// reference, in each of extremeReplays replays, once those keys are replaced by ordinary ones
// below and above every other key they use (Range bounds alike, so that each Range still takes
// the same keys): only then is the failure the extremes'. A set whose fault hangs on its random
// heights (a Remove that fails on tall nodes) keeps the extremes in its shrunk case when they
// happened to draw the heights, and fails in some replay without them. A replay that panics is
// no evidence.
func extremesMatter(calls []harness.Call, learner, reference API) bool {
	low, high, extreme := 0, 0, false
	for _, c := range calls {
		for _, a := range c.Args {
			switch v := a.(int); v {
			case math.MinInt, math.MaxInt:
				extreme = true
			default:
				low, high = min(low, v), max(high, v)
			}
		}
	}
	if !extreme || low < math.MinInt/2 || high > math.MaxInt/2 {
		return false
	}
	ordinary := make([]harness.Call, len(calls))
	for i, c := range calls {
		ordinary[i] = c
		ordinary[i].Args = slices.Clone(c.Args)
		for j, a := range c.Args {
			switch a.(int) {
			case math.MinInt:
				ordinary[i].Args[j] = low - 1000
			case math.MaxInt:
				ordinary[i].Args[j] = high + 1000
			}
		}
	}
	return harness.Evidence(func() bool {
		for range extremeReplays {
			got, want := learner.New(), reference.New()
			for _, c := range ordinary {
				if !reflect.DeepEqual(dispatch(got, c), dispatch(want, c)) {
					return false
				}
			}
		}
		return true
	})
}

// extremeReplays is how many times extremesMatter replays a case: a fault that shows on one set
// in four (a node of height 2 or more, at the usual p = 1/4) shows in one of them but for odds
// of 0.3%.
const extremeReplays = 20

// hint names the usual cause of a wrong answer on one goroutine, replaying the case on fresh
// sets of learner and reference where a cause needs it shown.
func hint(f harness.Mismatch, learner, reference API) string {
	if f.Panic != nil {
		if strings.Contains(fmt.Sprint(f.Panic), "nil pointer") {
			return "a level ends with nil: check next != nil before reading a node's key, on an empty set too"
		}
		return ""
	}
	last := f.Calls[len(f.Calls)-1]
	if extremesMatter(f.Calls, learner, reference) {
		return "math.MinInt and math.MaxInt are keys like any other: mark the head (and a tail, if you " +
			"have one) with a flag instead of giving them those keys, and compare keys with <, never by subtracting"
	}
	if from := outside(f); from != "" {
		return from + ": it reads what another set stored. Keep the head, the count and the level in the " +
			"Set that New returns, not in package-level variables"
	}
	switch last.Method {
	case "Len":
		return "Len must count every successful Add (+1) and Remove (-1), and only those: a counter changed where the call takes effect"
	case "Range":
		return "Range yields the keys k with lo <= k <= hi, both bounds included, ascending: start from the last node before lo and stop after hi"
	case "Add":
		return "Add returns false, and changes nothing, when the key is present (and not marked as removed)"
	case "Remove":
		return "Remove returns true only when the key was present and this call removed it"
	}
	return ""
}
