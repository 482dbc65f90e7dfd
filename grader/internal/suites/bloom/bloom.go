// Package bloom holds the hidden tests of the bloom exercise.
//
// Whether a key never added tests true depends on the graded package's hash function, so no test
// compares Test's answer for such a key with the reference's. The fixed tests check what every
// correct filter answers: true for an added key, false on an empty filter, true for everything
// once a filter of one bit holds a key, M and K exactly, and the three sizing formulas at points
// computed independently. The property tests check, without the reference, that there are no false
// negatives, that the false-positive rate matches the formula (property.go), also in a filter of
// 16 million bits, and that the bits are packed. The differential tests compare the sizing
// formulas with the reference over wide random arguments (sizing.go), and drive random Add and
// Test sequences in which every added key must test true, so that a false negative shrinks to a
// few calls.
package bloom

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/fprate"
	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// suite holds the two implementations the tests run.
type suite struct {
	learner, reference API
}

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	s := &suite{learner: learner, reference: reference}
	return &harness.Suite{
		Exercise: ex.Name,
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Args: []any{uint64(64), uint(3)}, Call: func() { learner.New(64, 3) }},
			{Method: "NewWithEstimates", Free: true, Args: []any{uint64(100), 0.01}, Call: func() { learner.NewWithEstimates(100, 0.01) }},
			{Method: "Add", Args: []any{[]byte("a")}, Call: func() { learner.New(64, 3).Add([]byte("a")) }},
			{Method: "Test", Args: []any{[]byte("a")}, Call: func() { learner.New(64, 3).Test([]byte("a")) }},
			{Method: "M", Call: func() { learner.New(64, 3).M() }},
			{Method: "K", Call: func() { learner.New(64, 3).K() }},
			{Method: "OptimalM", Free: true, Args: []any{uint64(100), 0.01}, Call: func() { learner.OptimalM(100, 0.01) }},
			{Method: "OptimalK", Free: true, Args: []any{uint64(1000), uint64(100)}, Call: func() { learner.OptimalK(1000, 100) }},
			{Method: "FalsePositiveRate", Free: true, Args: []any{uint64(1000), uint64(100), uint(7)}, Call: func() { learner.FalsePositiveRate(1000, 100, 7) }},
		},
		Tests: []harness.Test{
			// The example of the exercise's doc. Test("rustacean") is not checked: a false
			// positive there has odds of 2.5·10⁻⁸, but it is not an error.
			{Name: "example", Kind: harness.Fixed, Run: s.example},
			// M and K report exactly what New was given, also when m is no multiple of 64, and
			// for k past 255 and 65,535.
			{Name: "edge/m-and-k", Kind: harness.Fixed, Run: s.mAndK},
			// A fresh filter has every bit clear: Test is false for every key, at any m and k.
			{Name: "edge/empty-filter", Kind: harness.Fixed, Run: s.emptyFilter},
			// Adding a key again leaves it present: Add sets bits, it never toggles them.
			{Name: "edge/add-twice", Kind: harness.Fixed, Run: s.addTwice},
			// nil and the empty slice are the same key, and a valid one.
			{Name: "edge/empty-and-nil-keys", Kind: harness.Fixed, Run: s.emptyAndNilKeys},
			// Keys that are prefixes of one another, and keys that differ only in trailing zero
			// bytes, are all found once added.
			{Name: "edge/prefix-keys", Kind: harness.Fixed, Run: s.prefixKeys},
			// With one bit, every position is 0: once anything is added, every key tests true.
			{Name: "edge/one-bit", Kind: harness.Fixed, Run: s.oneBit},
			// New panics when m == 0 or k == 0; NewWithEstimates unless 0 < p < 1.
			{Name: "edge/new-panics", Kind: harness.Fixed, Run: s.newPanics},
			// OptimalM at points where the ceiling differs from rounding and truncation, at
			// n == 0 and p near 0 and 1, and its panics.
			{Name: "edge/optimal-m", Kind: harness.Fixed, Run: s.optimalMFixed},
			// OptimalK where the floor wins, where the ceiling wins (also below .5, where
			// rounding is wrong), on a tie, at n == 0 and m < n, and its panic.
			{Name: "edge/optimal-k", Kind: harness.Fixed, Run: s.optimalKFixed},
			// FalsePositiveRate at known points, tiny rates included, and its panic.
			{Name: "edge/false-positive-rate", Kind: harness.Fixed, Run: s.falsePositiveRateFixed},
			// NewWithEstimates sizes the filter with the suite's own OptimalM and OptimalK.
			{Name: "edge/new-with-estimates", Kind: harness.Fixed, Run: s.newWithEstimates},
			// The sizing formulas against the reference over wide random arguments.
			{Name: "random/optimal-m", Kind: harness.Differential, Run: s.randomOptimalM},
			{Name: "random/optimal-k", Kind: harness.Differential, Run: s.randomOptimalK},
			{Name: "random/false-positive-rate", Kind: harness.Differential, Run: s.randomFalsePositiveRate},
			// NewWithEstimates over random n and p: its M and K are OptimalM(n, p) and
			// OptimalK(M, n), the suite's own, wherever a k of another rule would differ.
			{Name: "random/new-with-estimates", Kind: harness.Differential, Run: s.randomNewWithEstimates},
			// Random Add and Test over a small pool of keys in small filters: every added key
			// must test true, as must every key in a filter of one bit once it holds one, and
			// none in an empty filter; other answers are not checked. Reference-free.
			{Name: "random/add-test", Kind: harness.Differential, Run: s.randomAddTest},
			// Two filters at once, the second made anew while the first is in use, calls spread over
			// both: a package-level variable that New resets, or that both share, shows here.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: s.twoAtOnce},
			// How Add and Test grow with the number of keys and of bits, against the reference.
			performance(learner, reference),
			// The tests of hundreds of thousands of keys come after the performance test, which
			// names an operation whose cost grows (an Add that recounts the whole array) by its
			// growth and hint, where their CPU backstop could only say that something is slow.
			// Every added key tests true: 200k keys, tiny saturated filters, odd keys, one
			// reused buffer.
			{Name: "property/no-false-negatives", Kind: harness.Property, Run: s.noFalseNegatives},
			// The measured false-positive rate matches FalsePositiveRate within statistical
			// bounds, at several m/n and k.
			{Name: "property/false-positive-rate", Kind: harness.Property, Run: s.falsePositiveRate},
			// The bits are packed: about m/8 bytes, and nothing more as keys are added.
			{Name: "property/memory", Kind: harness.Property, Run: s.memory},
			// In a filter of 16 million bits, far more than 2^20, the rate still matches
			// FalsePositiveRate: the positions reach every bit.
			{Name: "property/large-filter", Kind: harness.Property, Run: s.largeFilter},
		},
	}
}

// box is one side of a filter sequence: the graded filter, or a tracker that knows only which
// keys were added and what New was given. The tracker answers Test only where every correct
// filter must give the same answer: true for a key added, false while nothing is added, and true
// for every key once a filter of one bit holds one. It leaves every other Test unchecked, so the
// sequences need no reference.
type box struct {
	f     Filter          // the graded filter; nil in a tracker
	added map[string]bool // tracker: the keys added so far
	m     uint64          // tracker: m as given to New
	k     uint            // tracker: k as given to New
}

// filterModel drives filters made by newFilter, printed as init, with a tracker of m bits and
// k hash functions as the expected side. sizeHint names the cause of a wrong M or K.
func filterModel(init string, newFilter func() Filter, m uint64, k uint, sizeHint func() string) harness.Model[*box] {
	return harness.Model[*box]{
		Recv: "f", Init: init,
		New:      func() *box { return &box{f: newFilter()} },
		Ref:      func() *box { return &box{added: map[string]bool{}, m: m, k: k} },
		Do:       do,
		Simplify: simplifyKeys,
		Hint: func(f harness.Mismatch) string {
			if last := f.Calls[len(f.Calls)-1]; f.Panic == nil && (last.Method == "M" || last.Method == "K") {
				return sizeHint()
			}
			if f.Panic == nil && harness.LateWork(f, func() func(harness.Call) any {
				b := &box{f: newFilter()}
				return func(c harness.Call) any { return do(b, c) }
			}) {
				return harness.LateHint("an Add", "all k of the key's bits", "a Test")
			}
			if keptKey(newFilter, f) {
				return "Add must not keep the key's slice: the caller may overwrite it as soon as Add returns " +
					"(the judge does), so hash the bytes at once or copy them"
			}
			if emptyKeySkipped(newFilter) {
				return "an empty key (nil or []byte{}) is a key like any other: Add and Test must hash it as " +
					"they hash every key (the hash of no bytes is a hash), not skip it"
			}
			return filterHint(f, m)
		},
		Show: func(f harness.Mismatch) []harness.Call {
			if !keptKey(newFilter, f) {
				return nil
			}
			return reusedBuffer(newFilter, f.Calls)
		},
	}
}

// keptKey reports whether a false negative goes away when the keys are not overwritten after
// each call: then the filter kept a reference to a key. A filter whose Add leaves a goroutine
// behind it to set the bits is not asked: whether the replay's Test comes before or after that
// goroutine is the machine's doing (a loaded one delayed the Test past it, and such a filter was
// told it kept the key's slice), and the hint for a key tested too soon is filterHint's.
func keptKey(newFilter func() Filter, f harness.Mismatch) bool {
	last := f.Calls[len(f.Calls)-1]
	if f.Panic != nil || last.Method != "Test" || f.Want != true || addsLeaveGoroutines(newFilter, f.Calls) {
		return false
	}
	found, ok := replay(newFilter, f.Calls, func(harness.Call) bool { return false })
	return ok && found
}

// addsLeaveGoroutines reports whether one of the Adds of calls, replayed on a fresh filter,
// returns with more goroutines running than before it.
func addsLeaveGoroutines(newFilter func() Filter, calls []harness.Call) bool {
	return harness.Evidence(func() bool {
		fl := newFilter()
		return slices.ContainsFunc(calls, func(c harness.Call) bool {
			return c.Method == "Add" && harness.LeavesGoroutines(func() { fl.Add(bytes.Clone(c.Args[0].([]byte))) })
		})
	})
}

// replay runs the calls of Add and Test in calls on a fresh filter, each with a copy of its key,
// overwritten once the call returns where overwrite says so, and returns the last Test's answer;
// ok is false if the filter panicked.
func replay(newFilter func() Filter, calls []harness.Call, overwrite func(harness.Call) bool) (last, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	fl := newFilter()
	for _, c := range calls {
		if c.Method != "Add" && c.Method != "Test" {
			continue
		}
		key := bytes.Clone(c.Args[0].([]byte))
		if c.Method == "Add" {
			fl.Add(key)
		} else {
			last = fl.Test(key)
		}
		if overwrite(c) {
			bytekeys.Scribble(key)
		}
	}
	return last, true
}

// reusedBuffer prints a false negative that a kept key causes as the judge ran it: each key of
// Add in a buffer overwritten once Add returns. It returns nil (print the calls as they are) if
// overwriting the keys of Add alone does not make the case fail.
func reusedBuffer(newFilter func() Filter, calls []harness.Call) []harness.Call {
	isAdd := func(c harness.Call) bool { return c.Method == "Add" }
	if found, ok := replay(newFilter, calls, isAdd); !ok || found {
		return nil
	}
	shown := slices.Clone(calls)
	declared := false
	for i, c := range shown {
		if !isAdd(c) || len(c.Args[0].([]byte)) == 0 {
			continue
		}
		key := c.Args[0].([]byte)
		var b strings.Builder
		if declared {
			fmt.Fprintf(&b, "key = %s\n", harness.Lit(key))
		} else {
			fmt.Fprintf(&b, "key := %s // the judge overwrites each key once Add returns\n", harness.Lit(key))
			declared = true
		}
		b.WriteString("\tf.Add(key)\n\t")
		if len(key) == 1 {
			b.WriteString("key[0] ^= 0xff")
		} else {
			b.WriteString("for i := range key {\n\t\tkey[i] ^= 0xff\n\t}")
		}
		shown[i].Text = b.String()
	}
	return shown
}

// filter is the model of the learner's New(m, k).
func (s *suite) filter(m uint64, k uint) harness.Model[*box] {
	return filterModel(fmt.Sprintf("New(%s, %d)", harness.Lit(m), k),
		func() Filter { return s.learner.New(m, k) }, m, k, func() string { return newSizeHint })
}

// estimated is the model of the learner's NewWithEstimates(n, p), expected to have the suite's
// own OptimalM(n, p) bits and OptimalK of them hash functions.
func (s *suite) estimated(n uint64, p float64) harness.Model[*box] {
	m := optimalM(n, p)
	k := optimalK(m, n)
	return filterModel(fmt.Sprintf("NewWithEstimates(%d, %s)", n, harness.Lit(p)),
		func() Filter { return s.learner.NewWithEstimates(n, p) }, m, k,
		func() string { return s.estimatesHint(n, p, m, k) })
}

// do runs one call on a side. The graded filter gets a copy of the key, overwritten as soon as
// the call returns: a filter that kept a reference to it would see other bytes later.
func do(b *box, c harness.Call) any {
	if b.f == nil {
		return b.track(c)
	}
	if c.Method != "Add" && c.Method != "Test" {
		return dispatch(b.f, c)
	}
	key := bytes.Clone(c.Args[0].([]byte))
	got := dispatch(b.f, harness.Call{Method: c.Method, Args: []any{key}})
	bytekeys.Scribble(key)
	return got
}

// track runs one call on a tracker; a Test it cannot answer returns nil (no check).
func (b *box) track(c harness.Call) any {
	switch c.Method {
	case "Add":
		b.added[string(c.Args[0].([]byte))] = true
		return nil
	case "Test":
		switch {
		case len(b.added) == 0:
			return false
		case b.added[string(c.Args[0].([]byte))] || b.m == 1:
			return true
		}
		return nil
	case "M":
		return b.m
	case "K":
		return b.k
	}
	panic("bloom suite: unknown method " + c.Method)
}

// add adds a key; test tests one, expecting want (nil: not checked).
func add(key []byte) harness.Step { return harness.Step{Call: bytekeys.KeyCall("Add", key)} }
func test(key []byte, want any) harness.Step {
	return harness.Step{Call: bytekeys.KeyCall("Test", key), Want: want}
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
		all = append(all, s...)
	}
	harness.Script(t, m, all)
}

// example is the example of the exercise's doc.
func (s *suite) example(t *harness.T) {
	script(t, s.filter(1024, 3), []harness.Step{
		add(str("gopher")), test(str("gopher"), true), test(str("rustacean"), nil),
	}, size(1024, 3))
	script(t, s.estimated(1000, 0.01), size(9586, 7))
}

// mAndK checks M and K at m around a word's size and beyond, with several k, some past what
// 8 and 16 bits hold (a k kept in a uint8 or a uint16 is another k).
func (s *suite) mAndK(t *harness.T) {
	for _, m := range []uint64{1, 63, 64, 65, 1000, 1 << 20} {
		for _, k := range []uint{1, 3, 7, 20, 300, 70_000} {
			script(t, s.filter(m, k), size(m, k))
		}
	}
}

// emptyFilter tests keys of every kind on fresh filters.
func (s *suite) emptyFilter(t *harness.T) {
	for _, m := range []uint64{1, 64, 65, 1000} {
		for _, k := range []uint{1, 7} {
			var steps []harness.Step
			for _, key := range bytekeys.Few() {
				steps = append(steps, test(key, false))
			}
			script(t, s.filter(m, k), steps)
		}
	}
}

// addTwice adds keys two and three times.
func (s *suite) addTwice(t *harness.T) {
	for _, m := range []uint64{1000, 65} {
		script(t, s.filter(m, 5), []harness.Step{
			add(str("a")), add(str("a")), test(str("a"), true),
			add(str("b")), add(str("b")), add(str("b")), test(str("b"), true), test(str("a"), true),
			add(str("a")), test(str("a"), true), test(str("b"), true),
		})
	}
}

// emptyAndNilKeys adds nil and tests the empty slice, and the other way round.
func (s *suite) emptyAndNilKeys(t *harness.T) {
	script(t, s.filter(1000, 3), []harness.Step{add(nil), test(nil, true), test([]byte{}, true)})
	script(t, s.filter(1000, 3), []harness.Step{add([]byte{}), test(nil, true), test([]byte{}, true)})
}

// prefixKeys adds every prefix of a word, and a key with ever more trailing zero bytes, then
// tests them all.
func (s *suite) prefixKeys(t *harness.T) {
	const word = "bloomfilter"
	var keys [][]byte
	for i := range len(word) + 1 {
		keys = append(keys, str(word[:i]))
	}
	for i := range 9 {
		keys = append(keys, append(str("z"), make([]byte, i)...))
	}
	var steps []harness.Step
	for _, key := range keys {
		steps = append(steps, add(key))
	}
	for _, key := range keys {
		steps = append(steps, test(key, true))
	}
	script(t, s.filter(4096, 4), steps)
}

// oneBit checks filters of one bit: every position of every key is bit 0.
func (s *suite) oneBit(t *harness.T) {
	for _, k := range []uint{1, 5} {
		script(t, s.filter(1, k), []harness.Step{
			test(str("a"), false), add(str("a")), test(str("a"), true), test(str("b"), true),
			test(nil, true), add(str("b")), test(str("a"), true), test(str("b"), true),
		}, size(1, k))
	}
}

// newPanics checks the panics of New and NewWithEstimates.
func (s *suite) newPanics(t *harness.T) {
	for _, c := range []struct {
		m uint64
		k uint
	}{{0, 1}, {0, 7}, {1000, 0}, {0, 0}} {
		mustPanic(t, fnCall("New", c.m, c.k), func() { s.learner.New(c.m, c.k) },
			"New panics if m == 0 or k == 0: a filter needs at least one bit and one hash function")
	}
	for _, p := range []float64{0, 1, -0.5, math.NaN()} {
		mustPanic(t, fnCall("NewWithEstimates", uint64(100), floatArg(p)), func() { s.learner.NewWithEstimates(100, p) },
			"NewWithEstimates(n, p) panics unless 0 < p < 1, like OptimalM")
	}
}

// newWithEstimates checks the size NewWithEstimates chooses.
func (s *suite) newWithEstimates(t *harness.T) {
	for _, c := range []struct {
		n uint64
		p float64
	}{{1000, 0.01}, {0, 0.5}, {1, 0.5}, {12345, 0.05}, {7, 0.3}, {100_000, 1e-6}, {3, 0.999}} {
		m := optimalM(c.n, c.p)
		script(t, s.estimated(c.n, c.p), size(m, optimalK(m, c.n)))
	}
}

// estimateDraws is how many (n, p) random/new-with-estimates tries: a k rounded from
// (m/n)·ln 2 instead of OptimalK's comparison of its two neighbours differs on about 1.3% of
// them, so that 1,000 draws miss it once in half a million runs.
const estimateDraws = 1000

// randomNewWithEstimates checks NewWithEstimates(n, p) for n from 1 to 100,000 and p from 10^-6
// to 0.999, both log-uniform: filters of at most 2.9 million bits, made and dropped one by one.
func (s *suite) randomNewWithEstimates(t *harness.T) {
	rng := t.Rand()
	for range estimateDraws {
		n, p := uint64(logUniform(rng, 1, 100_000)), logUniform(rng, 1e-6, 0.999)
		m := optimalM(n, p)
		script(t, s.estimated(n, p), size(m, optimalK(m, n)))
	}
}

// newSizeHint is the hint of a filter whose M or K is not what New was given.
const newSizeHint = "M() and K() return m and k exactly as given to New, not the size of your storage"

// estimatesHint names the function to blame when NewWithEstimates(n, p) does not have m bits and k
// hash functions, m = OptimalM(n, p) and k = OptimalK(m, n): New when New(m, k) does not report
// them, else OptimalM, else OptimalK (or the FalsePositiveRate it compares), else
// NewWithEstimates itself.
func (s *suite) estimatesHint(n uint64, p float64, m uint64, k uint) string {
	if !s.reportsSize(m, k) {
		return newSizeHint
	}
	if got, ok := try(func() any { return s.learner.OptimalM(n, p) }); ok && got != m {
		return fmt.Sprintf("NewWithEstimates takes m = OptimalM(%d, %s), and your OptimalM returned %s, want %d: %s",
			n, harness.Lit(p), harness.Lit(got), m, optimalMHint(got, m))
	}
	if got, ok := try(func() any { return s.learner.OptimalK(m, n) }); ok && !expectK(m, n, k).Accepts(got) {
		why := optimalKHint(m, n, got)
		lo, hi := kCandidates(m, n)
		for _, c := range []uint{lo, hi} {
			want := expectRate(fprate.Rate(m, n, c), c)
			if rate, ok := try(func() any { return s.learner.FalsePositiveRate(m, n, c) }); ok && !want.Accepts(rate) {
				why = fmt.Sprintf("it compares FalsePositiveRate, and FalsePositiveRate(%d, %d, %d) returned %s, want %s: "+
					"the rate is (1 − e^(−k·n/m))^k", m, n, c, harness.Lit(rate), want)
				break
			}
		}
		return fmt.Sprintf("NewWithEstimates takes k = OptimalK(%d, %d), and your OptimalK returned %s, want %d: %s",
			m, n, harness.Lit(got), k, why)
	}
	return "NewWithEstimates(n, p) is New(m, OptimalK(m, n)) with m = OptimalM(n, p): your OptimalM and " +
		"OptimalK are right here, so size the filter with them"
}

// reportsSize reports whether the learner's New(m, k) has M() == m and K() == k.
func (s *suite) reportsSize(m uint64, k uint) bool {
	same, _ := try(func() any {
		f := s.learner.New(m, k)
		return f.M() == m && f.K() == k
	})
	return same == true
}

// try calls f, a call of the graded code, and returns its result; ok is false if it panicked.
func try(f func() any) (res any, ok bool) {
	defer func() {
		if recover() != nil {
			res, ok = nil, false
		}
	}()
	return f(), true
}

// mustPanic runs a call the contract says must panic.
func mustPanic(t *harness.T, c harness.Call, f func(), why string) {
	if _, ok := t.MustPanic(c, f); !ok {
		t.Fail(&record.Failure{
			Verdict: verdict.WrongAnswer, Op: c.Short(),
			Message: fmt.Sprintf("%s returned without panicking", c.Short()),
			Hint:    why,
		})
	}
}

// fnCall is a call of a package function.
func fnCall(method string, args ...any) harness.Call {
	return harness.Call{Method: method, Args: args, Func: true}
}

// expr is an argument printed as Go source: math.NaN() rather than NaN.
type expr string

// GoString returns the source.
func (e expr) GoString() string { return string(e) }

// floatArg is p as an argument to print: a float64, or the expression of NaN or an infinity.
func floatArg(p float64) any {
	switch {
	case math.IsNaN(p):
		return expr("math.NaN()")
	case math.IsInf(p, 1):
		return expr("math.Inf(1)")
	case math.IsInf(p, -1):
		return expr("math.Inf(-1)")
	}
	return p
}

// emptyKeySkipped reports whether fresh filters of newFilter lose the empty key alone: a key
// added tests true, while the empty key added tests false.
func emptyKeySkipped(newFilter func() Filter) bool {
	return harness.Evidence(func() bool {
		f := newFilter()
		f.Add([]byte("k"))
		g := newFilter()
		g.Add([]byte{})
		return f.Test([]byte("k")) && !g.Test([]byte{})
	})
}

// filterHint names the usual cause of a wrong answer of a filter of m bits.
func filterHint(f harness.Mismatch, m uint64) string {
	last := f.Calls[len(f.Calls)-1]
	switch {
	case f.Panic != nil:
		// Only for an index into the bits, by its length: a buffer of the filter's own is
		// another slice.
		if _, n, ok := harness.OutOfRange(f.Panic); ok && (n < 0 || harness.Holds(n, m, 1)) {
			return "every position must lie in 0..m-1 (reduce it mod m), and m bits need (m+63)/64 words"
		}
		return ""
	case last.Method != "Test":
		return ""
	case f.Want == false:
		return "a fresh filter has every bit clear, so Test is false for every key until one is added"
	case f.Want != true:
		return ""
	}
	adds := 0
	for _, c := range f.Calls {
		if c.Method == "Add" {
			adds++
		}
	}
	switch {
	case adds == 1 && m == 1:
		return "with one bit every position is bit 0 (positions are reduced mod m), " +
			"so once a key is added every key tests true"
	case adds > 1:
		return "Test must probe exactly the bits Add set, and nothing may clear a bit: " +
			"set a bit with |=, never toggle it with ^="
	}
	// One Add, and its key tests false: the bits were set elsewhere, or not yet. The case
	// cannot tell which, so the hint names both.
	return "after Add(key), Test(key) must be true: Add must have set all k of the key's bits before it " +
		"returns (in this goroutine), and Test must check those same k positions"
}

// randomAddTest runs random Add, Test, M and K calls over a small pool of keys on small filters,
// one of a single bit, so that keys repeat and share bits.
func (s *suite) randomAddTest(t *harness.T) {
	rng := t.Rand()
	pool := keyPool(rng)
	for _, c := range []struct {
		m uint64
		k uint
	}{{1, 1}, {5, 2}, {64, 3}, {100, 4}, {1000, 7}} {
		harness.Compare(t, s.filter(c.m, c.k), addTestCalls(rng, pool, 800))
	}
}

// addTestCalls draws n calls over pool: Add and Test of its keys, nine in twenty each, and M and
// K, one in twenty each.
func addTestCalls(rng *rand.Rand, pool [][]byte, n int) []harness.Call {
	calls := make([]harness.Call, n)
	for i := range calls {
		key := pool[rng.IntN(len(pool))]
		switch r := rng.IntN(20); {
		case r == 0:
			calls[i] = harness.Call{Method: "M"}
		case r == 1:
			calls[i] = harness.Call{Method: "K"}
		case r < 10:
			calls[i] = bytekeys.KeyCall("Add", key)
		default:
			calls[i] = bytekeys.KeyCall("Test", key)
		}
	}
	return calls
}

// twoAtOnce runs random Add and Test calls on two filters at once, the second of other m and k
// (harness.TwinsOf): an added key must test true in its own filter, whatever New made since.
func (s *suite) twoAtOnce(t *harness.T) {
	rng := t.Rand()
	pool := keyPool(rng)
	harness.TwinsOf(t, s.filter(1000, 7), s.filter(1500, 3), addTestCalls(rng, pool, 1500), addTestCalls(rng, pool, 1500))
}
