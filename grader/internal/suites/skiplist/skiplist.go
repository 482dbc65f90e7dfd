// Package skiplist holds the hidden tests of the skiplist exercise.
package skiplist

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
)

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	m := modelOf(learner, reference, harness.Model[Skiplist]{Recv: "s", Hint: func(f harness.Mismatch) string {
		if f.Panic != nil {
			return hint(f, learner)
		}
		if v, ok := heldByEmpty(learner); ok {
			return fmt.Sprintf("an empty list finds %s: a node holds it as a sentinel, which Search takes "+
				"for a value (and values beyond it may be lost). Keep the head apart, with no value (compare "+
				"only real nodes' values), and end each lane with nil", harness.Lit(v))
		}
		return hint(f, learner)
	}})
	return &harness.Suite{
		Exercise: ex.Name,
		// A crash in a performance test's batch has no shrunk case: its panic value alone
		// names the cause, as it does in a case.
		PanicHint: func(_ harness.Call, p any) string { return panicHint(harness.PanicText(p)) },
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Add", Args: []any{1}, Call: func() { learner.New().Add(1) }},
			{Method: "Search", Args: []any{1}, Call: func() { learner.New().Search(1) }},
			{Method: "Erase", Args: []any{1}, Call: func() { learner.New().Erase(1) }},
		},
		Tests: []harness.Test{
			// The example of the lesson.
			{Name: "example", Kind: harness.Fixed, Run: m.Script(
				add(1), add(2), add(3), search(0, false), add(4), search(1, true),
				erase(0, false), erase(1, true), search(1, false))},
			// Nothing stored: a nil first node, a head that holds 0 or math.MinInt, a tail that
			// holds math.MaxInt.
			{Name: "edge/empty", Kind: harness.Fixed, Run: m.Script(
				search(0, false), search(math.MinInt, false), search(math.MaxInt, false),
				erase(0, false), erase(math.MinInt, false), erase(math.MaxInt, false), search(0, false))},
			// One value: its neighbours are not it, and once erased it is gone.
			{Name: "edge/single", Kind: harness.Fixed, Run: m.Script(
				add(7), search(7, true), search(6, false), search(8, false), erase(6, false),
				erase(8, false), search(7, true), erase(7, true), search(7, false), erase(7, false),
				search(8, false))},
			// Search finds a value itself, not the node before or after it.
			{Name: "edge/neighbours", Kind: harness.Fixed, Run: m.Script(
				add(10), add(30), add(-10), add(20), search(9, false), search(11, false),
				search(19, false), search(21, false), search(29, false), search(31, false),
				search(-9, false), search(-11, false), erase(11, false), erase(21, false),
				erase(31, false), erase(-11, false), search(10, true), search(20, true),
				search(30, true), search(-10, true))},
			// Copies of one value: each Add stores one, each Erase removes one.
			{Name: "edge/duplicates", Kind: harness.Fixed, Run: m.Script(
				add(5), add(5), add(5), erase(5, true), search(5, true), erase(5, true), search(5, true),
				erase(5, true), search(5, false), erase(5, false), add(5), search(5, true))},
			// Copies of several values added in turn: erasing a copy of one value leaves the
			// other copies, and the other values, in place.
			{Name: "edge/interleaved", Kind: harness.Fixed, Run: m.Script(interleaved()...)},
			// Two dozen copies, so that some reach the upper lanes: each Erase removes exactly
			// one, whichever lanes it was on, and none is found once the last one is gone.
			{Name: "edge/many-copies", Kind: harness.Fixed, Run: m.Script(manyCopies()...)},
			// Erasing what is not there changes nothing.
			{Name: "edge/erase-absent", Kind: harness.Fixed, Run: m.Script(
				add(10), add(20), erase(15, false), erase(5, false), erase(25, false),
				search(10, true), search(20, true), erase(10, true), erase(10, false), search(20, true))},
			// Erasing the smallest value (the head's successor) and the largest (the node with
			// no successor), again and again.
			{Name: "edge/ends", Kind: harness.Fixed, Run: m.Script(
				add(5), add(1), add(9), add(3), add(7), erase(1, true), search(1, false), search(3, true),
				erase(9, true), search(9, false), search(7, true), erase(1, false), erase(9, false),
				erase(3, true), erase(7, true), search(3, false), search(7, false), search(5, true),
				erase(5, true), search(5, false), add(4), search(4, true), search(5, false))},
			// A value erased can come back.
			{Name: "edge/reinsert", Kind: harness.Fixed, Run: m.Script(
				add(7), erase(7, true), search(7, false), add(7), search(7, true), erase(7, true), search(7, false))},
			// Emptied, the list works as new: the lanes in use shrink back, and grow again.
			{Name: "edge/drain-refill", Kind: harness.Fixed, Run: m.Script(
				add(3), add(1), add(2), erase(2, true), erase(1, true), erase(3, true), search(1, false),
				search(2, false), search(3, false), erase(2, false), add(2), search(2, true),
				search(1, false), add(1), add(3), search(3, true), erase(1, true), erase(2, true),
				erase(3, true), erase(3, false), add(3), search(3, true))},
			// math.MinInt and math.MaxInt are values like any other, copies included: no sentinel
			// may hold them, and comparing by subtraction overflows.
			{Name: "edge/extremes", Kind: harness.Fixed, Run: m.Script(
				search(math.MinInt, false), add(math.MinInt), add(math.MaxInt), add(0), add(-1),
				search(math.MinInt, true), search(math.MaxInt, true), search(math.MaxInt-1, false),
				search(math.MinInt+1, false), erase(math.MinInt, true), search(math.MinInt, false),
				erase(math.MinInt, false), search(-1, true), erase(math.MaxInt, true),
				search(math.MaxInt, false), erase(math.MaxInt, false), search(0, true),
				add(math.MaxInt), add(math.MaxInt), add(math.MinInt), add(math.MinInt),
				erase(math.MaxInt, true), search(math.MaxInt, true), erase(math.MinInt, true),
				search(math.MinInt, true), search(0, true), search(-1, true))},
			// Values added out of order, negatives included.
			{Name: "edge/order", Kind: harness.Fixed, Run: m.Script(
				add(3), add(1), add(2), add(-3), add(-1), add(-2), search(-2, true), search(2, true),
				erase(-3, true), erase(3, true), search(-3, false), search(3, false), search(1, true),
				search(-1, true))},
			// Sorted input: every Add appends after the last node, or links in before the first;
			// with 32 values some nodes sit on level 0 only, between taller ones.
			{Name: "edge/sorted-input", Kind: harness.Fixed, Run: m.Script(sortedInput()...)},
			// Two lists at once share nothing: a package-level head would let one see the other.
			{Name: "edge/two-lists", Kind: harness.Fixed, Run: twoLists(learner.New)},
			// Thousands of calls over 17 values, so copies pile up, the list empties and refills,
			// and absent values are searched and erased.
			{Name: "random/small-values", Kind: harness.Differential, Run: m.Random(func(rng *rand.Rand) []harness.Call {
				return waves(rng, 4000, func() int { return rng.IntN(17) - 8 })
			})},
			// Tens of thousands of calls over the whole int range, extremes included.
			{Name: "random/wide-values", Kind: harness.Differential, Run: m.Random(func(rng *rand.Rand) []harness.Call {
				return waves(rng, 40000, func() int { return harness.WideInt(rng, 1000, 20) })
			})},
			// Two lists at once, the second made after the first has grown, and calls spread over both:
			// a package-level variable that a second New resets, or that both share, shows here.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: harness.TwinsTest(m, func(rng *rand.Rand) []harness.Call {
				return waves(rng, 6000, func() int { return rng.IntN(1000) })
			})},
			// How Add, Search and Erase grow against the reference, up to 200,000 values.
			performance(learner, reference),
			// How Add and Erase grow on a list of copies of one value, up to 50,000 copies.
			duplicates(learner, reference),
			// A list of 200,000 values, then 50,000 mixed calls on it.
			{Name: "random/large", Kind: harness.Differential, Run: m.Random(large), Large: true},
		},
	}
}

// add, search and erase are the steps of a script: a call and its expected result.
func add(x int) harness.Step { return harness.Step{Call: call("Add", x)} }
func search(x int, want bool) harness.Step {
	return harness.Step{Call: call("Search", x), Want: want}
}
func erase(x int, want bool) harness.Step { return harness.Step{Call: call("Erase", x), Want: want} }

// call is a call of method with the int x.
func call(method string, x int) harness.Call { return harness.Call{Method: method, Args: []any{x}} }

// interleaved adds two copies of 1, three of 2 and four of 3, mixed, then erases them one at a
// time, checking every value after each Erase.
func interleaved() []harness.Step {
	var steps []harness.Step
	for _, x := range []int{2, 1, 2, 3, 1, 2, 3, 3, 3} {
		steps = append(steps, add(x))
	}
	copies := map[int]int{1: 2, 2: 3, 3: 4}
	for _, x := range []int{2, 3, 3, 1, 3, 2, 1, 2, 3} {
		steps = append(steps, erase(x, true))
		copies[x]--
		for v := 1; v <= 3; v++ {
			steps = append(steps, search(v, copies[v] > 0))
		}
	}
	return append(steps, erase(1, false), erase(2, false), erase(3, false))
}

// manyCopies adds 24 copies of 0 between 12 of -1 and 12 of 1, then erases the zeros one by one
// and the others after them.
func manyCopies() []harness.Step {
	var steps []harness.Step
	for range 12 {
		steps = append(steps, add(-1), add(0), add(1), add(0))
	}
	for i := 23; i >= 0; i-- {
		steps = append(steps, erase(0, true), search(0, i > 0))
		if i%6 == 0 {
			steps = append(steps, search(-1, true), search(1, true))
		}
	}
	steps = append(steps, erase(0, false))
	for i := 11; i >= 0; i-- {
		steps = append(steps, erase(1, true), erase(-1, true))
	}
	return append(steps, search(1, false), search(-1, false), erase(1, false), erase(-1, false))
}

// sortedInput adds 1..32 in increasing order and -1..-32 in decreasing order, finds them all,
// then erases every other one from both ends.
func sortedInput() []harness.Step {
	var steps []harness.Step
	for i := 1; i <= 32; i++ {
		steps = append(steps, add(i))
	}
	for i := 1; i <= 32; i++ {
		steps = append(steps, add(-i))
	}
	for i := -33; i <= 33; i++ {
		steps = append(steps, search(i, i != 0 && i != 33 && i != -33))
	}
	for i := 1; i <= 32; i += 2 {
		steps = append(steps, erase(i, true), erase(-i, true))
	}
	for i := -32; i <= 32; i++ {
		steps = append(steps, search(i, i%2 == 0 && i != 0))
	}
	return steps
}

// pairStep is one call of the two-lists test, on list "a" or "b", with its expected result (nil:
// no check).
type pairStep struct {
	list string
	call harness.Call
	want any
}

// twoLists runs calls on two lists made by newList, each checked: a value added to one list
// must not show in the other.
func twoLists(newList func() Skiplist) func(*harness.T) {
	steps := []pairStep{
		{"a", call("Add", 1), nil}, {"b", call("Search", 1), false}, {"b", call("Add", 2), nil},
		{"a", call("Search", 2), false}, {"b", call("Erase", 1), false}, {"a", call("Search", 1), true},
		{"a", call("Erase", 2), false}, {"b", call("Search", 2), true}, {"a", call("Erase", 1), true},
		{"b", call("Search", 2), true}, {"b", call("Erase", 2), true}, {"a", call("Search", 2), false},
	}
	return func(t *harness.T) {
		lists := map[string]Skiplist{}
		for _, name := range []string{"a", "b"} {
			ctor := harness.Call{Method: "New", Func: true}
			lists[name] = t.Invoke(ctor, func() any { return newList() }).(Skiplist)
		}
		code := []string{"a, b := New(), New()"}
		for i, st := range steps {
			// The method named after its list, so that a panic names the list too: "b.Erase(1)".
			shown := harness.Call{Method: st.list + "." + st.call.Method, Args: st.call.Args, Func: true}
			got := t.Invoke(shown, func() any { return dispatch(lists[st.list], st.call) })
			line := shown.Short()
			if st.want == nil || got == st.want {
				if got != nil {
					line += " // " + harness.Lit(got)
				}
				code = append(code, line)
				continue
			}
			t.Fail(&record.Failure{
				Verdict: verdict.WrongAnswer,
				Op:      line,
				Message: fmt.Sprintf("%s returned %v, want %v: two lists made by New share their values",
					line, got, st.want),
				Hint: "each New must build a list of its own: keep the head and the level in the " +
					"Skiplist struct, not in package-level variables",
				Case: &result.Case{
					Code: pairCode(t.Name(), code, line, st.want.(bool)),
					Call: line, Want: harness.Lit(st.want), Got: harness.Lit(got), Ops: i + 1,
				},
			})
		}
	}
}

// pairCode renders the two-lists case as a Go test: the calls so far, then the failing one with
// its check.
func pairCode(test string, done []string, failing string, want bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func TestKataCase(t *testing.T) {\n\t// hidden test %s\n", test)
	for _, line := range done {
		fmt.Fprintf(&b, "\t%s\n", line)
	}
	not := "!"
	if !want {
		not = ""
	}
	fmt.Fprintf(&b, "\tif got := %s; %sgot {\n\t\tt.Fatalf(\"%s = %%v, want %v\", got)\n\t}\n}\n",
		failing, not, failing, want)
	return b.String()
}

// waves draws n calls in ten waves that alternately fill the list and drain it, so that it
// grows, empties and refills. Filling: 50% Add, 25% Search, 25% Erase; draining: 10% Add, 20%
// Search, 70% Erase. Adds take their value from value; searches and erases take a stored value
// half of the time (nine times in ten when draining an Erase), and a fresh one otherwise, so
// that they hit, and absent values are searched and erased too.
func waves(rng *rand.Rand, n int, value func() int) []harness.Call {
	calls := make([]harness.Call, n)
	wave := max(1, n/10)
	held := newBag()
	for i := range calls {
		drain := i/wave%2 == 1
		method, picks := "Search", 5
		switch r := rng.IntN(20); {
		case !drain && r < 10 || drain && r < 2:
			method = "Add"
		case !drain && r >= 15:
			method = "Erase"
		case drain && r >= 6:
			method, picks = "Erase", 9
		}
		var x int
		if method != "Add" && len(held.keys) > 0 && rng.IntN(10) < picks {
			x = held.pick(rng)
		} else {
			x = value()
		}
		switch method {
		case "Add":
			held.add(x)
		case "Erase":
			held.erase(x)
		}
		calls[i] = call(method, x)
	}
	return calls
}

// bag is a generator's account of the values the list holds, to pick stored ones.
type bag struct {
	count map[int]int // copies of each value held
	keys  []int       // the distinct values held
	index map[int]int // the position of each in keys
}

func newBag() *bag { return &bag{count: map[int]int{}, index: map[int]int{}} }

// pick returns one of the values held, each distinct value as likely; the bag must not be empty.
func (b *bag) pick(rng *rand.Rand) int { return b.keys[rng.IntN(len(b.keys))] }

// add counts one more copy of x.
func (b *bag) add(x int) {
	if b.count[x] == 0 {
		b.index[x] = len(b.keys)
		b.keys = append(b.keys, x)
	}
	b.count[x]++
}

// erase removes one copy of x, if one is held.
func (b *bag) erase(x int) {
	switch b.count[x] {
	case 0:
		return
	case 1:
		i, last := b.index[x], b.keys[len(b.keys)-1]
		b.keys[i], b.index[last] = last, i
		b.keys = b.keys[:len(b.keys)-1]
		delete(b.index, x)
		delete(b.count, x)
	default:
		b.count[x]--
	}
}

// LargeN is the size of the large test: LargeN additions, then LargeN/4 mixed operations on
// a list of that size.
const LargeN = 200_000

// large builds a list of LargeN values with duplicates, then searches, erases and adds, with
// values drawn mostly from those present.
func large(rng *rand.Rand) []harness.Call {
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

// floatTwin reports whether calls leave in the list a value other than x that float64 makes
// equal to x.
func floatTwin(calls []harness.Call, x int) bool {
	for v := range contents(calls) {
		if v != x && float64(v) == float64(x) {
			return true
		}
	}
	return false
}

// contents is what a right list holds after calls: each value held, with its number of copies
// (each Add one more, each Erase of a value held one fewer).
func contents(calls []harness.Call) map[int]int {
	held := map[int]int{}
	for _, c := range calls {
		switch v := c.Args[0].(int); {
		case c.Method == "Add":
			held[v]++
		case c.Method == "Erase" && held[v] > 0:
			if held[v]--; held[v] == 0 {
				delete(held, v)
			}
		}
	}
	return held
}

// sentinels are values a list's head or tail is often given: Search finds none of them in a
// right empty list. A head's zero value, 0, is hint's to name: a Search that compares the head
// with the target finds it.
var sentinels = []int{-1, 1, math.MinInt, math.MaxInt, math.MinInt32, math.MaxInt32}

// heldByEmpty reports the first of sentinels that a fresh list of learner's finds: the value a
// sentinel node holds.
func heldByEmpty(learner API) (held int, found bool) {
	found = harness.Evidence(func() bool {
		s := learner.New()
		for _, v := range sentinels {
			if s.Search(v) {
				held = v
				return true
			}
		}
		return false
	})
	return held, found
}

// hint names the usual cause of a skip list's wrong answer or crash from the shrunk case, which
// it may replay on fresh lists of learner's.
func hint(f harness.Mismatch, learner API) string {
	if f.Panic != nil {
		p := fmt.Sprint(f.Panic)
		if strings.Contains(p, "with length 0") && len(contents(f.Calls[:len(f.Calls)-1])) == 0 {
			return "the list is empty here, and a slice of length 0 was read: an empty list keeps a " +
				"head with at least one lane, and every lane array the walk fills is that long"
		}
		return panicHint(p)
	}
	last := f.Calls[len(f.Calls)-1]
	x := last.Args[0].(int)
	adds, erases, others := history(f.Calls[:len(f.Calls)-1], x)
	got, _ := f.Got.(bool)
	switch {
	case got && floatTwin(f.Calls[:len(f.Calls)-1], x):
		return fmt.Sprintf("%s is not in the list, but a value equal to it as a float64 is: keep the values "+
			"as ints and compare them as ints (a float64 holds 53 bits, so ints that differ only in their "+
			"low bits, as large ones do, compare equal through it)", harness.Lit(x))
	case (x == math.MinInt || x == math.MaxInt) && got:
		return fmt.Sprintf("%s is a value like any other: no sentinel node may hold it "+
			"(keep the head apart, with no value, and end each lane with nil)", harness.Lit(x))
	case hasHuge(f.Calls):
		return "compare values with < and ==, never by subtracting them (or target-1): " +
			"a-b overflows when a and b are far apart, as math.MinInt and math.MaxInt are"
	case adds >= 2 && !got:
		return "duplicates are separate copies: Add stores one more copy each time, " +
			"and Erase removes exactly one"
	case got && x != 0 && !slices.ContainsFunc(f.Calls, func(c harness.Call) bool { return c.Method == "Add" }):
		// No Add came before, and no head holds x (a head's own value is 0 or a sentinel,
		// named above): the value came from outside this list.
		return fmt.Sprintf("a new list holds nothing, yet %s found %s: it reads values an earlier list "+
			"stored. Keep the head and the level in the Skiplist that New returns, not in "+
			"package-level variables", last.Method, harness.Lit(x))
	case last.Method == "Search" && got && erases > 0:
		return "after Erase the node must be unlinked on every level it is on: " +
			"a search that stops at an upper lane still finds a node left linked there"
	case last.Method == "Search" && got:
		return "Search must compare the first node >= target with target: not the head, " +
			"not the last node before target"
	case last.Method == "Search" && others && answersWithoutErases(learner, f, x):
		return "Erase must unlink the node holding its value (update[0].next[0]), " +
			"not the node after it"
	case last.Method == "Search":
		return "every value is on level 0: Add must link the new node on level 0 and on each " +
			"lane up to its height, and Search must walk down every lane to level 0"
	case last.Method == "Erase" && got:
		return "Erase must return false, and change nothing, when no copy of the value is stored"
	case last.Method == "Erase":
		return "Erase must walk with < like Search, then check update[0].next[0]: " +
			"the first node >= num is the copy to remove"
	}
	return ""
}

// answersWithoutErases reports whether f's last call answers what f wants on fresh lists of
// learner's, withoutErasesTries of them, when the case's Erases of other values than x are left
// out: then one of those Erases took x with it, and not a Search that misses values however the
// list was made. A list draws its towers' heights afresh each time; a Search that misses values
// on some lanes' layouts answers right on some of the tries, not on all of them.
func answersWithoutErases(learner API, f harness.Mismatch, x int) bool {
	return harness.Evidence(func() bool {
		for range withoutErasesTries {
			s := learner.New()
			var got any
			for _, c := range f.Calls {
				if c.Method != "Erase" || c.Args[0].(int) == x {
					got = dispatch(s, c)
				}
			}
			if !f.Answers(got) {
				return false
			}
		}
		return true
	})
}

// withoutErasesTries is how many fresh lists answersWithoutErases tries.
const withoutErasesTries = 20

// history counts, in calls, the Adds and Erases of x, and reports whether any other value was
// erased.
func history(calls []harness.Call, x int) (adds, erases int, others bool) {
	for _, c := range calls {
		v := c.Args[0].(int)
		switch {
		case c.Method == "Add" && v == x:
			adds++
		case c.Method == "Erase" && v == x:
			erases++
		case c.Method == "Erase":
			others = true
		}
	}
	return adds, erases, others
}

// hasHuge reports whether some call's value is beyond ±2^62, where subtracting two values can
// overflow.
func hasHuge(calls []harness.Call) bool {
	for _, c := range calls {
		if v := c.Args[0].(int); v > math.MaxInt/2 || v < math.MinInt/2 {
			return true
		}
	}
	return false
}

// panicHint names the usual cause of a skip list's crash from the panic message.
func panicHint(p string) string {
	switch {
	case strings.Contains(p, "nil pointer dereference"):
		return "a lane ends with nil: check next != nil before reading a node's value (past the " +
			"last node, on an empty list), and fill update[i] on every lane in use, the top one included"
	case strings.Contains(p, "index out of range [-1]"):
		return "the number of lanes in use must stay at least 1, even when the list empties"
	case strings.Contains(p, "index out of range"):
		return "a node has next[i] only for the levels it is on: cap the random height at the " +
			"head's height, and size the update vector for the tallest possible node"
	}
	return ""
}
