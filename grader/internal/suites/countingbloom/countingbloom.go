// Package countingbloom holds the hidden tests of the countingbloom exercise.
//
// Which counters a key uses depends on the graded package's hash function, so no test compares an
// answer with the reference's where the hash decides it. Every expected answer is one the contract
// makes exact for any hash, from what a tracker knows: how many times each key was added and
// removed, and m and k.
//
//   - Test is true for a key added more times than removed, false for every key while the filter
//     is empty (no key present, and no counter can have reached 15: at most k per Add), and, in a
//     filter of one counter, exactly whether that counter is above 0.
//   - Remove of a key present returns true; of any key in an empty filter, false.
//     "!f.Test(key) && f.Remove(key)" is false for every key (Remove of a key testing false
//     returns false), and it is the only way the tests remove a key that was never added.
//   - Count is at least min(adds − removes, 15) and at most 15, 0 in an empty filter, and exact in
//     a filter of one counter, where one Add moves it by k (each position once, up to 15).
//   - Test(key) == (Count(key) > 0) for every key, present or not: Count is the smallest of the
//     key's k counters and Test asks whether all k are above 0 (the Agree check, after every Test
//     and Count of the fixed and random sequences).
//   - M and K are exact.
//
// Keys are fresh slices in every sequence, as the printed case's literals are; only
// random/reused-buffers overwrites the key of an Add once it returns, and prints the case so.
//
// The property tests check, without the reference, that there are no false negatives through
// saturation and removals, that the false-positive rate matches (1 − e^(−k·n/m))^k for the n keys
// present after adds and removes (property.go), and that the counters are packed. Two tests can
// fail a right filter by chance: the rate (fprate.Bounds), and the remove-absent property's emptied
// filter (if a counter reached 15: 2·10⁻¹⁵); below 10⁻⁶ per grading in all.
package countingbloom

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// suite holds the two implementations the tests run.
type suite struct {
	learner, reference API
}

// maxCount is the largest value of a counter.
const maxCount = 15

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	s := &suite{learner: learner, reference: reference}
	newF := func() Filter { return learner.New(64, 3) }
	return &harness.Suite{
		Exercise: ex.Name,
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Args: []any{uint64(64), uint(3)}, Call: func() { newF() }},
			{Method: "Add", Args: []any{[]byte("a")}, Call: func() { newF().Add([]byte("a")) }},
			{Method: "Remove", Args: []any{[]byte("a")}, Call: func() { newF().Remove([]byte("a")) }},
			{Method: "Test", Args: []any{[]byte("a")}, Call: func() { newF().Test([]byte("a")) }},
			{Method: "Count", Args: []any{[]byte("a")}, Call: func() { newF().Count([]byte("a")) }},
			{Method: "M", Call: func() { newF().M() }},
			{Method: "K", Call: func() { newF().K() }},
		},
		Tests: []harness.Test{
			// The example of the exercise's doc.
			{Name: "example", Kind: harness.Fixed, Run: s.example},
			// M and K report exactly what New was given, also when m is no multiple of 16, and
			// for k past 255 and 65,535.
			{Name: "edge/m-and-k", Kind: harness.Fixed, Run: s.mAndK},
			// A fresh filter has every counter at 0: Test false, Count 0 and Remove false for
			// every key, at any m and k.
			{Name: "edge/empty-filter", Kind: harness.Fixed, Run: s.emptyFilter},
			// nil and the empty slice are the same key, and a valid one.
			{Name: "edge/empty-and-nil-keys", Kind: harness.Fixed, Run: s.emptyAndNilKeys},
			// Keys added and all removed leave the filter empty again.
			{Name: "edge/add-remove-all", Kind: harness.Fixed, Run: s.addRemoveAll},
			// With one counter every position is counter 0: one Add moves it by k, so Count is
			// exact, and a few Adds fill it.
			{Name: "edge/one-counter", Kind: harness.Fixed, Run: s.oneCounter},
			// A key added 20 times: Count goes 1, 2, ... 15 and stays at 15; 16 Adds must not
			// wrap a counter to 0.
			{Name: "edge/count-to-15", Kind: harness.Fixed, Run: s.countTo15},
			// A key added 100 times and removed 99 times is still present: a counter at 15
			// never comes down.
			{Name: "edge/saturation-sticks", Kind: harness.Fixed, Run: s.saturationSticks},
			// Removing keys that test false changes nothing: the key present stays present.
			{Name: "edge/remove-absent", Kind: harness.Fixed, Run: s.removeAbsent},
			// New panics when m == 0 or k == 0.
			{Name: "edge/new-panics", Kind: harness.Fixed, Run: s.newPanics},
			// Random Add, Remove, Test, Count, M and K over a small pool of keys in small
			// filters, every answer checked where the contract makes it exact for any hash.
			{Name: "random/sequences", Kind: harness.Differential, Run: s.randomSequences},
			// Random sequences whose Adds get a buffer the caller overwrites once Add returns,
			// over keys and their bitwise complements (what the overwritten buffers hold): a
			// filter that kept a key's slice reads other bytes later.
			{Name: "random/reused-buffers", Kind: harness.Differential, Run: s.reusedBuffers},
			// Random sequences on two filters at once: each keeps its counters to itself.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: s.twoAtOnce},
			// Every key present tests true, through saturation, removals and removes of keys
			// testing false, in small filters with keys of every kind.
			{Name: "property/no-false-negatives", Kind: harness.Property, Run: s.noFalseNegatives},
			// Removes of keys that test false return false and change nothing: every key
			// present still tests true, with its Count.
			{Name: "property/remove-absent", Kind: harness.Property, Run: s.removeAbsentProperty},
			// How Add, Remove, Test and Count grow with the number of keys and of counters,
			// against the reference.
			performance(learner, reference),
			// The tests below are heavy (millions of counters, or hundreds of thousands of
			// calls): they run after the performance test, which names an operation that grows
			// with n or m better than their CPU backstop would.
			// The counters are packed: about m/2 bytes, and nothing more as keys are added.
			{Name: "property/memory", Kind: harness.Property, Run: s.memory},
			// The measured false-positive rate matches (1 − e^(−k·n/m))^k for the n keys present:
			// after adds, and after adds and removes.
			{Name: "property/false-positive-rate", Kind: harness.Property, Run: s.falsePositiveRate},
			// 200,000 keys in a filter sized for them, a third removed: no false negatives.
			{Name: "property/large-no-false-negatives", Kind: harness.Property, Run: s.largeNoFalseNegatives},
			// In a filter of 8 million counters, the rate still matches: the positions reach
			// every counter.
			{Name: "property/large-filter", Kind: harness.Property, Run: s.largeFilter},
		},
	}
}

// RemoveAbsent is the pseudo-method of the call "!f.Test(key) && f.Remove(key)": Remove of a key,
// made only when the key tests false, so that it is never the caller's error. Its result is
// false for every right filter.
const RemoveAbsent = "RemoveAbsent"

// Agree is the pseudo-method of the check "f.Test(key) == (f.Count(key) > 0)": Count is the
// smallest of the key's k counters and Test asks whether all k are above 0, so for any hash,
// present or absent key, the two agree. Its result is true for every right filter.
const Agree = "Agree"

// AddOverwritten is the pseudo-method of an Add whose key the caller overwrites as soon as Add
// returns (each byte flipped): a filter that kept the slice would later read other bytes.
const AddOverwritten = "AddOverwritten"

// tracker knows what the contract makes exact for any hash: each key's adds minus removes, m and
// k, and whether a counter can have reached 15.
type tracker struct {
	net  map[string]int // adds minus removes of each key present
	m    uint64
	k    uint
	load int  // the sum of net: keys present, with their copies
	full bool // some counter may have reached 15: load·k reached 15 at some time
	one  int  // m == 1: the only counter, exactly
	// broken is set by a call the caller must not make (Remove of a key not present that may
	// test true), which only the shrinker creates, by deleting calls: from then on nothing is
	// called or checked, so such a sequence never fails.
	broken bool
}

func newTracker(m uint64, k uint) *tracker {
	return &tracker{net: map[string]int{}, m: m, k: k}
}

// empty reports whether every counter is surely 0.
func (r *tracker) empty() bool {
	if r.m == 1 {
		return r.one == 0
	}
	return r.load == 0 && !r.full
}

// valid reports whether c is a call the contract lets the caller make now.
func (r *tracker) valid(c harness.Call) bool {
	if r.broken {
		return false
	}
	if c.Method == "Remove" && r.net[string(c.Args[0].([]byte))] == 0 && !r.empty() {
		r.broken = true
		return false
	}
	return true
}

// expect returns the expected result of c (nil: not checked, or no result) and records its
// effect. c must be valid.
func (r *tracker) expect(c harness.Call) any {
	var key string
	if len(c.Args) > 0 {
		key = string(c.Args[0].([]byte))
	}
	switch c.Method {
	case "Add", AddOverwritten:
		r.net[key]++
		r.load++
		r.full = r.full || r.load*int(r.k) >= maxCount
		for range r.k {
			r.one = min(r.one+1, maxCount)
		}
		return nil
	case "Remove":
		if r.net[key] == 0 {
			return false // the filter is empty
		}
		r.net[key]--
		if r.net[key] == 0 {
			delete(r.net, key)
		}
		r.load--
		for range r.k {
			if r.one < maxCount {
				r.one--
			}
		}
		return true
	case RemoveAbsent:
		if r.net[key] > 0 {
			return nil // Test is true: Remove is not called (Test is checked elsewhere)
		}
		return false
	case Agree:
		return true
	case "Test":
		switch {
		case r.m == 1:
			return r.one > 0
		case r.net[key] > 0:
			return true
		case r.empty():
			return false
		}
		return nil
	case "Count":
		switch {
		case r.m == 1:
			return uint(r.one)
		case r.empty():
			return uint(0)
		}
		hi := maxCount
		if !r.full {
			hi = min(hi, r.load*int(r.k))
		}
		return countRange{lo: uint(min(r.net[key], maxCount)), hi: uint(hi)}
	case "M":
		return r.m
	case "K":
		return r.k
	}
	panic("countingbloom suite: unknown method " + c.Method)
}

// countRange expects a Count from lo to hi.
type countRange struct{ lo, hi uint }

// Accepts reports whether got is in the range.
func (c countRange) Accepts(got any) bool {
	n, ok := got.(uint)
	return ok && n >= c.lo && n <= c.hi
}

// Cond is the Go condition that got is outside the range.
func (c countRange) Cond(got string) string {
	switch {
	case c.lo == c.hi:
		return fmt.Sprintf("%s != %d", got, c.lo)
	case c.lo == 0:
		return fmt.Sprintf("%s > %d", got, c.hi)
	}
	return fmt.Sprintf("%s < %d || %s > %d", got, c.lo, got, c.hi)
}

// String describes the range.
func (c countRange) String() string {
	if c.lo == c.hi {
		return fmt.Sprint(c.lo)
	}
	return fmt.Sprintf("%d to %d", c.lo, c.hi)
}

// box is one side of a filter sequence: the graded filter with a tracker that tells which calls
// are the caller's to make, or a tracker alone as the expected side.
type box struct {
	f Filter // the graded filter; nil on the expected side
	r *tracker
}

// filterModel drives filters made by newFilter, printed as init, with a tracker of m counters
// and k hash functions as the expected side.
func filterModel(init string, newFilter func() Filter, m uint64, k uint) harness.Model[*box] {
	return harness.Model[*box]{
		Recv: "f", Init: init,
		New:      func() *box { return &box{f: newFilter(), r: newTracker(m, k)} },
		Ref:      func() *box { return &box{r: newTracker(m, k)} },
		Do:       do,
		Simplify: simplifyKeys,
		Hint:     func(f harness.Mismatch) string { return filterHint(f, newFilter, m, k) },
	}
}

// filter is the model of the learner's New(m, k).
func (s *suite) filter(m uint64, k uint) harness.Model[*box] {
	return filterModel(fmt.Sprintf("New(%s, %d)", harness.Lit(m), k), func() Filter { return s.learner.New(m, k) }, m, k)
}

// do runs one call on a side. The graded filter gets a fresh copy of the key, as the printed
// case's literal is: only AddOverwritten overwrites it, as its printed case does.
func do(b *box, c harness.Call) any {
	if !b.r.valid(c) {
		return nil
	}
	want := b.r.expect(c)
	if b.f == nil {
		return want
	}
	return call(b.f, c)
}

// call makes the call c on the graded filter f.
func call(f Filter, c harness.Call) any {
	if c.Method == "M" || c.Method == "K" {
		return dispatch(f, c)
	}
	key := bytes.Clone(c.Args[0].([]byte))
	switch c.Method {
	case AddOverwritten:
		f.Add(key)
		bytekeys.Scribble(key)
		return nil
	case RemoveAbsent:
		return !f.Test(key) && f.Remove(key)
	case Agree:
		return f.Test(key) == (f.Count(key) > 0)
	}
	return dispatch(f, harness.Call{Method: c.Method, Args: []any{key}})
}

// keyCall is a call of a method with a key; the pseudo-methods print as the Go they run.
func keyCall(method string, key []byte) harness.Call {
	c := harness.Call{Method: method, Args: []any{key}}
	if method == "Add" || method == "Remove" || method == "Test" || method == "Count" {
		return c
	}
	lit := harness.Lit(key)
	switch method {
	case RemoveAbsent:
		c.Text = fmt.Sprintf("!f.Test(%s) && f.Remove(%s)", lit, lit)
	case Agree:
		c.Text = fmt.Sprintf("f.Test(%s) == (f.Count(%s) > 0)", lit, lit)
	case AddOverwritten:
		if len(key) == 0 {
			c.Text = fmt.Sprintf("f.Add(%s)", lit)
			break
		}
		c.Text = fmt.Sprintf("{ // the caller reuses its buffer once Add returns\n\t\tkey := %s\n\t\tf.Add(key)\n"+
			"\t\tfor i := range key {\n\t\t\tkey[i] ^= 0xff\n\t\t}\n\t}", lit)
	}
	return c
}

// withAgree follows every Test and Count in calls with the Agree check of its key.
func withAgree(calls []harness.Call) []harness.Call {
	out := make([]harness.Call, 0, len(calls)+len(calls)/2)
	for _, c := range calls {
		out = append(out, c)
		if c.Method == "Test" || c.Method == "Count" {
			out = append(out, keyCall(Agree, c.Args[0].([]byte)))
		}
	}
	return out
}

// Steps of a script: each expects want (nil: not checked).
func add(key []byte) harness.Step { return harness.Step{Call: keyCall("Add", key)} }
func remove(key []byte, want bool) harness.Step {
	return harness.Step{Call: keyCall("Remove", key), Want: want}
}
func removeAbsent(key []byte) harness.Step {
	return harness.Step{Call: keyCall(RemoveAbsent, key), Want: false}
}
func test(key []byte, want any) harness.Step {
	return harness.Step{Call: keyCall("Test", key), Want: want}
}
func count(key []byte, want any) harness.Step {
	if n, ok := want.(int); ok {
		want = uint(n)
	}
	return harness.Step{Call: keyCall("Count", key), Want: want}
}

// str is a key written as a string.
func str(s string) []byte { return []byte(s) }

// size expects M() == m and K() == k.
func size(m uint64, k uint) []harness.Step {
	return []harness.Step{
		{Call: harness.Call{Method: "M"}, Want: m},
		{Call: harness.Call{Method: "K"}, Want: k},
	}
}

// script runs steps on a fresh filter of model m.
func script(t *harness.T, m harness.Model[*box], steps ...[]harness.Step) {
	var all []harness.Step
	for _, s := range steps {
		for _, st := range s {
			all = append(all, st)
			if st.Call.Method == "Test" || st.Call.Method == "Count" {
				all = append(all, harness.Step{Call: keyCall(Agree, st.Call.Args[0].([]byte)), Want: true})
			}
		}
	}
	harness.Script(t, m, all)
}

// onlyKey is the Count of the only key in a filter of k hash functions, after adds Adds and
// removes Removes of it: each counter it uses holds j·(adds − removes) for the j of its k
// positions that coincide there, or 15 once j·adds reached 15, and Count is the smallest. Any
// j from 1 to k may be the smallest's, so any of those values is right.
func onlyKey(adds, removes int, k uint) harness.OneOf {
	var values harness.OneOf
	seen := map[uint]bool{}
	for j := 1; j <= int(k); j++ {
		v := uint(maxCount)
		if j*adds < maxCount {
			v = uint(j * (adds - removes))
		}
		if !seen[v] {
			seen[v] = true
			values = append(values, v)
		}
	}
	return values
}

// example is the example of the exercise's doc.
func (s *suite) example(t *harness.T) {
	g := str("gopher")
	script(t, s.filter(1024, 3), []harness.Step{
		add(g), add(g), count(g, onlyKey(2, 0, 3)), remove(g, true), count(g, onlyKey(2, 1, 3)),
		test(g, true), remove(g, true), test(g, false), remove(str("rustacean"), false),
	}, size(1024, 3))
}

// mAndK checks M and K at m around a word's size and beyond, with several k, some past what
// 8 and 16 bits hold (a k kept in a uint8 or a uint16 is another k).
func (s *suite) mAndK(t *harness.T) {
	for _, m := range []uint64{1, 15, 16, 17, 1000, 1 << 20} {
		for _, k := range []uint{1, 3, 7, 20, 300, 70_000} {
			script(t, s.filter(m, k), size(m, k))
		}
	}
}

// emptyFilter tests, counts and removes keys of every kind on fresh filters.
func (s *suite) emptyFilter(t *harness.T) {
	for _, m := range []uint64{1, 16, 17, 1000} {
		for _, k := range []uint{1, 7} {
			var steps []harness.Step
			for _, key := range bytekeys.Few() {
				steps = append(steps, test(key, false), count(key, 0), remove(key, false))
			}
			script(t, s.filter(m, k), steps)
		}
	}
}

// emptyAndNilKeys adds nil and finds the empty slice, and the other way round.
func (s *suite) emptyAndNilKeys(t *harness.T) {
	script(t, s.filter(1000, 3), []harness.Step{
		add(nil), test(nil, true), test([]byte{}, true), count([]byte{}, onlyKey(1, 0, 3)),
		remove([]byte{}, true), test(nil, false),
	})
	script(t, s.filter(1000, 3), []harness.Step{
		add([]byte{}), test(nil, true), remove(nil, true), test([]byte{}, false), count(nil, 0),
	})
}

// addRemoveAll adds four keys to small filters (12 increments at most, so no counter can reach
// 15), removes them all, and finds the filter empty.
func (s *suite) addRemoveAll(t *harness.T) {
	keys := [][]byte{str("a"), str("b"), str("ab"), {0}}
	for _, c := range []struct {
		m uint64
		k uint
	}{{16, 3}, {17, 2}, {64, 3}, {1000, 1}} {
		var steps []harness.Step
		for _, key := range keys {
			steps = append(steps, add(key))
		}
		for _, key := range keys {
			steps = append(steps, test(key, true))
		}
		for _, key := range keys {
			steps = append(steps, remove(key, true))
		}
		for _, key := range append(keys, bytekeys.Few()...) {
			steps = append(steps, test(key, false), count(key, 0))
		}
		script(t, s.filter(c.m, c.k), steps)
	}
}

// countTo15 adds one key 20 times to a large filter, checking Count after each Add.
func (s *suite) countTo15(t *harness.T) {
	for _, k := range []uint{1, 3} {
		a := str("counted")
		var steps []harness.Step
		for i := 1; i <= 20; i++ {
			steps = append(steps, add(a), count(a, onlyKey(i, 0, k)))
		}
		steps = append(steps, test(a, true))
		script(t, s.filter(1<<16, k), steps)
	}
}

// saturationSticks adds a key 100 times and removes it 99 times: it stays at 15, present. First,
// in a filter of one counter and 5 hash functions, 4 Adds take the counter to 15 (20 in truth),
// and 3 Removes must leave it there.
func (s *suite) saturationSticks(t *harness.T) {
	a := str("saturated")
	script(t, s.filter(1, 5), []harness.Step{
		add(a), add(a), add(a), add(a), remove(a, true), remove(a, true), remove(a, true), test(a, true), count(a, 15),
	})
	for _, k := range []uint{1, 4} {
		a := str("saturated")
		var steps []harness.Step
		for range 100 {
			steps = append(steps, add(a))
		}
		for range 99 {
			steps = append(steps, remove(a, true))
		}
		steps = append(steps, test(a, true), count(a, 15))
		script(t, s.filter(4096, k), steps)
	}
}

// oneCounter checks filters of one counter, where one Add moves it by k: Count is exact.
func (s *suite) oneCounter(t *harness.T) {
	for _, k := range []uint{5, 3, 1} {
		a, b := str("a"), str("b")
		steps := []harness.Step{
			test(a, false), add(a), count(b, int(k)), test(b, true), add(a), count(a, min(2*int(k), 15)),
			remove(a, true), count(a, int(k)), remove(a, true), test(a, false), count(b, 0), remove(b, false),
		}
		// Fill it past 15, then take one Add away: a saturated counter stays.
		n := maxCount/int(k) + 2
		for range n {
			steps = append(steps, add(a))
		}
		steps = append(steps, count(a, 15), remove(a, true), count(b, 15), test(b, true))
		script(t, s.filter(1, k), steps, size(1, k))
	}
}

// removeAbsent adds one key to a filter of 8 counters and removes many keys that test false,
// most of which share a counter with it: it must stay present.
func (s *suite) removeAbsent(t *harness.T) {
	a := str("present")
	steps := []harness.Step{add(a)}
	for i := range 30 {
		steps = append(steps, removeAbsent(fmt.Appendf(nil, "absent%d", i)))
	}
	steps = append(steps, test(a, true), count(a, onlyKey(1, 0, 3)), remove(a, true), test(a, false))
	script(t, s.filter(8, 3), steps)
}

// newPanics checks the panics of New.
func (s *suite) newPanics(t *harness.T) {
	for _, c := range []struct {
		m uint64
		k uint
	}{{0, 1}, {0, 7}, {1000, 0}, {0, 0}} {
		call := harness.Call{Method: "New", Args: []any{c.m, c.k}, Func: true}
		if _, ok := t.MustPanic(call, func() { s.learner.New(c.m, c.k) }); !ok {
			t.Fail(&record.Failure{
				Verdict: verdict.WrongAnswer, Op: call.Short(),
				Message: fmt.Sprintf("%s returned without panicking", call.Short()),
				Hint:    "New panics if m == 0 or k == 0: a filter needs at least one counter and one hash function",
			})
		}
	}
}

// randomSequences runs random calls over a small pool of keys on small filters, one of a single
// counter, so that keys repeat, share counters and saturate them.
func (s *suite) randomSequences(t *harness.T) {
	rng := t.Rand()
	pool := keyPool(rng)
	for _, c := range []struct {
		m uint64
		k uint
	}{{1, 4}, {1, 1}, {3, 2}, {16, 3}, {17, 5}, {64, 3}, {200, 7}, {1000, 2}} {
		harness.Compare(t, s.filter(c.m, c.k), sequence(rng, pool, c.m, c.k, 800))
	}
}

// twoAtOnce runs random sequences on two filters at once (harness.TwinsOf), the second of other
// m and k: a filter that keeps its counters, or its m or k, in package-level variables fails it.
func (s *suite) twoAtOnce(t *harness.T) {
	rng := t.Rand()
	pool := keyPool(rng)
	harness.TwinsOf(t, s.filter(1000, 3), s.filter(1500, 7),
		sequence(rng, pool, 1000, 3, 600), sequence(rng, pool, 1500, 7, 300))
}

// sequence draws at least n random calls over pool for a filter of m counters and k hash
// functions, with the Agree checks of withAgree: Adds (some in bursts past 15), Removes of keys
// present or of any key while the filter is surely empty, removes of keys testing false, Tests,
// Counts, M and K.
func sequence(rng *rand.Rand, pool [][]byte, m uint64, k uint, n int) []harness.Call {
	r := newTracker(m, k)
	calls := make([]harness.Call, 0, n+16)
	for len(calls) < n {
		key := pool[rng.IntN(len(pool))]
		present := r.net[string(key)] > 0
		var next []harness.Call
		switch x := rng.IntN(100); {
		case x < 2:
			next = []harness.Call{{Method: "M"}}
		case x < 4:
			next = []harness.Call{{Method: "K"}}
		case x < 7:
			// A burst of Adds of one key: past 15 on its own.
			for range 16 {
				next = append(next, keyCall("Add", key))
			}
		case x < 40:
			next = []harness.Call{keyCall("Add", key)}
		case x < 60:
			if present || r.empty() {
				next = []harness.Call{keyCall("Remove", key)}
			} else {
				next = []harness.Call{keyCall(RemoveAbsent, key)}
			}
		case x < 70:
			next = []harness.Call{keyCall(RemoveAbsent, key)}
		case x < 85:
			next = []harness.Call{keyCall("Test", key)}
		default:
			next = []harness.Call{keyCall("Count", key)}
		}
		for _, nc := range next {
			r.valid(nc)
			r.expect(nc)
		}
		calls = append(calls, next...)
	}
	return withAgree(calls)
}

// reusedBuffers runs random Adds with overwritten keys, Removes, Tests and Counts over a pool
// of keys and their complements, in filters of a few sizes.
func (s *suite) reusedBuffers(t *harness.T) {
	rng := t.Rand()
	var pool [][]byte
	for _, key := range keyPool(rng)[1:8] {
		flipped := bytes.Clone(key)
		bytekeys.Scribble(flipped)
		pool = append(pool, key, flipped)
	}
	for _, c := range []struct {
		m uint64
		k uint
	}{{64, 3}, {1000, 2}} {
		r := newTracker(c.m, c.k)
		var calls []harness.Call
		for len(calls) < 300 {
			key := pool[rng.IntN(len(pool))]
			var nc harness.Call
			switch x := rng.IntN(100); {
			case x < 45:
				nc = keyCall(AddOverwritten, key)
			case x < 60 && (r.net[string(key)] > 0 || r.empty()):
				nc = keyCall("Remove", key)
			case x < 60:
				nc = keyCall(RemoveAbsent, key)
			case x < 80:
				nc = keyCall("Test", key)
			default:
				nc = keyCall("Count", key)
			}
			r.valid(nc)
			r.expect(nc)
			calls = append(calls, nc)
		}
		harness.Compare(t, s.filter(c.m, c.k), withAgree(calls))
	}
}

// filterHint names the usual cause of a wrong answer of a filter of m counters and k hash
// functions, from the shrunk case: replaying it without some of its calls tells which call
// breaks the filter.
func filterHint(f harness.Mismatch, newFilter func() Filter, m uint64, k uint) string {
	last := f.Calls[len(f.Calls)-1]
	if f.Panic == nil && harness.LateWork(f, func() func(harness.Call) any {
		b := &box{f: newFilter(), r: newTracker(m, k)}
		return func(c harness.Call) any { return do(b, c) }
	}) {
		return harness.LateHint("an Add or a Remove", "the counters", "a Test or a Count")
	}
	if keptKey(f, newFilter, m, k) {
		return keptHint
	}
	if f.Panic == nil && emptyKeyWrong(f.Calls, newFilter) {
		return "the empty key (nil or []byte{}) is a valid key: after Add(nil), Test(nil) is false in a fresh " +
			"filter, where a one-letter key is found. Hash it as any other (a hash of no bytes is a hash " +
			"like any other), and let Add, Test, Count and Remove treat it as they treat every key"
	}
	if f.Panic != nil {
		if emptyKeyPanics(f.Calls, newFilter) {
			return "the empty key (nil or []byte{}) is a valid key: the case panics with it and not with a " +
				"one-letter key in its place, so read no byte of the key beyond len(key) (no key[0]), and " +
				"hash it as any other"
		}
		// Each hint only for the slice the panic's length shows: the counters, or a buffer of
		// positions shorter than k.
		switch i, n, ok := harness.OutOfRange(f.Panic); {
		case ok && (n < 0 || harness.Holds(n, m, 4)):
			return "every position must lie in 0..m-1 (reduce it mod m), and m counters of 4 bits need " +
				"(m+15)/16 words"
		case ok && n < int(k) && i == n:
			return fmt.Sprintf("a filter of k = %d hash functions has %d positions per key, and a buffer of %d "+
				"holds fewer: size it by k (or compute each position as you use it)", k, k, n)
		}
		return ""
	}
	switch last.Method {
	case "M", "K":
		return "M() and K() return m and k exactly as given to New, not the size of your storage"
	case RemoveAbsent:
		return absentHint
	case Agree:
		return agreeHint
	}
	adds, removes, absent, most := 0, 0, 0, 0
	perKey := map[string]int{}
	for _, c := range f.Calls[:len(f.Calls)-1] {
		switch c.Method {
		case "Add", AddOverwritten:
			adds++
			perKey[string(c.Args[0].([]byte))]++
			most = max(most, perKey[string(c.Args[0].([]byte))])
		case "Remove":
			removes++
		case RemoveAbsent:
			absent++
		}
	}
	without := func(method string) bool {
		return replayFails(newFilter, f.Calls, m, k, func(c harness.Call) bool { return c.Method == method })
	}
	if absent > 0 && !without(RemoveAbsent) {
		return absentHint
	}
	heavy := most*int(k) >= maxCount || m == 1 && adds*int(k) >= maxCount
	low := below(f)
	got, counted := f.Got.(uint)
	counted = counted && last.Method == "Count"
	want, _ := f.Want.(uint)
	switch {
	case heavy && low && counted && got == maxCount-1 && want == maxCount && (removes == 0 || without("Remove")):
		return "a counter has 4 bits and holds 0 to 15: Add must raise it up to 15 and only there leave it as " +
			"it is (one that stops at 14 never reaches the value that sticks)"
	case heavy && low && (removes == 0 || without("Remove")):
		return "a counter has 4 bits and stops at 15: Add must leave a counter at 15 as it is (15 + 1 wraps " +
			"to 0 in 4 bits, and spills into the next counter in a packed word)"
	case heavy && low:
		return "a counter at 15 has lost its true count and must stay at 15 for ever: Add leaves it at 15, " +
			"and Remove must not subtract from it, or keys still present lose it"
	case low && removes == 0 && len(perKey) > 1 && othersClear(f, newFilter, m, k):
		return "another key's Add took one of this key's counters back down: writing a counter must leave " +
			"the counters packed beside it as they are (add 1<<shift to the word, or clear only its 4 bits " +
			"with a mask before writing them; storing the new value over the whole byte or word clears the rest)"
	case m == 1 && counted && removes == 0 && adds > 0 && got == 0:
		return "with m == 1 every position is counter 0, yet after an Add, Count read 0: reduce each position " +
			"mod m, the m given to New (not mod the counters your words hold), so that Add and Count use " +
			"counters 0..m-1 only"
	case m == 1 && counted && removes == 0 && low:
		return "with m == 1 every position is counter 0, so one Add moves it by k (up to 15), and Count " +
			"reads it: treat the k positions one by one, never as a set, so a counter two positions share " +
			"moves by 2"
	case m == 1 && counted && !low && removes > 0 && got == want+uint(removes)*(k-1):
		return "with m == 1 every position is counter 0: one Add raises it by k, so one Remove must lower it by " +
			"k: treat the k positions one by one, never as a set, so a counter two positions share goes down by 2"
	case removes > 0 && low:
		return "Remove takes away one Add: subtract 1 at each of the key's k positions, as Add adds (a counter " +
			"two positions share goes down by 2), and never set a counter to 0"
	case removes > 0:
		return "Remove must lower the counter at each of the key's k positions by 1, undoing one Add (a counter " +
			"two positions share goes down by 2), so that once every key is removed every counter is back to 0: " +
			"Test false, Count 0, and Remove false"
	case last.Method == "Count" && !low:
		return "Count is the smallest of the key's k counters, at most 15, and 0 in a fresh filter"
	case !low:
		return "a fresh filter has every counter at 0, so Test is false and Remove returns false for every key"
	case last.Method == "Count":
		return "Count is the smallest of the key's k counters, and each Add raises each of them by 1"
	}
	return "after Add(key), Test(key) must be true: Add raises all k of the key's counters before it " +
		"returns, and Test (and Remove, which checks the key first) must read those same k counters"
}

// emptyKeyPanics reports whether the panicking calls use the empty key and stop panicking when
// every empty key is replaced by a one-letter key not in the case: then the empty key is the cause.
func emptyKeyPanics(calls []harness.Call, newFilter func() Filter) bool {
	replaced, ok := withoutEmptyKeys(calls)
	return ok && !panics(func() {
		f := newFilter()
		for _, c := range replaced {
			call(f, c)
		}
	})
}

// emptyKeyWrong reports whether the failing calls use the empty key and a fresh filter loses the
// empty key where it keeps another: Test(nil) is false after Add(nil), and Test of a one-letter
// key true after its Add. Replacing the empty key in the case is no evidence: other keys land on
// other counters, and a case that fails through counters two keys share passes with them.
func emptyKeyWrong(calls []harness.Call, newFilter func() Filter) bool {
	if !slices.ContainsFunc(calls, func(c harness.Call) bool { return len(c.Args) > 0 && len(c.Args[0].([]byte)) == 0 }) {
		return false
	}
	return harness.Evidence(func() bool {
		lost := newFilter()
		lost.Add(nil)
		kept := newFilter()
		kept.Add([]byte("a"))
		return !lost.Test(nil) && kept.Test([]byte("a"))
	})
}

// withoutEmptyKeys returns calls with every empty key replaced by a one-letter key that no call
// uses, and false if no call uses the empty key or every letter is taken.
func withoutEmptyKeys(calls []harness.Call) ([]harness.Call, bool) {
	seen := map[string]bool{}
	empty := false
	for _, c := range calls {
		if len(c.Args) > 0 {
			key := c.Args[0].([]byte)
			seen[string(key)] = true
			empty = empty || len(key) == 0
		}
	}
	letter := bytekeys.FreeLetter(seen)
	if !empty || letter == nil {
		return nil, false
	}
	return keySimplifier.Map(calls, func(key []byte) []byte {
		if len(key) == 0 {
			return letter
		}
		return key
	}), true
}

// panics reports whether fn panics.
func panics(fn func()) (p bool) {
	defer func() {
		if recover() != nil {
			p = true
		}
	}()
	fn()
	return false
}

// keptHint is the hint of a failure that goes away when the caller does not overwrite its keys.
const keptHint = "the filter keeps the caller's key slice: the caller may reuse or overwrite it as soon as " +
	"Add returns (the case does), so hash the bytes during the call (or copy them), and keep no reference"

// keptKey reports whether a failure with keys overwritten after Add goes away when they are not:
// then the filter kept a reference to a key.
func keptKey(f harness.Mismatch, newFilter func() Filter, m uint64, k uint) bool {
	if !slices.ContainsFunc(f.Calls, func(c harness.Call) bool { return c.Method == AddOverwritten }) {
		return false
	}
	plain := make([]harness.Call, len(f.Calls))
	for i, c := range f.Calls {
		if c.Method == AddOverwritten {
			c = keyCall("Add", c.Args[0].([]byte))
		}
		plain[i] = c
	}
	return !replayFails(newFilter, plain, m, k, func(harness.Call) bool { return false })
}

// agreeHint is the hint of a Test and a Count of one key that disagree.
const agreeHint = "Count is the smallest of the key's k counters, and Test asks whether all k are above 0: " +
	"Test(key) is true exactly when Count(key) > 0. Read the same k counters in both, and keep the least"

// absentHint is the hint of a Remove of a key testing false that changed something.
const absentHint = "Remove of a key that tests false must return false and change nothing: its counters belong " +
	"to other keys. Check all k counters before you lower any"

// below reports whether the graded filter answered below what was expected: false for a key
// present, or a Count too small.
func below(f harness.Mismatch) bool {
	switch want := f.Want.(type) {
	case bool:
		return want
	case uint:
		got, _ := f.Got.(uint)
		return got < want
	case countRange:
		got, _ := f.Got.(uint)
		return got < want.lo
	}
	return false
}

// othersClear reports whether the failing case f passes once the Adds of every key but the one
// its last call asks about are taken out: another key's Add lowered that key's counters.
func othersClear(f harness.Mismatch, newFilter func() Filter, m uint64, k uint) bool {
	last := f.Calls[len(f.Calls)-1]
	if len(last.Args) == 0 {
		return false
	}
	key, ok := last.Args[0].([]byte)
	if !ok {
		return false
	}
	return !replayFails(newFilter, f.Calls, m, k, func(c harness.Call) bool {
		return (c.Method == "Add" || c.Method == AddOverwritten) && string(c.Args[0].([]byte)) != string(key)
	})
}

// replayFails replays calls on a fresh filter without those that drop selects, then tests and
// counts every key present, and reports whether any answer is wrong: whether the failure still
// happens without the dropped calls.
func replayFails(newFilter func() Filter, calls []harness.Call, m uint64, k uint, drop func(harness.Call) bool) (fails bool) {
	defer func() {
		if recover() != nil {
			fails = true
		}
	}()
	fl := newFilter()
	r := newTracker(m, k)
	check := func(c harness.Call) bool {
		if !r.valid(c) {
			return false
		}
		want := r.expect(c)
		got := call(fl, c)
		if e, ok := want.(harness.Expect); ok {
			return !e.Accepts(got)
		}
		return want != nil && got != want
	}
	for _, c := range calls {
		if !drop(c) && check(c) {
			return true
		}
	}
	for _, c := range calls {
		if (c.Method == "Add" || c.Method == AddOverwritten) && r.net[string(c.Args[0].([]byte))] > 0 {
			if check(keyCall("Test", c.Args[0].([]byte))) || check(keyCall("Count", c.Args[0].([]byte))) {
				return true
			}
		}
	}
	return false
}
