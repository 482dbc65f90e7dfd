package concurrentset

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

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
				if i%2 == 1 {
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
			if i%2 == 0 {
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
