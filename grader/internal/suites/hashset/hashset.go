// Package hashset holds the hidden tests of the hashset exercise.
package hashset

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"kata/grader/internal/harness"
	"kata/grader/internal/hints"
)

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	m := modelOf(learner, reference, harness.Model[HashSet]{Recv: "s", Hint: hint})
	return &harness.Suite{
		Exercise:  ex.Name,
		StuckHint: stuckHint,
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Add", Args: []any{1}, Call: func() { learner.New().Add(1) }},
			{Method: "Remove", Args: []any{1}, Call: func() { learner.New().Remove(1) }},
			{Method: "Contains", Args: []any{1}, Call: func() { learner.New().Contains(1) }},
		},
		Tests: []harness.Test{
			// The example of the lesson.
			{Name: "example", Kind: harness.Fixed, Run: m.Script(
				add(1), add(2), has(1, true), has(3, false), add(2), has(2, true), remove(2), has(2, false))},
			// Contains and Remove on a set that holds nothing: a table not made yet, no buckets.
			{Name: "edge/empty", Kind: harness.Fixed, Run: m.Script(
				has(1, false), has(0, false), remove(1), remove(0), has(42, false), remove(42), has(0, false))},
			// 0 is a key like any other: a table that marks free slots with 0 loses it, or finds
			// it everywhere.
			{Name: "edge/zero", Kind: harness.Fixed, Run: m.Script(
				has(0, false), add(1), has(0, false), add(0), has(0, true), has(1, true), remove(0),
				has(0, false), has(1, true), add(0), add(0), has(0, true), remove(1), has(0, true))},
			// Negative keys: in Go, -7 % 8 is -7, no index.
			{Name: "edge/negative", Kind: harness.Fixed, Run: m.Script(
				add(-1), add(-7), add(-8), add(-1024), has(-1, true), has(1, false), has(-7, true),
				has(7, false), add(7), remove(-7), has(-7, false), has(7, true), has(-8, true),
				has(-1024, true), has(1024, false), remove(-1), has(-1, false))},
			// A set, not a multiset: one Remove takes out a key however often it was added.
			{Name: "edge/add-twice", Kind: harness.Fixed, Run: m.Script(
				add(5), add(5), has(5, true), remove(5), has(5, false), add(5), add(5), add(5),
				remove(5), has(5, false), remove(5), has(5, false))},
			// Removing a key that is absent changes nothing.
			{Name: "edge/remove-absent", Kind: harness.Fixed, Run: m.Script(
				add(10), add(20), remove(15), remove(30), remove(-10), has(10, true), has(20, true),
				has(15, false), remove(10), remove(10), has(10, false), has(20, true))},
			// A removed key can come back, and go again.
			{Name: "edge/reinsert", Kind: harness.Fixed, Run: m.Script(
				add(7), remove(7), has(7, false), add(7), has(7, true), remove(7), has(7, false),
				add(7), add(8), remove(8), has(7, true), add(8), has(8, true), remove(7), add(7),
				has(7, true), has(8, true))},
			// Keys that differ only in their high bits are different keys: a table that stores
			// int32(key), or compares hashes, mixes them up.
			{Name: "edge/high-bits", Kind: harness.Fixed, Run: m.Script(
				add(1), has(1+1<<32, false), add(1<<32), has(0, false), has(1<<32, true),
				has(1<<33, false), add(-1<<32), has(-1<<32, true), has(1<<31, false),
				remove(1<<32), has(1<<32, false), has(-1<<32, true), has(1, true))},
			// The smallest and largest ints, which some tables use to mark free slots.
			{Name: "edge/extremes", Kind: harness.Fixed, Run: m.Script(
				has(math.MinInt, false), has(math.MaxInt, false), add(math.MinInt), add(math.MaxInt),
				has(math.MinInt, true), has(math.MaxInt, true), has(math.MinInt+1, false),
				has(math.MaxInt-1, false), has(0, false), has(-1, false), add(0), add(-1),
				remove(math.MinInt), has(math.MinInt, false), has(math.MaxInt, true), has(-1, true),
				remove(math.MaxInt), has(math.MaxInt, false), has(0, true))},
			// Keys that share a bucket in the usual weak hashes: removing one from the middle of
			// a probe run must not hide the keys after it.
			{Name: "edge/probe-chain", Kind: harness.Fixed, Run: m.Scripts(probeChains()...)},
			// The same keys: adding a key stored past a deleted slot of its probe run must find
			// it there, not store it a second time in the deleted slot.
			{Name: "edge/probe-reuse", Kind: harness.Fixed, Run: m.Scripts(probeReuse()...)},
			// Enough keys to make any table grow several times, some removed on the way.
			{Name: "edge/growth", Kind: harness.Fixed, Run: m.Script(growth()...)},
			// Many keys added and removed while the set stays tiny: a table whose deleted slots
			// are never cleared fills up with them, and a lookup then never meets a free slot.
			{Name: "edge/churn", Kind: harness.Fixed, Run: m.Script(churn()...)},
			// Few distinct keys, so collisions, duplicates, removals and re-insertions of the same
			// keys keep happening.
			{Name: "random/small-values", Kind: harness.Differential, Run: m.Random(func(rng *rand.Rand) []harness.Call {
				return mixed(rng, 3000, func() int { return rng.IntN(17) - 8 })
			})},
			// Keys from the whole int range, half of them drawn again, so that lookups and
			// removals hit.
			{Name: "random/wide-values", Kind: harness.Differential, Run: m.Random(func(rng *rand.Rand) []harness.Call {
				return mixed(rng, 30000, widePool(rng))
			})},
			// Two sets at once, the second made after the first has grown, and calls spread over both:
			// a package-level variable that a second New resets, or that both share, shows here.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: harness.TwinsTest(m, func(rng *rand.Rand) []harness.Call {
				return mixed(rng, 6000, func() int { return rng.IntN(2000) - 1000 })
			})},
			// How Add, Contains and Remove grow against the reference, up to 1,000,000 keys.
			performance(learner, reference),
			// How Add grows on keys that differ only in their low, middle or high bits, up
			// to 262,144 keys: a hash that ignores some bits puts a quarter of them in one
			// bucket.
			patterned(learner, reference),
			// A set of 200,000 keys: growth after growth must keep every key.
			{Name: "random/large", Kind: harness.Differential, Run: m.Random(large), Large: true},
		},
	}
}

func steps(s ...harness.Step) []harness.Step { return s }

func add(x int) harness.Step    { return harness.Step{Call: call("Add", x)} }
func remove(x int) harness.Step { return harness.Step{Call: call("Remove", x)} }
func has(x int, want bool) harness.Step {
	return harness.Step{Call: call("Contains", x), Want: want}
}

func call(method string, x int) harness.Call { return harness.Call{Method: method, Args: []any{x}} }

// chainKeys are triples of keys that land in one bucket under common hashes: the key itself
// masked or reduced modulo a table of 8 or 16, of any power of two up to 2^20 or 2^32, of 1000
// or 1009 buckets; the top bits of key × 0x9E3779B97F4A7C15 (Fibonacci hashing) for any power
// of two up to 2^16 (1, 75026 and 121394); the top bits and the low bits of the splitmix64
// finalizer for any power of two up to 2^14 (565101, 615769 and 924179). In (8, 16, 9) the 9 is
// pushed past its home slot by 16.
var chainKeys = [][3]int{
	{8, 16, 9}, {16, 32, 48}, {1 << 20, 2 << 20, 3 << 20}, {-1 << 20, -2 << 20, -3 << 20},
	{1 << 32, 2 << 32, 3 << 32}, {1000, 2000, 3000}, {1009, 2018, 3027},
	{1, 75026, 121394}, {565101, 615769, 924179},
}

// probeChains adds each triple a, b, c to a fresh set, removes b from the middle, and checks
// that c is still found, then removes and adds around it.
func probeChains() [][]harness.Step {
	var lists [][]harness.Step
	for _, k := range chainKeys {
		a, b, c := k[0], k[1], k[2]
		lists = append(lists, steps(
			add(a), add(b), add(c), remove(b), has(c, true), has(a, true), has(b, false),
			remove(a), has(c, true), add(b), has(b, true), has(c, true), remove(c), has(b, true),
			has(a, false), has(c, false)))
	}
	return lists
}

// probeReuse adds each triple a, b, c to a fresh set, removes a (the start of the probe run)
// or b (its middle), adds c again while it is stored past that deleted slot, and checks that one
// Remove of c takes it out.
func probeReuse() [][]harness.Step {
	var lists [][]harness.Step
	for _, k := range chainKeys {
		a, b, c := k[0], k[1], k[2]
		lists = append(lists,
			steps(add(a), add(b), add(c), remove(a), add(c), has(c, true), remove(c), has(c, false),
				has(b, true), has(a, false)),
			steps(add(a), add(b), add(c), remove(b), add(c), has(c, true), remove(c), has(c, false),
				has(a, true), has(b, false)))
	}
	return lists
}

// growthKeys is how many keys the growth test adds in each of its two rounds.
const growthKeys = 600

// growth adds a run of small keys and multiples of 1024 interleaved, removes every third,
// adds as many again (so the table grows with deleted slots in it), and checks every key.
func growth() []harness.Step {
	var s []harness.Step
	present := func(i int) bool { return i > growthKeys || i%3 != 0 }
	for i := 1; i <= growthKeys; i++ {
		s = append(s, add(i), add(-1024*i))
	}
	for i := 3; i <= growthKeys; i += 3 {
		s = append(s, remove(i), remove(-1024*i))
	}
	for i := growthKeys + 1; i <= 2*growthKeys; i++ {
		s = append(s, add(i), add(-1024*i))
	}
	for i := 1; i <= 2*growthKeys; i++ {
		s = append(s, has(i, present(i)), has(-1024*i, present(i)))
	}
	return append(s, has(0, false), has(2*growthKeys+1, false), has(-1024*(2*growthKeys+1), false))
}

// stuckHint names what keeps one call of an open-addressing table busy for ever, a probe that
// meets neither its key nor a free slot, conditionally, since a chained table loops for other
// reasons: during edge/churn the set holds three keys at most, so only deleted slots can fill
// the table; elsewhere a table that does not grow fills up. A performance test's batch of calls
// may only be far too slow, and gets no hint.
func stuckHint(test string, c harness.Call) string {
	if c.Batch {
		return ""
	}
	const probe = "if your table probes (open addressing): a probe stops only at its key or at a free slot, " +
		"and it met neither"
	if test == "edge/churn" {
		return probe + ". The set never held more than three keys in this test, so deleted slots (tombstones) " +
			"filled the table: count them in the load and rebuild the table without them when keys and " +
			"tombstones pass the load factor, or shift the later keys back on Remove instead of marking the slot"
	}
	return probe + ": grow the table before it fills (double it when its keys and deleted slots pass half of " +
		"it), so that a free slot always ends a probe"
}

// churnKeys is how many keys the churn test adds and removes one after another.
const churnKeys = 500

// churn keeps two keys in the set while it adds and removes churnKeys others, one at a time.
func churn() []harness.Step {
	s := steps(add(-1), add(1<<40))
	for i := 1; i <= churnKeys; i++ {
		k := i
		if i%2 == 0 {
			k = -1024 * i
		}
		s = append(s, add(k), has(k, true), remove(k), has(k, false))
	}
	return append(s, has(-1, true), has(1<<40, true), has(0, false), remove(-1), has(-1, false))
}

// mixed draws n calls: about 40% Add, 35% Contains, 25% Remove, with keys from key.
func mixed(rng *rand.Rand, n int, key func() int) []harness.Call {
	calls := make([]harness.Call, n)
	for i := range calls {
		method := "Add"
		switch r := rng.IntN(20); {
		case r >= 15:
			method = "Remove"
		case r >= 8:
			method = "Contains"
		}
		calls[i] = call(method, key())
	}
	return calls
}

// widePool returns a key source over the whole int range that draws a key seen before about
// half the time, so that hits, duplicates and removals of present keys really happen.
func widePool(rng *rand.Rand) func() int {
	var seen []int
	return func() int {
		if len(seen) > 0 && rng.IntN(2) == 0 {
			return seen[rng.IntN(len(seen))]
		}
		x := wide(rng)
		seen = append(seen, x)
		return x
	}
}

// wide draws a fresh key from the whole int range: the extremes and their neighbours, small
// keys, multiples of large powers of two (negative ones too), and any int.
func wide(rng *rand.Rand) int {
	switch r := rng.IntN(100); {
	case r < 2:
		return math.MinInt + rng.IntN(4)
	case r < 4:
		return math.MaxInt - rng.IntN(4)
	case r < 24:
		return rng.IntN(2001) - 1000
	case r < 44:
		shift := [...]int{10, 16, 20, 31, 32, 40, 48, 56, 60}[rng.IntN(9)]
		return (rng.IntN(129) - 64) << shift
	}
	return int(rng.Uint64())
}

// LargeN is the size of the large test: LargeN additions, then LargeN/4 mixed operations on
// a set of about that size.
const LargeN = 200_000

// large adds LargeN keys, mostly distinct — any ints, runs of consecutive keys, a few
// thousand multiples of 1024 — then checks, removes and adds, mostly keys present.
func large(rng *rand.Rand) []harness.Call {
	calls := make([]harness.Call, 0, LargeN+LargeN/4)
	keys := make([]int, LargeN)
	run, stride := int(rng.Uint64()), 0
	for i := range keys {
		switch r := rng.IntN(100); {
		case r < 2:
			stride++
			keys[i] = -1024 * stride
		case r < 30:
			run++
			keys[i] = run
		case r < 40:
			keys[i] = rng.IntN(1 << 16)
		default:
			keys[i] = int(rng.Uint64())
		}
		calls = append(calls, call("Add", keys[i]))
	}
	for range LargeN / 4 {
		x := keys[rng.IntN(len(keys))]
		if rng.IntN(4) == 0 {
			x = int(rng.Uint64())
		}
		method := [...]string{"Contains", "Contains", "Remove", "Add"}[rng.IntN(4)]
		calls = append(calls, call(method, x))
	}
	return calls
}

// history is what a failing case did to the key of its last call, and around it.
type history struct {
	twice       bool // the key was added while present
	twiceAfter  bool // ... with another key removed since its previous Add
	removed     bool // the key was removed after being added
	removedLast bool // the key's last operation was a Remove
	otherRemove bool // since the key's last Add, another present key was removed
	absentGone  bool // since the key's last Add, a key that was absent was removed
	distinct    int  // distinct keys added
}

// trace replays calls on a plain set to find the history of key x.
func trace(calls []harness.Call, x int) history {
	var h history
	var set []int
	in := func(k int) bool { return indexOf(set, k) >= 0 }
	var added []int
	otherSinceAdd := false
	for _, c := range calls {
		k := c.Args[0].(int)
		switch c.Method {
		case "Add":
			if indexOf(added, k) < 0 {
				added = append(added, k)
			}
			if k == x {
				if in(x) {
					h.twice = true
					h.twiceAfter = h.twiceAfter || otherSinceAdd
				}
				h.removedLast, h.otherRemove, h.absentGone, otherSinceAdd = false, false, false, false
			}
			if !in(k) {
				set = append(set, k)
			}
		case "Remove":
			switch {
			case k == x:
				h.removed = h.removed || in(x)
				h.removedLast = true
			case in(k):
				h.otherRemove, otherSinceAdd = true, true
			default:
				h.absentGone = true
			}
			if i := indexOf(set, k); i >= 0 {
				set = append(set[:i], set[i+1:]...)
			}
		}
	}
	h.distinct = len(added)
	return h
}

// onlyKey reports whether every call is about key x.
func onlyKey(calls []harness.Call, x int) bool {
	for _, c := range calls {
		if c.Args[0].(int) != x {
			return false
		}
	}
	return true
}

func indexOf(s []int, x int) int {
	for i, k := range s {
		if k == x {
			return i
		}
	}
	return -1
}

// hint names the usual cause of a hash set's wrong answer or panic.
func hint(f harness.Mismatch) string {
	if f.Panic != nil {
		return panicHint(f)
	}
	last := f.Calls[len(f.Calls)-1]
	if last.Method != "Contains" {
		return ""
	}
	x := last.Args[0].(int)
	h := trace(f.Calls[:len(f.Calls)-1], x)
	// A key used to mark free slots is found in an empty set, or lost as soon as it is added.
	// For -1, which shrinking reaches from other keys, only a set that found it says so.
	sentinel := onlyKey(f.Calls, x) && !h.removedLast && !h.removed
	switch {
	case x == 0 && sentinel:
		return "0 is a key like any other: mark empty slots apart from the keys " +
			"(a state per slot, or a flag for the key 0)"
	case (x == math.MinInt || x == math.MaxInt || x == -1 && f.Want == false) && sentinel:
		return fmt.Sprintf("%s is a key like any other: mark empty slots apart from the keys, "+
			"not with a special int", harness.Lit(x))
	case f.Want == false:
		return falsePositiveHint(f.Calls, x, h)
	case h.otherRemove:
		return "removing left a hole in a probe chain: use a tombstone or shift the later keys back"
	case h.absentGone:
		return "Remove of an absent key must change nothing: here it took another key out"
	case h.removed:
		return "after Remove, Add must store the key again: a deleted slot does not hold its key any more"
	case h.distinct >= 3:
		return "when the table grows, re-insert every key into the new table: a key's bucket depends on the table's size"
	case h.distinct == 2:
		return "two keys can land in the same bucket: keep both (chain them, or probe on to the next free slot)"
	}
	return ""
}

// falsePositiveHint explains why Contains(x) found x when it is absent.
func falsePositiveHint(calls []harness.Call, x int, h history) string {
	switch {
	case h.twice && h.twiceAfter && h.removedLast:
		return "Add must look for the key along its whole probe run before it reuses a deleted slot, " +
			"or the key is stored twice and Remove takes out only one copy"
	case h.twice && h.removedLast:
		return "a set holds each key once: Add must do nothing when the key is already there, " +
			"so that one Remove takes it out"
	case h.removedLast:
		return "Remove must take the key out of the table, wherever along its bucket or probe run it is stored"
	}
	for _, c := range calls {
		k := c.Args[0].(int)
		switch {
		case c.Method != "Add" || k == x:
		case k == -x:
			return fmt.Sprintf("%d and %d are different keys: store the key itself, not its absolute value", k, x)
		case int32(k) == int32(x):
			return "an int has 64 bits: store and compare the whole key, not int32(key) or another shorter form"
		}
	}
	return "Contains must compare the stored key itself: different keys share buckets"
}

// panicHint names the usual cause of a panic.
func panicHint(f harness.Mismatch) string {
	msg := fmt.Sprint(f.Panic)
	switch {
	case strings.Contains(msg, "integer divide by zero"):
		return "the table has no buckets yet: let New make a few, so that key % len(buckets) has something to divide by"
	case harness.NegativeIndex(f.Panic):
		return hints.NegativeMod
	case strings.Contains(msg, "negative shift amount"):
		return "keys are any int, negatives included: a negative key made a negative shift (in Go, key % 64 " +
			"is negative for a negative key). A bitset of the keys from 0 up holds none of them, nor keys " +
			"past its end: hash each key into a table instead, taking uint64(key) first"
	case strings.Contains(msg, "nil pointer dereference"):
		return "a chain ends in nil and the key may be absent: check for nil before following a pointer"
	}
	return ""
}
