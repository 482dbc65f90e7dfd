// Package skiplist holds the hidden tests of the skiplist exercise.
package skiplist

import (
	"fmt"
	"math"

	"kata/grader/internal/harness"
)

// Skiplist is the API the tests drive.
type Skiplist interface {
	Search(target int) bool
	Add(num int)
	Erase(num int) bool
}

// API is one implementation of the exercise: the graded package's or the reference's.
type API struct {
	New func() Skiplist
}

// Binding is the Go expression the judge's generated main uses to build an API from the package
// imported as P; the suite package itself is imported as suite.
const Binding = `suite.API{New: func() suite.Skiplist { return P.New() }}`

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	m := harness.Model[Skiplist]{
		Recv: "s", Init: "New()",
		New: learner.New, Ref: reference.New,
		Do: do, Hint: hint,
	}
	script := func(steps ...harness.Step) func(*harness.T) {
		return func(t *harness.T) { harness.Script(t, m, steps) }
	}
	random := func(gen func(t *harness.T) []harness.Call) func(*harness.T) {
		return func(t *harness.T) { harness.Compare(t, m, gen(t)) }
	}
	return &harness.Suite{
		Exercise: "skiplist",
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Add", Call: func() { learner.New().Add(1) }},
			{Method: "Search", Call: func() { learner.New().Search(1) }},
			{Method: "Erase", Call: func() { learner.New().Erase(1) }},
		},
		Tests: []harness.Test{
			{Name: "example", Kind: harness.Fixed, Run: script(
				add(1), add(2), add(3), search(0, false), add(4), search(1, true),
				erase(0, false), erase(1, true), search(1, false))},
			{Name: "edge/empty", Kind: harness.Fixed, Run: script(
				search(0, false), erase(0, false), search(math.MinInt, false), erase(math.MaxInt, false))},
			{Name: "edge/duplicates", Kind: harness.Fixed, Run: script(
				add(5), add(5), add(5), erase(5, true), search(5, true), erase(5, true), search(5, true),
				erase(5, true), search(5, false), erase(5, false), add(5), search(5, true))},
			{Name: "edge/erase-absent", Kind: harness.Fixed, Run: script(
				add(10), add(20), erase(15, false), erase(5, false), erase(25, false),
				search(10, true), search(20, true), erase(10, true), erase(10, false), search(20, true))},
			{Name: "edge/reinsert", Kind: harness.Fixed, Run: script(
				add(7), erase(7, true), search(7, false), add(7), search(7, true), erase(7, true), search(7, false))},
			{Name: "edge/extremes", Kind: harness.Fixed, Run: script(
				search(math.MinInt, false), add(math.MinInt), add(math.MaxInt), add(0), add(-1),
				search(math.MinInt, true), search(math.MaxInt, true), search(math.MaxInt-1, false),
				search(math.MinInt+1, false), erase(math.MinInt, true), search(math.MinInt, false),
				search(-1, true), erase(math.MaxInt, true), search(math.MaxInt, false), search(0, true))},
			{Name: "edge/order", Kind: harness.Fixed, Run: script(
				add(3), add(1), add(2), add(-3), add(-1), add(-2), search(-2, true), search(2, true),
				erase(-3, true), erase(3, true), search(-3, false), search(3, false), search(1, true),
				search(-1, true))},
			{Name: "random/small-values", Kind: harness.Differential, Run: random(func(t *harness.T) []harness.Call {
				return mixed(t, 3000, func() int { return t.Rand().IntN(17) - 8 })
			})},
			{Name: "random/wide-values", Kind: harness.Differential, Run: random(func(t *harness.T) []harness.Call {
				return mixed(t, 30000, func() int { return wide(t) })
			})},
			{Name: "random/large", Kind: harness.Differential, Run: random(large)},
		},
	}
}

func add(x int) harness.Step { return harness.Step{Call: call("Add", x)} }
func search(x int, want bool) harness.Step {
	return harness.Step{Call: call("Search", x), Want: want}
}
func erase(x int, want bool) harness.Step { return harness.Step{Call: call("Erase", x), Want: want} }

func call(method string, x int) harness.Call { return harness.Call{Method: method, Args: []any{x}} }

func do(s Skiplist, c harness.Call) any {
	x := c.Args[0].(int)
	switch c.Method {
	case "Search":
		return s.Search(x)
	case "Add":
		s.Add(x)
		return nil
	case "Erase":
		return s.Erase(x)
	}
	panic("skiplist suite: unknown method " + c.Method)
}

// mixed draws n calls: about 40% Add, 30% Search, 30% Erase, with values from value.
func mixed(t *harness.T, n int, value func() int) []harness.Call {
	calls := make([]harness.Call, n)
	for i := range calls {
		method := "Add"
		switch r := t.Rand().IntN(10); {
		case r >= 7:
			method = "Erase"
		case r >= 4:
			method = "Search"
		}
		calls[i] = call(method, value())
	}
	return calls
}

// wide draws an int from the whole range, now and then an extreme or a small one.
func wide(t *harness.T) int {
	switch r := t.Rand().IntN(100); {
	case r == 0:
		return math.MinInt
	case r == 1:
		return math.MaxInt
	case r < 20:
		return t.Rand().IntN(2001) - 1000
	}
	return int(t.Rand().Uint64())
}

// LargeN is the size of the large test: LargeN additions, then LargeN/4 mixed operations on
// a list of that size.
const LargeN = 200_000

// large builds a list of LargeN values with duplicates, then searches, erases and adds, with
// values drawn mostly from those present.
func large(t *harness.T) []harness.Call {
	rng := t.Rand()
	calls := make([]harness.Call, 0, LargeN+LargeN/4)
	values := make([]int, LargeN)
	for i := range values {
		values[i] = rng.IntN(4 * LargeN)
		calls = append(calls, call("Add", values[i]))
	}
	for range LargeN / 4 {
		x := values[rng.IntN(len(values))]
		if rng.IntN(4) == 0 {
			x = rng.IntN(4 * LargeN)
		}
		method := [...]string{"Search", "Search", "Erase", "Add"}[rng.IntN(4)]
		calls = append(calls, call(method, x))
	}
	return calls
}

// hint names the usual cause of a skip list's wrong answer.
func hint(f harness.Mismatch) string {
	last := f.Calls[len(f.Calls)-1]
	x := last.Args[0].(int)
	adds, erases := 0, 0
	for _, c := range f.Calls[:len(f.Calls)-1] {
		if c.Args[0].(int) != x {
			continue
		}
		switch c.Method {
		case "Add":
			adds++
		case "Erase":
			erases++
		}
	}
	switch {
	case f.Panic != nil:
		return ""
	case x == math.MinInt || x == math.MaxInt:
		return fmt.Sprintf("%s is a value like any other: a sentinel must not be a key "+
			"(keep the head node apart instead of giving it the smallest int)", harness.Lit(x))
	case adds >= 2 && last.Method == "Search" && f.Want == true:
		return "duplicates are separate copies: Add stores one more copy each time, " +
			"and Erase removes exactly one"
	case adds >= 2 && last.Method == "Erase" && f.Want == true:
		return "Add must keep every copy of a duplicate, and Erase remove only one of them"
	case last.Method == "Search" && f.Want == false && erases > 0:
		return "after Erase the node must be unlinked on every level it reaches: " +
			"a search riding an upper lane still finds a node left linked there"
	case last.Method == "Erase" && f.Want == false:
		return "Erase must return false, and change nothing, when the value is absent"
	}
	return ""
}
