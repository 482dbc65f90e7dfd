// Package randomizedset holds the hidden tests of the randomizedset exercise.
//
// GetRandom's answer is random, so no test compares it with the reference's: every test accepts
// any member (memberSet). The fixed tests and property/members-only list the members each draw
// expects; the differential tests track the reference's members from its Insert and Remove
// results; the uniformity tests (uniform.go) and the reach test (reach.go) count the draws.
package randomizedset

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"kata/grader/internal/harness"
	"kata/grader/internal/hints"
)

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	m := harness.Model[*side]{
		Recv: "s", Init: "New()",
		New: func() *side { return &side{set: learner.New()} },
		Ref: func() *side { return &side{set: reference.New(), members: memberSet{}} },
		Do:  do, Hint: hint,
	}
	return &harness.Suite{
		Exercise: ex.Name,
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Insert", Args: []any{1}, Call: func() { learner.New().Insert(1) }},
			{Method: "Remove", Args: []any{1}, Call: func() { learner.New().Remove(1) }},
			{Method: "GetRandom", Call: func() {
				s := learner.New()
				s.Insert(1)
				s.GetRandom()
			}},
		},
		Tests: []harness.Test{
			// The example of the exercise's doc.
			{Name: "example", Kind: harness.Fixed, Run: m.Script(
				insert(1, true), remove(2, false), insert(2, true), draw(1, 2), remove(1, true),
				insert(2, false), draw(2))},
			// Insert of a present value returns false and adds no second copy.
			{Name: "edge/insert-present", Kind: harness.Fixed, Run: m.Script(slices.Concat(
				[]harness.Step{insert(5, true), insert(5, false), draw(5), insert(6, true), insert(5, false),
					insert(6, false)},
				draws(6, 5, 6),
				[]harness.Step{remove(5, true), remove(5, false)},
				draws(6, 6))...)},
			// Remove of an absent value returns false and changes nothing, on an empty set too.
			{Name: "edge/remove-absent", Kind: harness.Fixed, Run: m.Script(
				remove(0, false), remove(math.MinInt, false), insert(3, true), remove(4, false),
				remove(-3, false), remove(0, false), draw(3), remove(3, true), remove(3, false),
				insert(3, true), draw(3))},
			// The only element removed and inserted again.
			{Name: "edge/reinsert", Kind: harness.Fixed, Run: m.Script(
				insert(7, true), remove(7, true), remove(7, false), insert(7, true), insert(7, false),
				draw(7), remove(7, true), insert(8, true), draw(8), insert(7, true), draw(7, 8))},
			// Every element removed, then a new one: nothing of the old ones may be drawn.
			{Name: "edge/refill", Kind: harness.Fixed, Run: m.Script(slices.Concat(
				[]harness.Step{insert(1, true), insert(2, true), remove(1, true), remove(2, true),
					insert(3, true)},
				draws(10, 3))...)},
			// Removing the element in the last slot, which swap-with-last swaps with itself.
			{Name: "edge/remove-last", Kind: harness.Fixed, Run: m.Script(slices.Concat(
				[]harness.Step{insert(1, true), insert(2, true), insert(3, true), remove(3, true),
					insert(3, true), remove(3, true), remove(3, false)},
				draws(4, 1, 2),
				[]harness.Step{remove(2, true)},
				draws(3, 1),
				[]harness.Step{remove(1, true), insert(2, true), draw(2)})...)},
			// Removing the first element moves the last one into its slot; removing the moved
			// one then relies on its updated position.
			{Name: "edge/remove-first", Kind: harness.Fixed, Run: m.Script(slices.Concat(
				[]harness.Step{insert(1, true), insert(2, true), insert(3, true), insert(4, true),
					remove(1, true), remove(4, true), remove(4, false), remove(1, false)},
				draws(4, 2, 3),
				[]harness.Step{remove(2, true)},
				draws(3, 3),
				[]harness.Step{insert(1, true), insert(4, true), remove(3, true)},
				draws(4, 1, 4))...)},
			// A set of one element always answers that element.
			{Name: "edge/single", Kind: harness.Fixed, Run: m.Script(slices.Concat(
				[]harness.Step{insert(42, true)},
				draws(10, 42),
				[]harness.Step{insert(-42, true), remove(42, true)},
				draws(10, -42))...)},
			// After several removals GetRandom answers only the members left.
			{Name: "edge/after-removals", Kind: harness.Fixed, Run: m.Script(slices.Concat(
				inserts(0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
				removals(9, 3, 8, 0, 5),
				draws(20, 1, 2, 4, 6, 7))...)},
			// The extreme ints and 0 are values like any other, and distinct from their neighbours.
			{Name: "edge/extremes", Kind: harness.Fixed, Run: m.Script(slices.Concat(
				inserts(math.MinInt, math.MaxInt, 0, -1),
				[]harness.Step{insert(math.MinInt, false), insert(math.MaxInt, false), insert(0, false),
					remove(math.MaxInt-1, false), remove(math.MinInt+1, false), remove(1, false),
					draw(math.MinInt, math.MaxInt, 0, -1), remove(math.MaxInt, true),
					draw(math.MinInt, 0, -1), remove(math.MinInt, true), remove(0, true)},
				draws(3, -1),
				[]harness.Step{remove(-1, true), insert(math.MaxInt, true)},
				draws(3, math.MaxInt))...)},
			// Thousands of calls over 17 values: repeated inserts, removals of absent values,
			// re-insertions, and draws after every kind of change.
			{Name: "random/small-values", Kind: harness.Differential, Run: m.Random(func(rng *rand.Rand) []harness.Call {
				return mixed(rng, 3000, func() int { return rng.IntN(17) - 8 })
			})},
			// Tens of thousands of calls over the whole int range, extremes and near relatives
			// of earlier values included.
			{Name: "random/wide-values", Kind: harness.Differential, Run: m.Random(func(rng *rand.Rand) []harness.Call {
				return mixed(rng, 30000, wideValues(rng))
			})},
			// Two sets at once, the second made after the first has grown, and calls spread over both:
			// a package-level variable that a second New resets, or that both share, shows here.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: harness.TwinsTest(m, func(rng *rand.Rand) []harness.Call {
				return mixed(rng, 4000, func() int { return rng.IntN(500) })
			})},
			// GetRandom never answers a value removed or never inserted, over a long history in
			// which the set grows and shrinks again and again.
			{Name: "property/members-only", Kind: harness.Property, Run: func(t *harness.T) {
				harness.Script(t, m, churn(t))
			}},
			// GetRandom is uniform on a set of 3 (uniform.go).
			{Name: "property/uniform-small", Kind: harness.Property, Run: func(t *harness.T) {
				uniformSmall(t, learner)
			}},
			// GetRandom is uniform on a set of 151 moved about by removals (uniform.go).
			{Name: "property/uniform", Kind: harness.Property, Run: func(t *harness.T) {
				uniform(t, learner)
			}},
			// How Insert, Remove and GetRandom grow against the reference, up to 200,000 values.
			performance(learner, reference),
			// GetRandom answers every member of a set of 4096, twice, then most of a set of
			// 100,000 (reach.go). Its 527,680 calls come after the performance test, which names
			// an O(n) GetRandom by its growth long before this test would have spent its CPU on it.
			{Name: "property/reaches-all", Kind: harness.Property, Run: func(t *harness.T) {
				reach(t, learner)
			}},
			// 200,000 values, then 50,000 mixed calls on a set of that size.
			{Name: "random/large", Kind: harness.Differential, Run: m.Random(large), Large: true},
		},
	}
}

func insert(x int, want bool) harness.Step { return harness.Step{Call: call("Insert", x), Want: want} }
func remove(x int, want bool) harness.Step { return harness.Step{Call: call("Remove", x), Want: want} }

// draw is one GetRandom that must answer one of members.
func draw(members ...int) harness.Step {
	want := memberSet{}
	for _, x := range members {
		want[x] = struct{}{}
	}
	return harness.Step{Call: getRandom, Want: want}
}

// draws is n GetRandom calls, each of which must answer one of members.
func draws(n int, members ...int) []harness.Step {
	steps := make([]harness.Step, n)
	for i := range steps {
		steps[i] = draw(members...)
	}
	return steps
}

// inserts inserts each of xs, all absent.
func inserts(xs ...int) []harness.Step {
	steps := make([]harness.Step, len(xs))
	for i, x := range xs {
		steps[i] = insert(x, true)
	}
	return steps
}

// removals removes each of xs, all present, and tries each a second time.
func removals(xs ...int) []harness.Step {
	var steps []harness.Step
	for _, x := range xs {
		steps = append(steps, remove(x, true), remove(x, false))
	}
	return steps
}

var getRandom = harness.Call{Method: "GetRandom"}

func call(method string, x int) harness.Call { return harness.Call{Method: method, Args: []any{x}} }

// side is one set under test: the graded package's, or the reference's with its members.
type side struct {
	set RandomizedSet
	// members are the reference's members, as its Insert and Remove results tell them; nil on
	// the graded side.
	members memberSet
}

// do makes one call. On the reference side GetRandom is not called: its answer is the set of
// right answers, the members at that moment.
func do(s *side, c harness.Call) any {
	if c.Method == "GetRandom" && s.members != nil {
		if len(s.members) == 0 {
			// A sequence the shrinker cut short of the Insert a GetRandom needed: outside the
			// contract, so not a failure of the graded code.
			panic("randomizedset suite: GetRandom on an empty set")
		}
		return s.members
	}
	got := dispatch(s.set, c)
	if got == true && s.members != nil {
		switch x := c.Args[0].(int); c.Method {
		case "Insert":
			s.members[x] = struct{}{}
		case "Remove":
			delete(s.members, x)
		}
	}
	return got
}

// memberSet is a set of ints, and as an expected result (harness.Expect) it accepts any of them:
// the right answers of GetRandom. The reference side answers GetRandom with its members, live:
// the harness judges each answer before the next call changes the set, and stops at the first
// wrong one.
type memberSet map[int]struct{}

// Accepts reports whether got is a member. When the harness checks a fixed test's expectation
// against the reference side, got is that side's memberSet, which agrees if it holds the same
// members.
func (m memberSet) Accepts(got any) bool {
	switch g := got.(type) {
	case int:
		_, in := m[g]
		return in
	case memberSet:
		return maps.Equal(m, g)
	}
	return false
}

// Cond is "got != a && got != b ...", over the members in order.
func (m memberSet) Cond(got string) string { return m.oneOf().Cond(got) }

// String lists the members in order: "one of 1, 2".
func (m memberSet) String() string { return m.oneOf().String() }

func (m memberSet) oneOf() harness.OneOf {
	var o harness.OneOf
	for _, x := range slices.Sorted(maps.Keys(m)) {
		o = append(o, x)
	}
	return o
}

// mixed draws n calls: about 40% Insert, 35% Remove and 25% GetRandom, with values from value.
// It follows the set's members so as to call GetRandom only when the set is not empty.
func mixed(rng *rand.Rand, n int, value func() int) []harness.Call {
	members := map[int]bool{}
	calls := make([]harness.Call, n)
	for i := range calls {
		switch r := rng.IntN(20); {
		case r < 5 && len(members) > 0:
			calls[i] = getRandom
		case r < 12:
			x := value()
			delete(members, x)
			calls[i] = call("Remove", x)
		default:
			x := value()
			members[x] = true
			calls[i] = call("Insert", x)
		}
	}
	return calls
}

// wideValues returns a generator of values from the whole int range. Nearly half of its values
// repeat earlier ones, so that inserts and removals hit; a tenth are near relatives of an
// earlier one (its negation, its neighbours, the same low 32 bits), which collide in a set that
// squeezes ints into a narrower type; and about 2% are math.MinInt or math.MaxInt.
func wideValues(rng *rand.Rand) func() int {
	var seen []int
	return func() int {
		var x int
		switch r := rng.IntN(100); {
		case r < 45 && len(seen) > 0:
			return seen[rng.IntN(len(seen))]
		case r < 55 && len(seen) > 0:
			x = relative(rng.IntN, seen[rng.IntN(len(seen))])
		case r == 55:
			x = math.MinInt
		case r == 56:
			x = math.MaxInt
		case r < 70:
			x = rng.IntN(2001) - 1000
		default:
			x = int(rng.Uint64())
		}
		seen = append(seen, x)
		return x
	}
}

// relative returns a value close to x in one of the ways a narrower key type loses: -x, x±1,
// or x with one of its high 32 bits flipped.
func relative(intN func(int) int, x int) int {
	switch intN(4) {
	case 0:
		return -x
	case 1:
		return x + 1
	case 2:
		return x - 1
	}
	return x ^ 1<<(32+intN(32))
}

// LargeN is the size of the large test: LargeN distinct values inserted, then LargeN/4 mixed
// operations on a set of that size.
const LargeN = 200_000

// large inserts LargeN distinct values spread over the whole int range (the i-th is i times an
// odd constant, and multiplying by an odd number is one-to-one on 64 bits), then removes,
// inserts again and draws, mostly with values inserted before.
func large(rng *rand.Rand) []harness.Call {
	value := func(i int) int { return int(uint64(i) * 0x9e3779b97f4a7c15) }
	calls := make([]harness.Call, 0, LargeN+LargeN/4)
	for i := range LargeN {
		calls = append(calls, call("Insert", value(i)))
	}
	for range LargeN / 4 {
		x := value(rng.IntN(LargeN + LargeN/8)) // one in nine never inserted before
		switch rng.IntN(10) {
		case 0, 1, 2:
			calls = append(calls, getRandom)
		case 3, 4, 5, 6:
			calls = append(calls, call("Remove", x))
		default:
			calls = append(calls, call("Insert", x))
		}
	}
	return calls
}

// churn is a long history, about 18,000 steps, in which the set grows to up to 48 values from a
// range of 64 and shrinks to 1 to 4 again, forty times over. Every removal, of a member or not,
// is followed by two draws, each of which must answer a member at that moment: a stale slot,
// left behind by a removal, is soon drawn when the set is small.
func churn(t *harness.T) []harness.Step {
	rng := t.Rand()
	members := memberSet{}
	var steps []harness.Step
	for range 40 {
		for target := 8 + rng.IntN(41); len(members) < target; {
			x := rng.IntN(64)
			_, present := members[x]
			members[x] = struct{}{}
			steps = append(steps, insert(x, !present))
		}
		snapshot := maps.Clone(members)
		steps = append(steps, harness.Step{Call: getRandom, Want: snapshot})
		for target := 1 + rng.IntN(4); len(members) > target; {
			x := rng.IntN(64)
			_, present := members[x]
			delete(members, x)
			steps = append(steps, remove(x, present))
			if present {
				snapshot = maps.Clone(members)
			}
			steps = append(steps, harness.Step{Call: getRandom, Want: snapshot},
				harness.Step{Call: getRandom, Want: snapshot})
		}
	}
	return steps
}

// The hints: each names the usual mistake behind a kind of wrong answer.
const (
	hintStale = "after swapping with the last element, update the moved value's index and shrink the slice"
	hintMoved = "after moving the last value into the hole, update its index in the map: " +
		"index[last] = i"
	hintDelete = "delete the value from the index map when removing it " +
		"(after fixing the moved value's index, so that removing the last value works too)"
	hintFind = "a present value must be found: test membership with i, ok := index[val] " +
		"(position 0 is a real position), not with the value stored there"
	hintWide = "keep the values as int: a key of a narrower type (int32, float64) " +
		"makes distinct ints collide"
	hintAbsent = "Remove must return false, and change nothing, when the value is absent"
	// hintCheckFirst is for a Remove that panics on an empty set that never held its value.
	hintCheckFirst = "Remove must look the value up in the index map first, and return false " +
		"when it is absent, before it touches the slice: on an empty set, values[len(values)-1] " +
		"is out of range"
	// hintNeverInserted is for a GetRandom that returned a value no Insert gave it: a slot that
	// never held a value (a slice made with a length, not a capacity).
	hintNeverInserted = "GetRandom returned %d, which was never inserted: draw only among the " +
		"values present, from a slice that holds exactly them (make it with a capacity, not a length)"
	hintNilMap  = "make the map in New: writing to a nil map panics"
	hintIntN    = "rand.IntN(n) panics unless n > 0: draw the index with rand.IntN(len(values))"
	hintUniform = "pick a uniform index into the slice with rand.IntN(len(values)), " +
		"not a map iteration or a biased choice"
	hintHoles = "GetRandom is uniform over a set made by Inserts alone, and not once Removes came " +
		"before: a removal must leave the slice holding each member exactly once (move the last value " +
		"into the removed one's slot, shrink the slice by one, and fix the moved value's index), so " +
		"that rand.IntN(len(values)) picks each with equal chance; a hole that a draw walks on from, or " +
		"a stale copy of a value, favours some values"
	hintIndependent = "draw every answer afresh with rand.IntN(len(values)): each call must give every " +
		"element the same chance whatever it answered before, so no counter that walks the slice in turn, " +
		"no redrawing to avoid the last answer, no shuffled copy dealt out in order"
	hintReach = "GetRandom must be able to return every element: draw the index with " +
		"rand.IntN(len(values)) over the whole slice, not over a part of it"
)

// removedBefore reports whether a call before the last of calls removed x.
func removedBefore(calls []harness.Call, x int) bool {
	for _, c := range calls[:len(calls)-1] {
		if c.Method == "Remove" && c.Args[0].(int) == x {
			return true
		}
	}
	return false
}

// hint names the usual cause of a wrong answer or a panic from the shrunk case.
func hint(f harness.Mismatch) string {
	last := f.Calls[len(f.Calls)-1]
	if f.Panic != nil {
		p := fmt.Sprint(f.Panic)
		switch {
		case strings.Contains(p, "nil map"):
			return hintNilMap
		case strings.Contains(p, "IntN"):
			return hintIntN
		case harness.NegativeIndex(f.Panic) && len(last.Args) > 0 && last.Args[0].(int) < 0 &&
			!mentions(f.Calls[:len(f.Calls)-1], last.Args[0].(int)):
			// The first call with a negative value indexes a negative slot: the value picked it.
			return hints.NegativeMod
		case last.Method == "Remove" && strings.Contains(p, "index out of range [-1]") &&
			removedBefore(f.Calls, last.Args[0].(int)):
			// The set was empty, yet Remove found the value it removed before: it was never
			// deleted from the map.
			return hintDelete
		case last.Method == "Remove" && strings.Contains(p, "index out of range [-1]"):
			// The set was empty and never held the value: Remove read the last value first.
			return hintCheckFirst
		case last.Method == "Remove" && strings.Contains(p, "index out of range"):
			return hintMoved
		}
		return ""
	}
	if last.Method == "GetRandom" {
		if g, ok := f.Got.(int); ok && !inserted(f.Calls, g) {
			return fmt.Sprintf(hintNeverInserted, g)
		}
		return hintStale
	}
	if narrowCollision(f.Calls) {
		return hintWide
	}
	x := last.Args[0].(int)
	removed := removedBefore(f.Calls, x)
	switch {
	case last.Method == "Insert" && f.Want == true: // absent, but the set says present
		if removed {
			return hintDelete
		}
		return ""
	case last.Method == "Remove" && f.Want == false: // absent, but the set removed it
		if removed {
			return hintDelete
		}
		return hintAbsent
	}
	// Present, but the set did not find it.
	if y, ok := lostBy(f.Calls[:len(f.Calls)-1], x); ok {
		return fmt.Sprintf("Remove(%s) lost %s, which is still in the set: a removal must leave every other "+
			"value findable. Delete only the removed value's entry; in a hash table of your own, a freed slot "+
			"must not cut the probe run of the values after it (shift them back, or leave a tombstone)",
			harness.Lit(y), harness.Lit(x))
	}
	return hintFind
}

// mentions reports whether some call of calls has x as its argument.
func mentions(calls []harness.Call, x int) bool {
	return slices.ContainsFunc(calls, func(c harness.Call) bool { return len(c.Args) > 0 && c.Args[0].(int) == x })
}

// lostBy returns a value whose removal, by the contract's rules, came after x was last inserted
// and before the end of calls, while x stayed in the set: the removal that may have lost x.
func lostBy(calls []harness.Call, x int) (int, bool) {
	members := map[int]bool{}
	lost, ok := 0, false
	for _, c := range calls {
		if len(c.Args) == 0 {
			continue
		}
		y := c.Args[0].(int)
		switch {
		case c.Method == "Insert" && y == x && !members[x], c.Method == "Remove" && y == x:
			ok = false
		case c.Method == "Remove" && members[y] && members[x]:
			lost, ok = y, true
		}
		members[y] = c.Method == "Insert"
	}
	return lost, ok && members[x]
}

// narrowCollision reports whether two distinct values of calls are one value as an int32 or as a
// float64.
func narrowCollision(calls []harness.Call) bool {
	as32 := map[int32]int{}
	as64 := map[float64]int{}
	for _, c := range calls {
		if len(c.Args) == 0 {
			continue
		}
		x := c.Args[0].(int)
		if y, ok := as32[int32(x)]; ok && y != x {
			return true
		}
		if y, ok := as64[float64(x)]; ok && y != x {
			return true
		}
		as32[int32(x)], as64[float64(x)] = x, x
	}
	return false
}

// inserted reports whether some call of Insert in calls inserted v.
func inserted(calls []harness.Call, v int) bool {
	for _, c := range calls {
		if c.Method == "Insert" && c.Args[0].(int) == v {
			return true
		}
	}
	return false
}
