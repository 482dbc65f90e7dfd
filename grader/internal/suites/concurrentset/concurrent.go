package concurrentset

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// A round of the linearizability test: Goroutines goroutines make calls on a fresh set holding a
// random part of a few keys. Short rounds on three keys give small histories that show the
// usual bug in a few calls; long rounds on eight keys let goroutines overlap in more ways.
const (
	Goroutines  = 4
	ShortRounds = 400
	ShortCalls  = 6
	ShortKeys   = 3
	LongRounds  = 40
	LongCalls   = 250
	LongKeys    = 8
	// RoundsBudget is the wall time after which no new round starts, past the first few of
	// each kind: the race detector slows every call several times.
	RoundsBudget = 4 * time.Second
	// ContendedRounds rounds follow, on a set that holds none of ContendedKeys keys, in which
	// every goroutine adds the same keys in the same order, each Add followed by a Contains of its
	// key: the goroutines meet on every key at once, and since no key is removed, an Add that
	// returned false saw its key in the set, where every later Contains must find it. An Add that
	// returns false on a node not yet fully linked, with a core kept busy, was caught in 31
	// gradings of 32 with 100 such rounds after the random ones, and in 24 of 24 with 300 (the
	// random rounds alone: about 3 in 4). 300 cost the reference's test about 0.9 s of CPU.
	ContendedRounds = 300
	ContendedKeys   = 64
)

// unreplayable is said with every failure of a concurrent test.
const unreplayable = "the calls each goroutine made come from the seed, but the interleaving cannot be " +
	"replayed exactly: run again to see it fail again, perhaps another way"

// linearizable is the test of histories of Goroutines goroutines against a sequential set.
func linearizable(name string, learner API) harness.Test {
	return harness.Test{Name: name, Kind: harness.Property, Run: func(t *harness.T) {
		began := time.Now()
		for i := range ShortRounds + LongRounds {
			long := i >= ShortRounds
			if i > 20 && !long && time.Since(began) > RoundsBudget/2 {
				continue // on to the long rounds
			}
			if long && i > ShortRounds+5 && time.Since(began) > RoundsBudget {
				break
			}
			calls, keys := ShortCalls, ShortKeys
			if long {
				calls, keys = LongCalls, LongKeys
			}
			round(t, learner, keys, true, randomPlans(t.Rand(), calls, keys))
		}
		for range ContendedRounds {
			round(t, learner, ContendedKeys, false, contendedPlans())
		}
	}}
}

// randomPlans draws the calls of each goroutine of a round: calls calls each, Add, Remove or
// Contains of one of nkeys keys, 0 to nkeys-1, half of which round adds first.
func randomPlans(r *rand.Rand, calls, nkeys int) [][]op {
	plans := make([][]op, Goroutines)
	for g := range plans {
		for range calls {
			m := [...]string{"Add", "Remove", "Contains"}[r.IntN(3)]
			plans[g] = append(plans[g], op{method: m, key: r.IntN(nkeys)})
		}
	}
	return plans
}

// contendedPlans are the calls of a contended round: every goroutine adds keys 0 to
// ContendedKeys-1 in order, each followed by a Contains of it.
func contendedPlans() [][]op {
	plans := make([][]op, Goroutines)
	for g := range plans {
		for k := range ContendedKeys {
			plans[g] = append(plans[g], op{method: "Add", key: k}, op{method: "Contains", key: k})
		}
	}
	return plans
}

// round runs one round of plans, one goroutine each, over nkeys keys (those of the plans, moved
// to a random base), and checks its history, the final contents and Len. With fill, a random
// half of the keys is in the set before.
func round(t *harness.T, learner API, nkeys int, fill bool, plans [][]op) {
	r := t.Rand()
	base := r.IntN(1000) - 500 // keys base, base+1, ...
	initial := map[int]bool{}
	s := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return learner.New() }).(Set)
	for k := base; k < base+nkeys; k++ {
		if fill && r.IntN(2) == 0 {
			initial[k] = true
			t.Invoke(call("Add", k), func() any { return s.Add(k) })
		}
	}
	calls := 0
	for _, p := range plans {
		for i := range p {
			p[i].key += base
		}
		calls = max(calls, len(p))
	}
	tm := newTeam(s, Goroutines, calls+nkeys)
	verify := func(h []op) *record.Failure { return notLinearizable(t, h, initial) }
	tm.run(t, func(m *member) {
		for _, p := range plans[m.g-1] {
			tm.call(m, p.method, p.key)
		}
	}, verify)
	// Quiet now: the test's goroutine reads the final contents, as goroutine 0, into the history.
	after := &member{g: 0, ops: make([]op, nkeys)}
	tm.members = append(tm.members, after)
	present := 0
	for k := base; k < base+nkeys; k++ {
		if t.Invoke(call("Contains", k), func() any { return tm.call(after, "Contains", k) }).(bool) {
			present++
		}
	}
	if f := verify(tm.history()); f != nil {
		t.Fail(f)
	}
	if n := t.Invoke(harness.Call{Method: "Len"}, func() any { return s.Len() }).(int); n != present {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Len()",
			Message: fmt.Sprintf("Len() = %d once every goroutine had returned, but Contains finds %d of the keys", n, present),
			Hint: "change the count where each call takes effect, and only for a call that returns true: +1 when " +
				"Add links a new key, -1 when Remove marks it; an atomic.Int64, never a plain int"})
	}
	got := t.Invoke(rangeCall(base, base+nkeys-1), func() any {
		return slices.Collect(s.Range(base, base+nkeys-1))
	}).([]int)
	var want []int
	for k := base; k < base+nkeys; k++ {
		if s.Contains(k) {
			want = append(want, k)
		}
	}
	if !slices.Equal(got, want) {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: fmt.Sprintf("Range(%d, %d)", base, base+nkeys-1),
			Message: fmt.Sprintf("once every goroutine had returned, Range(%d, %d) yielded %v but Contains finds %v",
				base, base+nkeys-1, got, want)})
	}
}

// notLinearizable returns the failure of a history no sequential set explains, or nil.
func notLinearizable(t *harness.T, h []op, initial map[int]bool) *record.Failure {
	v := check(h, initial)
	if v == nil {
		return nil
	}
	msg := fmt.Sprintf("%d goroutines calling the set at once (hidden test %s, seed %d) made a history no set "+
		"explains, one call at a time (its calls below)", Goroutines, t.Name(), seedOf(t))
	details := v.render()
	if path := v.visualize(t.Name(), seedOf(t)); path != "" {
		details += "\nA picture of this history (open it in a browser): " + path
	}
	details += "\nNote: " + unreplayable + "."
	return &record.Failure{Verdict: verdict.WrongAnswer, Op: v.ops[len(v.ops)-1].String(), Message: msg,
		Details: details, Hint: linearizabilityHint(v)}
}

// falseBeforeTrueAdd reports whether ops, the calls of a violation on one key, hold an Add that
// returned false, a call that began after it returned and found the key absent (Contains or
// Remove false), and an Add returning true that was running through both, with no Remove
// returning true in their span: the false Add saw the true one's node before it took effect.
func falseBeforeTrueAdd(ops []op) bool {
	for _, a := range ops {
		if a.method != "Add" || a.out || a.pending {
			continue
		}
		for _, x := range ops {
			if x.call <= a.ret || x.out || x.method != "Contains" && x.method != "Remove" {
				continue
			}
			removed := slices.ContainsFunc(ops, func(r op) bool {
				return r.method == "Remove" && r.out && r.call < x.ret && r.ret > a.call
			})
			running := slices.ContainsFunc(ops, func(p op) bool {
				return p.method == "Add" && p.out && p.call < a.ret && p.ret > x.call
			})
			if running && !removed {
				return true
			}
		}
	}
	return false
}

// linearizabilityHint names the usual cause of a history of the violation's shape.
func linearizabilityHint(v *violation) string {
	adds, removes := 0, 0
	for _, o := range v.ops {
		switch {
		case o.method == "Add" && o.out:
			adds++
		case o.method == "Remove" && o.out:
			removes++
		}
	}
	switch {
	case adds > removes+1 || removes > adds+1:
		return "two calls won the same key: validate after locking (the predecessor is not marked and still " +
			"points at the successor you found, and, in Remove, the victim is not marked yet) and search again when " +
			"validation fails"
	case falseBeforeTrueAdd(v.ops):
		return "an Add returned false for its key while the Add that put the key in was still running, and a " +
			"later call found the key absent: an Add that finds an unmarked node of its key must wait until that " +
			"node is fullyLinked before it returns false, since the Add that made it takes effect only then"
	case v.leftOnly("Add", false):
		return "an Add returned false where no order of the calls has its key present: Add returns false only " +
			"when it finds a node of its key that is not marked (and waits until that node is fullyLinked). A " +
			"marked node is being removed, and an Add whose validation failed has found nothing yet: in both " +
			"cases search again and retry, never return false"
	case v.leftOnly("Remove", false):
		return "a Remove returned false where no order of the calls has its key absent: Remove returns false " +
			"only when its search finds no node of its key that is fullyLinked and not marked; when validation " +
			"after locking fails, unlock, search again and retry, never return false"
	case slices.ContainsFunc(v.ops, func(o op) bool { return o.method == "Contains" }):
		// A Contains shows the history wrong, and cannot tell whether it read wrongly or an
		// Add or Remove lost another's change before it: both causes are named.
		return "a Contains answered what no order of the calls explains: either it does not answer from the " +
			"two flags alone (true only for a node found, fullyLinked and not marked, whatever else it sees; an Add takes effect when it sets " +
			"fullyLinked, a Remove when it sets marked), or an Add or Remove lost another's change, which " +
			"Contains then shows: validate after locking (the predecessor is not marked and still points at " +
			"the successor you found) and search again when validation fails"
	}
	return "each call must take effect at one instant between its call and its return: in the lazy skip list, " +
		"Add when it sets fullyLinked, Remove when it sets marked, both under the locks they validated"
}

// seedOf is the run's seed as the learner passes it to --seed.
func seedOf(t *harness.T) uint64 { return t.Seed() }

// Range under change: stable keys (multiples of 2) stay; volatile keys (1 mod 4) come and go;
// keys 3 mod 4 are never added. The ranges' bounds are 2 mod 4 and 0 mod 4, so the keys just
// outside them are volatile, and the writers change those most.
const (
	ChangeKeys   = 400 // keys 0..ChangeKeys-1
	ChangeRanges = 300 // Range runs by the reader while the writers change keys everywhere
	// EdgeOverlaps is how many short Ranges a writer's call must return during for the second
	// phase to stop: a Range that yields a key below lo when it is linked during the Range was
	// caught within 20 to 1,500 such Ranges on a 2-core machine, idle or with both cores busy.
	EdgeOverlaps  = 8000
	EdgeRangesMax = 300000 // short Ranges at most, if the goroutines seldom run at the same time
	EdgeLo        = 6      // the short Ranges' lo: 2 mod 4, as in the first phase
)

// rangeUnderChange runs Range while two writers change the volatile keys, and checks each run
// against weak consistency; the reader's own loop body changes keys too, and breaks now and then.
// A second phase runs many short Ranges while each writer toggles one key just outside their
// bounds without pause, so that a key is linked next to a bound as a Range starts.
func rangeUnderChange(learner API) harness.Test {
	return harness.Test{Name: "concurrent/range-under-change", Kind: harness.Property, Run: func(t *harness.T) {
		s := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return learner.New() }).(Set)
		stable := map[int]bool{}
		for k := 0; k < ChangeKeys; k += 2 {
			stable[k] = true
			t.Invoke(call("Add", k), func() any { return s.Add(k) })
		}
		if bad := rangeWhileWriting(t, s, stable); bad != nil {
			t.Fail(bad)
			return
		}
		if bad := rangeAtToggledBounds(t, learner); bad != nil {
			t.Fail(bad)
		}
	}}
}

// rangeWhileWriting is the first phase: long Ranges, loop bodies that change the set and break,
// writers that change volatile keys everywhere and the keys just outside the running Range's
// bounds most.
func rangeWhileWriting(t *harness.T, s Set, stable map[int]bool) *record.Failure {
	seeds := [3]uint64{t.Rand().Uint64(), t.Rand().Uint64(), t.Rand().Uint64()}
	// bounds are the running Range's lo and hi, for the writers to change the keys just outside.
	var bounds atomic.Pointer[[2]int]
	bounds.Store(&[2]int{2, 4})
	tm := newTeam(s, 3, 0)
	var bad *record.Failure
	stop := make(chan struct{})
	tm.run(t, func(m *member) {
		r := rand.New(rand.NewPCG(seeds[m.g-1], 1))
		if m.g > 1 { // a writer
			for {
				select {
				case <-stop:
					return
				default:
				}
				k := 4*r.IntN(ChangeKeys/4) + 1
				if b := bounds.Load(); r.IntN(10) < 3 {
					k = [2]int{b[0] - 1, b[1] + 1}[r.IntN(2)]
				}
				tm.enter(m, fmt.Sprintf("Add(%d) or Remove(%d), by a writer", k, k))
				if r.IntN(2) == 0 {
					s.Add(k)
				} else {
					s.Remove(k)
				}
				tm.leave(m)
			}
		}
		defer close(stop)
		for range ChangeRanges {
			lo := 4*r.IntN(ChangeKeys/8) + 2
			hi := lo + 4*r.IntN(ChangeKeys/8) + 2
			bounds.Store(&[2]int{lo, hi})
			stopAt := hi + 1
			if r.IntN(4) == 0 {
				stopAt = lo + r.IntN(hi-lo+1) // break at the first key from there
			}
			var seen []int
			broke := false
			tm.enter(m, fmt.Sprintf("for k := range s.Range(%d, %d) { ... }", lo, hi))
			for k := range s.Range(lo, hi) {
				seen = append(seen, k)
				if k >= stopAt {
					broke = true
					break
				}
				if k%4 == 2 && len(seen)%3 == 0 { // the body changes the set too: the volatile key after k
					s.Remove(k + 3)
					s.Add(k + 3)
				}
			}
			tm.leave(m)
			end := hi
			if broke && seen[len(seen)-1] <= hi { // a key past hi ends the loop too, and is checked as one
				end = seen[len(seen)-1]
			}
			if bad = checkRange(seen, lo, hi, end, stable, volatileIn(lo, hi),
				fmt.Sprintf("While two goroutines added and removed the keys 1 mod 4 (the keys %d and %d just "+
					"outside the bounds among them)", lo-1, hi+1)); bad != nil {
				return
			}
		}
	}, nil)
	return bad
}

// rangeAtToggledBounds is the second phase, on a new set of a few stable keys, so that a Range's
// descent is short and a key at a bound often changes during one: the reader runs Range(EdgeLo,
// EdgeLo+2) again and again while one writer adds and removes EdgeLo-1 and the other EdgeLo+3, as
// fast as they can. A Range that walks on from the node before lo that its descent found, and
// yields what it meets without checking the key against lo, yields EdgeLo-1 when it is linked in
// between. The reader stops once a writer's call returned during EdgeOverlaps of its Ranges, so
// that a loaded machine, where the goroutines seldom run at the same time, gets as many chances
// as an idle one, or after EdgeRangesMax Ranges.
func rangeAtToggledBounds(t *harness.T, learner API) *record.Failure {
	s := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return learner.New() }).(Set)
	stable := map[int]bool{}
	for k := 0; k <= EdgeLo+6; k += 2 {
		stable[k] = true
		t.Invoke(call("Add", k), func() any { return s.Add(k) })
	}
	lo, hi := EdgeLo, EdgeLo+2
	// changes counts the writers' calls; overlaps, the reader's Ranges during which it moved.
	var changes atomic.Uint64
	overlaps := 0
	tm := newTeam(s, 3, 0)
	var bad *record.Failure
	stop := make(chan struct{})
	tm.run(t, func(m *member) {
		if m.g > 1 { // a writer: the key just below lo, or just above hi
			k := [2]int{lo - 1, hi + 1}[m.g-2]
			tm.enter(m, fmt.Sprintf("Add(%d) then Remove(%d), again and again, by a writer", k, k))
			defer tm.leave(m)
			for {
				select {
				case <-stop:
					return
				default:
				}
				s.Add(k)
				changes.Add(1)
				s.Remove(k)
				changes.Add(1)
			}
		}
		defer close(stop)
		loop := fmt.Sprintf("for k := range s.Range(%d, %d) { ... }", lo, hi)
		changed := volatileIn(lo, hi)
		during := fmt.Sprintf("While one goroutine added and removed %d, just below the bounds, and another %d, "+
			"just above them, each as fast as it could", lo-1, hi+1)
		for i := 0; i < EdgeRangesMax && overlaps < EdgeOverlaps; i++ {
			var seen []int
			tm.enter(m, loop)
			before := changes.Load()
			for k := range s.Range(lo, hi) {
				seen = append(seen, k)
			}
			if changes.Load() != before {
				overlaps++
			}
			tm.leave(m)
			if bad = checkRange(seen, lo, hi, hi, stable, changed, during); bad != nil {
				return
			}
		}
	}, nil)
	return bad
}

// volatileIn returns the keys the writers change from lo-1 to hi+1: those 1 mod 4.
func volatileIn(lo, hi int) map[int]bool {
	changed := map[int]bool{}
	for k := lo - 1; k <= hi+1; k++ {
		if k%4 == 1 {
			changed[k] = true
		}
	}
	return changed
}

// checkRange checks one run of Range(lo, hi) that yielded seen and ran to end (hi, or the key it
// broke at) against weak consistency, with the keys in changed coming and going, and says what
// went wrong and during what.
func checkRange(seen []int, lo, hi, end int, stable, changed map[int]bool, during string) *record.Failure {
	msg := weaklyConsistent(seen, lo, end, stable, changed)
	if msg == "" {
		return nil
	}
	return &record.Failure{Verdict: verdict.WrongAnswer, Op: fmt.Sprintf("Range(%d, %d)", lo, hi),
		Message: fmt.Sprintf("%s, a loop over Range(%d, %d) yielded %v: %s. Every even key stayed in the set; "+
			"no key 3 mod 4 was ever added. Note: %s.", during, lo, hi, seen, msg, unreplayable),
		Hint: rangeHint(seen, lo, end)}
}

// rangeHint names the step of the walk that a run of Range yielding seen got wrong, from what it
// yielded: a key below lo, a key past where it should have stopped, or otherwise keys left out or
// yielded out of order.
func rangeHint(seen []int, lo, end int) string {
	for _, k := range seen {
		switch {
		case k < lo:
			return "a key below lo can be linked after the last node before lo once the descent has passed it: " +
				"check each key the level-0 walk meets against lo before you yield it"
		case k > end:
			return "stop the level-0 walk at the first key above hi, before you yield it"
		}
	}
	return "walk level 0 with atomic loads from the last node before lo, yield a node only if it is " +
		"fullyLinked and not marked when you reach it, and follow the links of a removed node onward " +
		"(never restart from a node you saw earlier)"
}

// LargeKeys is the size of the large concurrent test: the scaling rounds' ScaleKeys. What only a
// large set does (the levels a skip list reaches at thousands of keys, a table or a set of lock
// stripes that grows) then also runs with goroutines at once where the race detector watches,
// and its answers are checked: the program built with the detector runs no performance test,
// and the performance tests check no answer.
const LargeKeys = ScaleKeys

// LargeBudget is the wall time after which the large test takes no new key: a set too slow for
// all of them (a list walked from its head is, under the race detector) is checked on the keys
// it got through, and its costs are the performance tests' to judge, with their hints. The
// reference takes about 2 s under the detector.
const LargeBudget = 6 * time.Second

// step is one call of the large test on a key and the answer it must give.
type step struct {
	method string
	want   bool
}

// largeKept and largeDropped are the calls of the large test on a key it keeps, and on one it
// removes.
var (
	largeKept    = []step{{"Add", true}, {"Contains", true}}
	largeDropped = []step{{"Add", true}, {"Contains", true}, {"Remove", true}, {"Contains", false}}
)

// largeRemoves reports whether the large test removes the key at position i of its keys: every
// other one of each goroutine's (keys i, i+Goroutines, ... are one goroutine's), so that each
// goroutine both adds and removes while the others do.
func largeRemoves(i int) bool { return (i/Goroutines)%2 == 1 }

// large is the test of Goroutines goroutines on LargeKeys keys, each goroutine on its own share of
// them in a random order: it adds each key and finds it, and removes every other one and finds
// it gone. A goroutine's calls touch only its own keys, so every answer is known. Once all have
// returned, Len and a Range over every key must show the keys kept.
func large(learner API) harness.Test {
	return harness.Test{Name: "concurrent/large", Kind: harness.Property, Run: func(t *harness.T) {
		r := t.Rand()
		base := r.IntN(1<<20) - 1<<19
		keys := r.Perm(LargeKeys)
		s := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return learner.New() }).(Set)
		tm := newTeam(s, Goroutines, len(largeDropped)*(LargeKeys/Goroutines+1))
		var wrong atomic.Pointer[record.Failure]
		var late atomic.Bool
		timer := time.AfterFunc(LargeBudget, func() { late.Store(true) })
		defer timer.Stop()
		next := make([]int, Goroutines) // next[g-1]: the first of goroutine g's keys it did not take
		tm.run(t, func(m *member) {
			i := m.g - 1
			defer func() { next[m.g-1] = i }()
			for ; i < len(keys) && wrong.Load() == nil && !late.Load(); i += Goroutines {
				k, steps := base+keys[i], largeKept
				if largeRemoves(i) {
					steps = largeDropped
				}
				for j, st := range steps {
					if got := tm.call(m, st.method, k); got != st.want {
						wrong.CompareAndSwap(nil, largeFailure(m.g, k, steps[:j], st.method, got))
						return
					}
				}
			}
		}, nil)
		if f := wrong.Load(); f != nil {
			t.Fail(f)
		}
		var want []int
		taken := 0
		for i, k := range keys {
			if i >= next[i%Goroutines] {
				continue
			}
			taken++
			if !largeRemoves(i) {
				want = append(want, base+k)
			}
		}
		slices.Sort(want)
		if taken < LargeKeys {
			t.Note("checked on %d keys of %d: the set took more than %s for more; the performance tests judge its costs",
				taken, LargeKeys, LargeBudget)
		}
		after := fmt.Sprintf("once %d goroutines had added %d keys and removed %d of them, each only its own",
			Goroutines, taken, taken-len(want))
		if n := t.Invoke(harness.Call{Method: "Len"}, func() any { return s.Len() }).(int); n != len(want) {
			t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Len()",
				Message: fmt.Sprintf("Len() = %d %s; want %d", n, after, len(want)), Details: unreplayable})
		}
		lo, hi := base, base+LargeKeys-1
		got := t.Invoke(rangeCall(lo, hi), func() any { return slices.Collect(s.Range(lo, hi)) }).([]int)
		if !slices.Equal(got, want) {
			at := 0
			for at < min(len(got), len(want)) && got[at] == want[at] {
				at++
			}
			t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: fmt.Sprintf("Range(%d, %d)", lo, hi),
				Message: fmt.Sprintf("Range(%d, %d) yielded %d keys %s; want %d, in order: the first %d agree, then %s",
					lo, hi, len(got), after, len(want), at, parting(got, want, at)),
				Details: unreplayable})
		}
	}}
}

// parting says how got and want differ at position at, where they first do.
func parting(got, want []int, at int) string {
	switch {
	case at >= len(got):
		return fmt.Sprintf("%d is missing", want[at])
	case at >= len(want):
		return fmt.Sprintf("%d comes after the last", got[at])
	}
	return fmt.Sprintf("%d comes where %d should", got[at], want[at])
}

// largeFailure is the failure of goroutine g's call method(k), which returned got after its own
// calls before on k, done, had returned what they must.
func largeFailure(g, k int, done []step, method string, got bool) *record.Failure {
	after := "as its first call on that key"
	if len(done) > 0 {
		calls := make([]string, len(done))
		for i, d := range done {
			calls[i] = fmt.Sprintf("%s(%d) = %v", d.method, k, d.want)
		}
		after = "after its own " + strings.Join(calls, ", ")
	}
	return &record.Failure{Verdict: verdict.WrongAnswer, Op: fmt.Sprintf("%s(%d)", method, k),
		Message: fmt.Sprintf("%s(%d) returned %v on goroutine %d, %s, while %d goroutines added and removed %d "+
			"keys, each only its own", method, k, got, g, after, Goroutines, LargeKeys),
		Hint: "no other goroutine touched that key: a path the set takes only once it is large (a new level, " +
			"a table or lock stripes that grow) loses or misplaces keys while other goroutines change the set",
		Details: unreplayable}
}
