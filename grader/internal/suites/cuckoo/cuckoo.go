// Package cuckoo holds the hidden tests of the cuckoo exercise.
//
// Which bucket a key lands in, and which fingerprint a key never inserted collides with, depend
// on the graded package's hash, so no test compares answers that depend on it with the
// reference's. The tests check what every correct filter answers, from a tracker that knows
// the capacity and the graded filter's own Insert and Delete results (box): Buckets exactly;
// Count as the successful Inserts minus the successful Deletes; true from Lookup and Delete for
// every key with a copy stored; false on a filter that never held anything; and Insert's result
// wherever no correct filter can answer otherwise: true while fewer than 4 fingerprints are
// stored, or while few keys of at most 2 copies fill a quarter of 1024 buckets or more (a
// failure there needs several keys whose both buckets coincide, odds below 10⁻¹²), and false
// once the slots are full, for a ninth copy of one key, or a fifth in one bucket, before any
// Insert has failed. The property tests check, without the reference, the load before the first
// failed Insert, the false-positive rate against 2·4/2^16, that nothing is lost when Insert
// fails, and the memory. Random sequences over a small pool of keys, in filters small enough that
// evictions and failures happen, shrink a wrong answer to a few calls.
package cuckoo

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// suite holds the two implementations the tests run.
type suite struct {
	learner, reference API
	// loaded is the filter the load property filled, with loadedKeys keys, for the
	// false-positive property to probe; nil once taken.
	loaded     Filter
	loadedKeys uint64
	// loadDeferred is set when the load property ran out of its budget before the growth test:
	// the false-positive property then checks the load of the filter it fills.
	loadDeferred bool
}

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	s := &suite{learner: learner, reference: reference}
	return &harness.Suite{
		Exercise: ex.Name,
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Args: []any{uint64(64)}, Call: func() { learner.New(64) }},
			{Method: "Insert", Args: []any{[]byte("a")}, Call: func() { learner.New(64).Insert([]byte("a")) }},
			{Method: "Lookup", Args: []any{[]byte("a")}, Call: func() { learner.New(64).Lookup([]byte("a")) }},
			{Method: "Delete", Args: []any{[]byte("a")}, Call: func() {
				f := learner.New(64)
				f.Insert([]byte("a"))
				f.Delete([]byte("a"))
			}},
			{Method: "Count", Call: func() { learner.New(64).Count() }},
			{Method: "Buckets", Call: func() { learner.New(64).Buckets() }},
		},
		Tests: []harness.Test{
			// The example of the exercise's doc.
			{Name: "example", Kind: harness.Fixed, Run: s.example},
			// B from the capacity: the smallest power of two at least ⌈capacity/4⌉, at least 1.
			{Name: "edge/buckets", Kind: harness.Fixed, Run: s.buckets},
			// A fresh filter holds nothing: Lookup is false for every key, Count is 0.
			{Name: "edge/empty-filter", Kind: harness.Fixed, Run: s.emptyFilter},
			// nil and the empty slice are the same key, and a valid one.
			{Name: "edge/empty-and-nil-keys", Kind: harness.Fixed, Run: s.emptyAndNilKeys},
			// Copies: two Inserts and one Delete leave the key present.
			{Name: "edge/copies", Kind: harness.Fixed, Run: s.copies},
			// One bucket (capacity 0, 1, 4): 4 fingerprints fit, a fifth fails and loses
			// nothing; 4 copies of one key fill it.
			{Name: "edge/one-bucket", Kind: harness.Fixed, Run: s.oneBucket},
			// 8 copies of one key fill its two buckets and the ninth fails (4 and the fifth when
			// its two buckets are one); some key of five has two buckets.
			{Name: "edge/eight-copies", Kind: harness.Fixed, Run: s.eightCopies},
			// One bucket filled by 4 keys, the first a key whose hash has 16 zero bits where
			// fingerprints are commonly taken: the fifth Insert fails and loses none of them
			// (a fingerprint of 0 taken for an empty slot would give that slot away).
			{Name: "edge/full-bucket-loses-nothing", Kind: harness.Fixed, Run: s.fullBucket},
			// Filters filled with distinct keys until Insert fails, and beyond: every key
			// inserted looks up and deletes true, and Count follows.
			{Name: "property/failed-insert-loses-nothing", Kind: harness.Property, Run: s.fillToFailure},
			// Random Insert, Lookup, Delete, Count and Buckets over a small pool of keys, in
			// filters of 1 to 8 buckets where evictions and failures happen, and of 1024.
			{Name: "random/small-filters", Kind: harness.Differential, Run: s.randomSmall},
			{Name: "random/large-filter", Kind: harness.Differential, Run: s.randomLarge, Large: true},
			// Random sequences on two filters of 1024 buckets at once: each keeps its buckets to
			// itself.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: s.twoAtOnce},
			// At B = 2^16, at least 93% of the slots fill before the first failed Insert: before
			// the growth test, so that a filter that fills far too early is named by its answers,
			// not by the time its failing Inserts take; within a budget (see load).
			{Name: "property/load", Kind: harness.Property, Run: s.load},
			// How Insert, Lookup and Delete grow with the number of keys and with B. Before the
			// 10⁶ Lookups of the property below, so that a cost that grows with B is named as
			// such, not as a test's time limit.
			performance(learner, reference),
			// At that load, the false-positive rate is at most 2·4/2^16.
			{Name: "property/false-positive-rate", Kind: harness.Property, Run: s.falsePositiveRate},
			// At most 8·B bytes plus a small constant, and nothing more as keys are inserted.
			{Name: "property/memory", Kind: harness.Property, Run: s.memory},
		},
		// An Insert of one key that never returns is an eviction loop without its bound (a
		// batch of calls, with no key, may also be only far too slow).
		StuckHint: func(_ string, c harness.Call) string {
			if c.Method == "Insert" && len(c.Args) == 1 {
				return "Insert must give up after at most 500 evictions and return false: in a full filter, " +
					"evicting until a slot is free never ends (keep the last evicted fingerprint aside, or " +
					"undo the evictions)"
			}
			return ""
		},
	}
}

// bucketsFor is B for a capacity, as the contract states it.
func bucketsFor(capacity uint64) uint64 {
	need := capacity / 4
	if capacity%4 != 0 {
		need++
	}
	b := uint64(1)
	for b < need {
		b <<= 1
	}
	return b
}

// box is one side of a sequence: the graded filter, or a tracker of it. The graded side records
// its last result; the tracker reads it at the next call, so it knows exactly which Inserts and
// Deletes succeeded, and answers only where every correct filter must give the same answer
// (nil: no check).
type box struct {
	f    Filter // the graded filter; nil in a tracker
	last any    // graded: the last call's result

	// The tracker's state.
	learner *box           // the graded side it follows
	b       uint64         // B
	copies  map[string]int // the copies of each key stored: successful Inserts minus Deletes
	total   int            // their sum: Count
	failed  bool           // an Insert has failed: later Inserts, and keys never inserted, are unknowable
	pending *harness.Call  // the call whose graded result is still to be read
}

// newTracker returns the tracker of a filter of the given capacity, following learner.
func newTracker(capacity uint64, learner *box) *box {
	return &box{learner: learner, b: bucketsFor(capacity), copies: map[string]int{}}
}

// safe reports whether an Insert of a key with copies copies into a filter of B buckets
// holding total fingerprints, no Insert having failed, succeeds in every correct filter: with
// fewer than 4 stored the key's first bucket has room; in 1024 buckets or more, a quarter full
// of keys of at most 2 copies, a failure needs several keys whose two buckets are the same
// ones, with odds far below 10⁻¹².
func safe(b uint64, total, copies int) bool {
	return total < 4 || b >= 1024 && uint64(total) < b && copies < 2
}

// settle reads the graded result of the pending call and updates the tracker.
func (b *box) settle() {
	c := b.pending
	if c == nil {
		return
	}
	b.pending = nil
	ok, _ := b.learner.last.(bool)
	k := string(c.Args[0].([]byte))
	switch c.Method {
	case "Insert":
		if ok {
			b.copies[k]++
			b.total++
		} else {
			b.failed = true
		}
	case "Delete":
		if ok && b.total > 0 {
			if b.copies[k] > 0 {
				b.copies[k]--
			}
			b.total--
		}
	}
}

// track runs one call on a tracker and returns the expected result, nil where it is not known.
func (b *box) track(c harness.Call) any {
	b.settle()
	switch c.Method {
	case "Insert":
		b.pending = &c
		k := string(c.Args[0].([]byte))
		switch {
		case b.failed:
			return nil
		case uint64(b.total) >= 4*b.b || b.copies[k] >= 8:
			return false
		case safe(b.b, b.total, b.copies[k]):
			return true
		}
		return nil
	case "Lookup", "Delete":
		if c.Method == "Delete" {
			b.pending = &c
		}
		switch {
		case b.copies[string(c.Args[0].([]byte))] > 0:
			return true
		case b.total == 0 && !b.failed:
			return false
		}
		return nil
	case "Count":
		return uint64(b.total)
	case "Buckets":
		return b.b
	}
	panic("cuckoo suite: unknown method " + c.Method)
}

// do runs one call on a side. The graded filter gets a copy of the key, overwritten as soon as
// the call returns: a filter that kept a reference to it would see other bytes later.
func do(b *box, c harness.Call) any {
	if b.f == nil {
		return b.track(c)
	}
	var res any
	switch c.Method {
	case "Insert", "Lookup", "Delete":
		key := bytes.Clone(c.Args[0].([]byte))
		res = dispatch(b.f, harness.Call{Method: c.Method, Args: []any{key}})
		bytekeys.Scribble(key)
	default:
		res = dispatch(b.f, c)
	}
	b.last = res
	return res
}

// model is the model of the learner's New(capacity), with a tracker as the expected side.
//
// Each tracker follows the graded filter made with it. A sequence starts with the graded filter,
// then its tracker; a second filter made within it (harness.Twins) gets its tracker first, as
// the expected side plays each call first, and its graded filter then.
func (s *suite) model(capacity uint64) harness.Model[*box] {
	var unfollowed *box // a graded filter whose tracker is still to be made
	var waiting *box    // a tracker whose graded filter is still to be made
	return harness.Model[*box]{
		Recv: "f", Init: fmt.Sprintf("New(%d)", capacity),
		New: func() *box {
			w := waiting
			waiting, unfollowed = nil, nil // a New that panics leaves nothing behind
			l := &box{f: s.learner.New(capacity)}
			if w != nil {
				w.learner = l
			} else {
				unfollowed = l
			}
			return l
		},
		Ref: func() *box {
			t := newTracker(capacity, unfollowed)
			if unfollowed == nil {
				waiting = t
			}
			unfollowed = nil
			return t
		},
		Do:       do,
		Simplify: simplifyKeys,
		Hint:     func(f harness.Mismatch) string { return s.hint(capacity, f) },
	}
}

// insert, lookup and del are steps with a key, expecting want (nil: not checked).
var insert, lookup, del = bytekeys.StepOf("Insert"), bytekeys.StepOf("Lookup"), bytekeys.StepOf("Delete")

// count and buckets expect Count() == n and Buckets() == b.
func count(n uint64) harness.Step { return harness.Step{Call: harness.Call{Method: "Count"}, Want: n} }
func buckets(b uint64) harness.Step {
	return harness.Step{Call: harness.Call{Method: "Buckets"}, Want: b}
}

// str is a key written as a string.
func str(s string) []byte { return []byte(s) }

// script runs steps on a fresh New(capacity). The model has no reference side: the tracker
// answers only what it knows, while a script's steps each expect one answer.
func (s *suite) script(t *harness.T, capacity uint64, steps ...harness.Step) {
	m := s.model(capacity)
	m.Ref = nil
	harness.Script(t, m, steps)
}

// example is the example of the exercise's doc.
func (s *suite) example(t *harness.T) {
	g := str("gopher")
	s.script(t, 1000, buckets(256), insert(g, true), insert(g, true), lookup(g, true),
		lookup(str("rust"), nil), count(2), del(g, true), lookup(g, true), del(g, true),
		lookup(g, false), count(0))
}

// buckets checks B at capacities around powers of two and multiples of 4.
func (s *suite) buckets(t *harness.T) {
	for _, c := range []uint64{0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 17, 100, 1000, 1024, 1025, 4096, 4097,
		1 << 20, 1<<20 + 1, 3 << 20} {
		s.script(t, c, buckets(bucketsFor(c)), count(0))
	}
}

// emptyFilter looks up keys of every kind, and the zero-fingerprint keys, in fresh filters.
func (s *suite) emptyFilter(t *harness.T) {
	for _, c := range []uint64{0, 8, 1000} {
		s.script(t, c, count(0))
		for _, k := range append(bytekeys.Few(), zeroKeys()...) {
			s.script(t, c, lookup(k, false))
		}
	}
}

// emptyAndNilKeys inserts nil and looks up and deletes the empty slice, and the other way round.
func (s *suite) emptyAndNilKeys(t *harness.T) {
	s.script(t, 100, insert(nil, true), lookup([]byte{}, true), lookup(nil, true), count(1),
		del([]byte{}, true), lookup(nil, false), count(0))
	s.script(t, 100, insert([]byte{}, true), lookup(nil, true), del(nil, true), lookup([]byte{}, false), count(0))
}

// copies checks that copies are counted one by one, among other keys.
func (s *suite) copies(t *harness.T) {
	a, b, c := str("a"), str("b"), str("c")
	s.script(t, 1000, insert(a, true), insert(b, true), insert(a, true), del(a, true), lookup(a, true),
		lookup(b, true), count(2), insert(c, true), del(a, true), lookup(b, true), lookup(c, true), count(2))
	s.script(t, 4, insert(a, true), insert(a, true), insert(a, true), del(a, true), del(a, true),
		lookup(a, true), count(1), del(a, true), count(0), lookup(a, false))
}

// oneBucket fills filters of a single bucket.
func (s *suite) oneBucket(t *harness.T) {
	keys := [][]byte{str("a"), str("b"), str("c"), str("d")}
	for _, c := range []uint64{0, 1, 4} {
		var steps []harness.Step
		for _, k := range keys {
			steps = append(steps, insert(k, true))
		}
		steps = append(steps, insert(str("e"), false))
		for _, k := range keys {
			steps = append(steps, lookup(k, true))
		}
		steps = append(steps, count(4), del(str("b"), true), count(3), lookup(str("a"), true),
			lookup(str("c"), true), lookup(str("d"), true), buckets(1))
		s.script(t, c, steps...)
	}
	x := str("x")
	s.script(t, 4, insert(x, true), insert(x, true), insert(x, true), insert(x, true), insert(x, false),
		count(4), del(x, true), del(x, true), del(x, true), del(x, true), count(0))
}

// eightCopiesKeys are the keys eightCopies inserts: five, so that one at least has two buckets.
var eightCopiesKeys = []string{"gopher", "a", "", "cuckoo", "zz"}

// eightCopies inserts copies of a key into a fresh filter of 1024 buckets until Insert fails:
// the first 4 succeed, the next 4 all succeed or all fail (the key's two buckets are one, odds
// 1/1024), and the one after fails. At least one of the keys must take 8.
func (s *suite) eightCopies(t *harness.T) {
	const capacity = 4096
	eight := 0
	for _, name := range eightCopiesKeys {
		k := str(name)
		f := t.Invoke(harness.Call{Method: "New", Args: []any{uint64(capacity)}, Func: true},
			func() any { return s.learner.New(capacity) }).(Filter)
		var got []any
		for range 9 {
			got = append(got, t.Invoke(bytekeys.KeyCall("Insert", k), func() any { return f.Insert(k) }))
		}
		two := got[4] == true // the key's two buckets differ
		wants := []any{true, true, true, true, false, false}
		if two {
			wants = []any{true, true, true, true, true, true, true, true, false}
			eight++
		}
		found := t.Invoke(bytekeys.KeyCall("Lookup", k), func() any { return f.Lookup(k) })
		n := t.Invoke(harness.Call{Method: "Count"}, func() any { return f.Count() })
		bad := found != true || n != uint64(4+4*btoi(two))
		for i, w := range wants {
			bad = bad || got[i] != w
		}
		if !bad {
			continue
		}
		// Replayed as a script on a fresh filter, the failure shows as a case; a graded filter
		// whose hash changes from one filter to the next may not fail it the same way.
		steps := make([]harness.Step, len(wants))
		for i, w := range wants {
			steps[i] = insert(k, w)
		}
		s.script(t, capacity, append(steps, lookup(k, true), count(uint64(4+4*btoi(two))))...)
		c := bytekeys.KeyCall("Insert", k)
		hint := "" // the hint only where an Insert that had to fail returned true
		for i, w := range wants {
			if w == false && got[i] == true {
				hint = fullHint
				if found != true {
					hint = overwroteHint
				}
			}
		}
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: c.Go("f"),
			Message: fmt.Sprintf("9 Inserts of %s into New(%d) returned %v, then Lookup %v and Count() %v; "+
				"want true 4 times, then 4 more true and a false, or a false (its two buckets are one)",
				harness.Lit(k), capacity, got, found, n),
			Hint: hint})
	}
	if eight == 0 {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Insert",
			Message: fmt.Sprintf("none of the keys %q took more than 4 copies in New(%d): "+
				"their two buckets are always one (odds 1/1024 each in a right filter)", eightCopiesKeys, capacity),
			Hint: "a key has two buckets, i1 and i2 = i1 XOR (hash(fp) mod B), and 8 copies fit in them: " +
				"hash(fp) must depend on the fingerprint's own bits, and not be 0 mod B for every fingerprint"})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fullBucket fills a one-bucket filter, starting with a key whose hash has 16 zero bits
// where a fingerprint is commonly taken: a filter that stores a fingerprint 0 as an empty slot
// fits a fifth key.
func (s *suite) fullBucket(t *harness.T) {
	others := [][]byte{str("a"), str("b"), str("c"), str("d")}
	for _, z := range zeroKeys() {
		steps := []harness.Step{insert(z, true)}
		for _, k := range others[:3] {
			steps = append(steps, insert(k, true))
		}
		steps = append(steps, insert(others[3], false), lookup(z, true), count(4))
		s.script(t, 4, steps...)
	}
}

// hasZeroKey reports whether calls use a key of zeroKeys.
func hasZeroKey(calls []harness.Call) bool {
	for _, c := range calls {
		if len(c.Args) == 0 {
			continue
		}
		for _, z := range zeroKeys() {
			if bytes.Equal(c.Args[0].([]byte), z) {
				return true
			}
		}
	}
	return false
}

// Hints for the usual causes of wrong answers.
const (
	bucketsHint = "Buckets() is B: the smallest power of two at least ⌈capacity/4⌉, and at least 1 " +
		"(New(0) and New(1) have one bucket, New(9) four)"
	countHint = "Count() is the number of Inserts that returned true minus the Deletes that returned true: " +
		"a failed Insert does not count"
	zeroHint = "a fingerprint is never 0: 0 is what an empty slot holds, so a key whose fingerprint is 0 " +
		"is stored as nothing and its slot is given away (map a fingerprint of 0 to 1)"
	lostHint = "an inserted key is lost: an evicted fingerprint must go to its other bucket, i XOR (hash(fp) " +
		"mod B), which leads back to where it came from (i + h does not: it walks on to a third bucket " +
		"Lookup never reads); a fingerprint is never 0 (0 marks an empty slot); and Lookup must read " +
		"both buckets, i1 and i2"
	failedHint = "a failed Insert must lose nothing: when the 500 evictions are spent, the fingerprint in " +
		"hand belongs to a key inserted earlier. Undo the swaps in reverse, or keep that fingerprint " +
		"aside in the filter, where Lookup and Delete also look"
	oneCopyHint = "Delete removes ONE copy of the key's fingerprint: a key inserted twice and deleted once is " +
		"still there. Equal fingerprints in a key's buckets are all copies of that key as far as the filter " +
		"can tell, so remove any one of them"
	roomHint = "Insert must succeed while there is room: put the fingerprint in a free slot of bucket i1 " +
		"or of bucket i2 (slots holding 0) before evicting anything; with fewer than 4 fingerprints " +
		"stored, every Insert succeeds"
	keptHint = "the filter must not keep the key's slice: the caller may overwrite it as soon as a call returns " +
		"(the judge does), so hash the bytes at once"
	copyHint = "Insert of a key already stored must store one more copy of its fingerprint, not refuse it: " +
		"a filter cannot tell a second Insert of a key from another key with the same fingerprint, so each " +
		"Insert stores a copy (up to 8, in its two buckets) and each Delete removes one"
	deleteMissHint = "Delete returned false for a key that Lookup, asked in its place, finds: Delete must " +
		"look for the fingerprint wherever Lookup does: in both buckets, i1 and i2, and where a fingerprint " +
		"is kept aside after a failed Insert, and remove one copy from where it found it"
	deleteHint = "a Delete of one key removed another key's fingerprint: Delete must clear the slot where it " +
		"found the fingerprint, in that bucket (i1 or i2), and only that one slot"
	emptyKeyHint = "an empty key (nil or []byte{}) is a valid key: hash it as it is, never read key[0] " +
		"(xxhash.Sum64 of an empty slice is a hash like any other)"
	fullHint = "Insert returned true where the key's buckets were full, and every key stored before still " +
		"looks up: the filter holds more fingerprints than its slots. A bucket holds 4 fingerprints, and a " +
		"key has exactly two buckets, so 8 copies of one key fill them (4 when i1 == i2, as always when " +
		"B = 1); an Insert that gives up must return false and not count, even when it keeps the " +
		"fingerprint in hand aside so that nothing is lost"
	elsewhereHint = "Insert returned true where the key's two buckets were full and 500 evictions found no " +
		"room: it put a fingerprint outside its key's two buckets (i2 is i1 XOR (hash(fp) mod B), not " +
		"i + h, and an evicted fingerprint goes to its own other bucket by the same XOR), or it kept the " +
		"fingerprint aside and reported success: an Insert that gives up must return false"
	overwroteHint = "Insert returned true where the key's buckets were full, and a key stored before no " +
		"longer looks up: the Insert gave its slot away. When the 500 evictions are spent, Insert must " +
		"return false and lose nothing: undo the swaps, or keep the fingerprint in hand aside, where " +
		"Lookup and Delete also look"
)

// tableIndex reports whether the out-of-range panic p can be an index into the table of b
// buckets: a negative index (an index computed from a signed hash), or one into a slice as long
// as the buckets or their slots. An index into an array of another length, such as a path of
// kicks, is not one.
func tableIndex(p string, b uint64) bool {
	_, n, ok := harness.OutOfRange(p)
	return ok && (n < 0 || uint64(n) == b || uint64(n) == 4*b)
}

// hint names the usual cause of a failing case in New(capacity).
func (s *suite) hint(capacity uint64, f harness.Mismatch) string {
	last := f.Calls[len(f.Calls)-1]
	if f.Panic != nil {
		// Each hint only where the evidence shows it: the panic goes away with the empty keys
		// replaced by another key, or in a filter of many buckets.
		if hasEmptyKey(f.Calls) && !panics(s.learner, capacity, withoutEmptyKeys(f.Calls)) {
			return emptyKeyHint
		}
		p := fmt.Sprint(f.Panic)
		if (strings.Contains(p, "with length 0") || strings.Contains(p, "divide by zero")) &&
			bucketsFor(capacity) < 1024 && !panics(s.learner, 4096, f.Calls) {
			return "New must make at least one bucket of 4 slots: B is at least 1, also for a capacity below 4 " +
				"(New(0) and New(1) have one bucket)"
		}
		if tableIndex(p, bucketsFor(capacity)) {
			return "every bucket index must lie in 0..B-1: take i1 = h & (B-1), and i2 = i1 ^ (hash(fp) & (B-1)), " +
				"and keep the 4B slots in one slice, bucket i at slots[4i:4i+4]"
		}
		return ""
	}
	if harness.LateWork(f, func() func(harness.Call) any {
		b := &box{f: s.learner.New(capacity)}
		return func(c harness.Call) any { return do(b, c) }
	}) {
		return harness.LateHint("an Insert or a Delete", "the buckets", "a Lookup")
	}
	switch last.Method {
	case "Buckets":
		return bucketsHint
	case "Count":
		return countHint
	case "Insert":
		if f.Want == true {
			if refusesCopy(s.learner, capacity, f.Calls) {
				return copyHint
			}
			return roomHint
		}
		// An Insert that had to fail returned true: whether the keys stored before still look
		// up tells a filter that gave a slot away from one that found room, and how many
		// fingerprints it then holds, room it does not have from room elsewhere.
		switch {
		case !keepsAll(s.learner, capacity, f.Calls) && hasZeroKey(f.Calls):
			return zeroHint
		case !keepsAll(s.learner, capacity, f.Calls):
			return overwroteHint
		case overfull(s.learner, capacity, f.Calls):
			return fullHint
		}
		return elsewhereHint
	}
	// Lookup or Delete.
	if want, ok := f.Want.(bool); ok && keptKey(s.learner, capacity, f.Calls, want) {
		return keptHint
	}
	if f.Want == false {
		if hasZeroKey(f.Calls) {
			return zeroHint
		}
		return "a filter that never held a fingerprint answers false: Lookup and Delete find nothing in empty " +
			"slots, and Delete leaves nothing behind"
	}
	key := last.Args[0].([]byte)
	if last.Method == "Delete" && bytekeys.Uses(f.Calls, "Insert", key) == 1 && lookupFinds(s.learner, capacity, f.Calls) {
		return deleteMissHint
	}
	switch lostBy(s.learner, capacity, f.Calls) {
	case lostFailedInsert:
		return failedHint
	case lostDelete:
		return deleteHint
	case lostInsert:
		return lostHint
	}
	switch {
	case last.Method == "Lookup" && bytekeys.Uses(f.Calls[:len(f.Calls)-1], "Delete", key) > 0,
		last.Method == "Delete" && bytekeys.Uses(f.Calls, "Insert", key) > 1:
		return oneCopyHint
	}
	if hasZeroKey(f.Calls) {
		return zeroHint
	}
	return lostHint
}

// replay runs calls on a fresh New(capacity) with each key copied, overwritten after the call
// where overwrite says so, and returns the results; ok is false if the filter panicked.
func replay(api API, capacity uint64, calls []harness.Call, overwrite bool) (results []any, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	b := &box{f: api.New(capacity)}
	for _, c := range calls {
		if !overwrite && len(c.Args) > 0 {
			c.Args = []any{bytes.Clone(c.Args[0].([]byte))}
			results = append(results, dispatch(b.f, c))
			continue
		}
		results = append(results, do(b, c))
	}
	return results, true
}

// replays is how many times a replay that decides a hint is repeated: the graded filter may
// draw random numbers, and a hint must follow what happens in most replays, in every run.
const replays = 10

// keptKey reports whether a wrong answer (not want) comes from overwriting the keys after each
// call: it happens in every replay that overwrites them, and in none that leaves them alone.
func keptKey(api API, capacity uint64, calls []harness.Call, want bool) bool {
	for range replays {
		if res, ok := replay(api, capacity, calls, true); !ok || res[len(res)-1] == want {
			return false
		}
		if res, ok := replay(api, capacity, calls, false); !ok || res[len(res)-1] != want {
			return false
		}
	}
	return true
}

// lookupFinds reports whether the last of calls, a Delete that found nothing, asks for a key that
// a Lookup in its place finds, in every replay: the key is stored, and Delete does not look
// where Lookup does (of a key inserted once: with copies, Delete may refuse them).
func lookupFinds(api API, capacity uint64, calls []harness.Call) bool {
	probe := slices.Clone(calls)
	probe[len(probe)-1] = bytekeys.KeyCall("Lookup", calls[len(calls)-1].Args[0].([]byte))
	for range replays {
		if res, ok := replay(api, capacity, probe, false); !ok || res[len(res)-1] != true {
			return false
		}
	}
	return true
}

// The calls a copy of a key can be lost by, as lostBy finds them.
const (
	lostUnknown      = iota
	lostFailedInsert // an Insert that failed
	lostInsert       // an Insert that succeeded: its evictions
	lostDelete       // a Delete of another key
)

// lostReplays is how many times lostBy replays each prefix of a sequence: a filter that loses a
// copy in one replay of 5 shows fewer than 2 losses in 64 replays with odds about 10⁻⁵.
const lostReplays = 64

// lostBy finds the call that lost the key of the last call of calls, a Lookup or Delete that
// found nothing: the first Insert or Delete of another key after which, on fresh filters
// replaying the calls, Lookup of the key is true in fewer replays than before it, by 2 in 64 or
// more. Until a key is lost, a right filter finds it in every replay, so a drop is no chance
// (Lookup is the probe: Delete may be what is wrong). Long sequences are not searched.
func lostBy(api API, capacity uint64, calls []harness.Call) int {
	if len(calls) > 200 {
		return lostUnknown
	}
	key := calls[len(calls)-1].Args[0].([]byte)
	// stored is the share of replays where Lookup of key is true after prefix, and how many
	// replays saw the prefix's last call return false.
	stored := func(prefix []harness.Call) (mean float64, falses int) {
		probe := append(slices.Clone(prefix), bytekeys.KeyCall("Lookup", key))
		found := 0
		for range lostReplays {
			r, ok := replay(api, capacity, probe, true)
			if !ok {
				continue
			}
			if len(prefix) > 0 && r[len(prefix)-1] == false {
				falses++
			}
			if r[len(prefix)] == true {
				found++
			}
		}
		return float64(found) / lostReplays, falses
	}
	before, _ := stored(nil)
	for i, c := range calls[:len(calls)-1] {
		if c.Method != "Insert" && c.Method != "Delete" {
			continue
		}
		after, falses := stored(calls[:i+1])
		drop := before - after
		before = after
		if drop < 2.0/lostReplays || bytes.Equal(c.Args[0].([]byte), key) {
			// The key itself: a Delete of it may well take it away.
			continue
		}
		switch {
		case c.Method == "Delete":
			return lostDelete
		case 2*falses > lostReplays:
			return lostFailedInsert
		}
		return lostInsert
	}
	return lostUnknown
}

// keepsAll reports whether, after calls on a fresh graded filter, every key that an Insert
// among them stored (it returned true) and no Delete touched still looks up true, in each of a
// few replays.
func keepsAll(api API, capacity uint64, calls []harness.Call) bool {
	all := slices.Clone(calls)
	var stored []int // the index in calls of each Insert, whose key all then looks up
	for i, c := range calls {
		if c.Method == "Insert" && bytekeys.Uses(calls, "Delete", c.Args[0].([]byte)) == 0 {
			stored = append(stored, i)
			all = append(all, bytekeys.KeyCall("Lookup", c.Args[0].([]byte)))
		}
	}
	for range replays {
		res, ok := replay(api, capacity, all, false)
		if !ok {
			return false
		}
		for j, i := range stored {
			if res[i] == true && res[len(calls)+j] != true {
				return false
			}
		}
	}
	return true
}

// overfull reports whether calls on a fresh graded filter leave more fingerprints stored, by its
// own answers, than its 4B slots hold. (More than 8 copies of one key is no proof: a filter that
// puts the ninth in a third bucket holds them.)
func overfull(api API, capacity uint64, calls []harness.Call) bool {
	res, ok := replay(api, capacity, calls, false)
	if !ok {
		return false
	}
	stored := 0
	for i, c := range calls {
		switch {
		case res[i] != true:
		case c.Method == "Insert":
			stored++
		case c.Method == "Delete":
			stored--
		}
	}
	return stored > 0 && uint64(stored) > 4*bucketsFor(capacity)
}

// panics reports whether a fresh New(capacity) panics on calls.
func panics(api API, capacity uint64, calls []harness.Call) bool {
	_, ok := replay(api, capacity, calls, true)
	return !ok
}

// hasEmptyKey reports whether calls use nil or the empty key.
func hasEmptyKey(calls []harness.Call) bool {
	return slices.ContainsFunc(calls, func(c harness.Call) bool { return len(c.Args) > 0 && len(c.Args[0].([]byte)) == 0 })
}

// unusedKey is a one-letter key no call of calls uses.
func unusedKey(calls []harness.Call) []byte {
	for c := byte('a'); c <= 'z'; c++ {
		if !slices.ContainsFunc(calls, func(x harness.Call) bool {
			return len(x.Args) > 0 && bytes.Equal(x.Args[0].([]byte), []byte{c})
		}) {
			return []byte{c}
		}
	}
	return []byte("unused key")
}

// withoutEmptyKeys is calls with nil and the empty key replaced by a key they do not use.
func withoutEmptyKeys(calls []harness.Call) []harness.Call {
	k := unusedKey(calls)
	return keySimplifier.Map(calls, func(x []byte) []byte {
		if len(x) == 0 {
			return k
		}
		return x
	})
}

// refusesCopy reports whether an Insert that failed where it must succeed was refused because its
// key was stored already: the key was inserted before, and the same Insert of a key never used
// succeeds in most replays.
func refusesCopy(api API, capacity uint64, calls []harness.Call) bool {
	last := calls[len(calls)-1]
	if bytekeys.Uses(calls[:len(calls)-1], "Insert", last.Args[0].([]byte)) == 0 {
		return false
	}
	other := slices.Clone(calls)
	other[len(other)-1] = bytekeys.KeyCall("Insert", unusedKey(calls))
	yes := 0
	for range replays {
		if r, ok := replay(api, capacity, other, true); ok && r[len(r)-1] == true {
			yes++
		}
	}
	return 2*yes > replays
}

// randomSmall runs random sequences over a small pool of keys on filters of 1, 2, 4 and 8
// buckets, where buckets fill, fingerprints are evicted and Inserts fail.
func (s *suite) randomSmall(t *harness.T) {
	for _, c := range []uint64{0, 8, 16, 32} {
		for range 3 {
			harness.Compare(t, s.model(c), randomCalls(t, bucketsFor(c), 10, 400))
		}
	}
}

// randomLarge runs random sequences over a pool of keys on a filter of 1024 buckets, where every
// answer about a key inserted is known.
func (s *suite) randomLarge(t *harness.T) {
	for range 3 {
		harness.Compare(t, s.model(4096), randomCalls(t, 1024, 40, 1500))
	}
}

// twoAtOnce runs random sequences on two filters at once, of 1024 and 2048 buckets
// (harness.TwinsOf): a filter that keeps its buckets, or their number, in package-level
// variables fails it. The second is the larger, so that a first filter that uses the second's
// buckets gives wrong answers rather than an index out of range.
func (s *suite) twoAtOnce(t *harness.T) {
	harness.TwinsOf(t, s.model(4096), s.model(8192), randomCalls(t, 1024, 40, 900), randomCalls(t, 2048, 40, 450))
}

// randomCalls draws n calls over a pool of poolSize keys for a filter of b buckets. It deletes
// only keys whose copy is surely stored (inserted when no correct filter could fail), since
// deleting a key not stored is the caller's error.
func randomCalls(t *harness.T, b uint64, poolSize, n int) []harness.Call {
	rng := t.Rand()
	pool := keyPool(rng, poolSize)
	sure := map[string]int{} // copies surely stored
	total, unsure := 0, false
	calls := make([]harness.Call, 0, n)
	for len(calls) < n {
		k := pool[rng.IntN(len(pool))]
		switch r := rng.IntN(20); {
		case r == 0:
			calls = append(calls, harness.Call{Method: "Count"})
		case r == 1:
			calls = append(calls, harness.Call{Method: "Buckets"})
		case r < 10:
			if b >= 1024 && sure[string(k)] >= 2 {
				continue // a third copy would leave the region where every Insert is known
			}
			calls = append(calls, bytekeys.KeyCall("Insert", k))
			if !unsure && safe(b, total, sure[string(k)]) {
				sure[string(k)]++
				total++
			} else {
				unsure = true
			}
		case r < 14 && sure[string(k)] > 0:
			calls = append(calls, bytekeys.KeyCall("Delete", k))
			sure[string(k)]--
			total--
		default:
			calls = append(calls, bytekeys.KeyCall("Lookup", k))
		}
	}
	return calls
}
