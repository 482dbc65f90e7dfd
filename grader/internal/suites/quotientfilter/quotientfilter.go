// Package quotientfilter holds the hidden tests of the quotientfilter exercise.
//
// Which slot a key's fingerprint belongs to, and which key a key never inserted collides with,
// depend on the graded package's hash, so no test compares answers that depend on it with the
// reference's. The tests check what every correct filter answers, from a model that knows the
// multiset of keys stored: Insert true exactly while Count() < 2^q; Count exact; Lookup true for
// every key with a copy stored, and false once nothing is stored; Delete true for every key with
// a copy stored (the tests never delete another); Merge true exactly when q and r agree and
// there is room, g unchanged. Random sequences over small pools of keys, in tables small enough
// that clusters wrap and fill the whole table, shrink a wrong answer to a few calls. The property
// tests check, without the reference, the false-positive rate against 1 − e^(−α/2^r), no false
// negatives in large tables, and the memory bound; the performance test measures each operation
// as the load grows to 75% and as q grows.
package quotientfilter

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"kata/grader/internal/bytekeys"
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
			{Method: "New", Constructor: true, Args: []any{uint(6), uint(8)}, Call: func() { learner.New(6, 8) }},
			{Method: "Insert", Args: []any{[]byte("a")}, Call: func() { learner.New(6, 8).Insert([]byte("a")) }},
			{Method: "Lookup", Args: []any{[]byte("a")}, Call: func() { learner.New(6, 8).Lookup([]byte("a")) }},
			{Method: "Delete", Args: []any{[]byte("a")}, Call: func() {
				f := learner.New(6, 8)
				f.Insert([]byte("a"))
				f.Delete([]byte("a"))
			}},
			{Method: "Count", Call: func() { learner.New(6, 8).Count() }},
			{Method: "Merge", Call: func() { learner.New(6, 8).Merge(learner.New(6, 8)) }},
		},
		Tests: []harness.Test{
			// The example of the exercise's doc.
			{Name: "example", Kind: harness.Fixed, Run: s.example},
			// New panics unless 1 <= q <= 30 and 1 <= r <= 32, and works at the bounds.
			{Name: "edge/new-bounds", Kind: harness.Fixed, Run: s.newBounds},
			// A fresh filter holds nothing: Lookup is false for every key, Count is 0.
			{Name: "edge/empty-filter", Kind: harness.Fixed, Run: s.emptyFilter},
			// nil and the empty slice are the same key, and a valid one.
			{Name: "edge/empty-and-nil-keys", Kind: harness.Fixed, Run: s.emptyAndNilKeys},
			// Copies: two Inserts and one Delete leave the key present.
			{Name: "edge/copies", Kind: harness.Fixed, Run: s.copies},
			// Tables of 2 to 64 slots filled with distinct keys and with copies of one key: 2^q
			// fingerprints fit whatever their quotients (clusters wrap), the next Insert fails and
			// changes nothing, and emptied tables answer false again.
			{Name: "edge/full-tables", Kind: harness.Fixed, Run: s.fullTables},
			// Merge: false for another q or r and without room (at the exact boundary), true
			// otherwise; the merged fingerprints look up and delete; g is left unchanged.
			{Name: "edge/merge", Kind: harness.Fixed, Run: s.merge},
			// Random Insert, Lookup, Delete, Count and Merge over small pools of keys, in tables
			// of 2 to 64 slots with remainders of 1 to 16 bits, and of 1024 slots.
			{Name: "random/small-filters", Kind: harness.Differential, Run: s.randomSmall},
			{Name: "random/large-filter", Kind: harness.Differential, Run: s.randomLarge, Large: true},
			// Two filters at once, the second made anew while the first is in use, calls spread over
			// both: a package-level variable that New resets, or that both share, shows here.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: s.twoAtOnce},
			// Random multisets through Inserts, Deletes and Merges up to full tables of 2^8 to
			// 2^12 slots: every key stored looks up true, Count is exact.
			{Name: "property/no-false-negatives", Kind: harness.Property, Run: s.noFalseNegatives},
			// How Insert, Lookup and Delete grow with the load, up to 75%, and with q; Merge with q.
			performance(learner, reference),
			// The same in tables of 2^16 slots, full.
			{Name: "property/no-false-negatives-large", Kind: harness.Property, Run: s.noFalseNegativesLarge},
			// At loads of 50% and 75%, the false-positive rate is about 1 − e^(−α/2^r).
			{Name: "property/false-positive-rate", Kind: harness.Property, Run: s.falsePositiveRate},
			// At most (r+3)·2^q bits, in words, plus 1% and 64 KiB, before and after Inserts.
			{Name: "property/memory", Kind: harness.Property, Run: s.memory},
		},
		// An Insert that never returns looks for an empty slot in a full table, or for its run or an
		// empty slot in a table whose bits a Delete left wrong (the hint cannot see the table, so it
		// names both); a Merge that never returns most often does work per fingerprint that grows
		// with the table.
		StuckHint: func(_ string, c harness.Call) string {
			switch {
			case c.Method == "Insert" && len(c.Args) == 1:
				return "an Insert that never returns looks round the table for what is not there: in a full " +
					"table, Insert must return false, changing nothing, when Count() == 2^q (no empty slot to " +
					"shift into); in a table with room, the walk to the key's run or to an empty slot met bits " +
					"that an earlier Delete left wrong: a Delete's shift goes on past the last slot at slot 0, " +
					"and the slot the cluster's end leaves has all three bits clear"
			case c.Method == "Merge" && smallMerge(c):
				return "Merge never returned, on tables of a few thousand slots at most: a loop over the " +
					"fingerprints never ends (an index or an iterator that does not move on, as a Next with a " +
					"value receiver does not, or a walk round the circular table with no end)"
			case c.Method == "Merge":
				return "Merge must take O(2^q): read each table once, as a sorted stream of fingerprints, and " +
					"write the merged table in one pass, or re-insert g's fingerprints one by one; a Merge that " +
					"sorts or searches per fingerprint takes seconds at 2^18 slots"
			case c.Method == "Delete" && len(c.Args) == 1:
				return "Delete's walks must end in a full table too, where no slot is empty: the walk back to " +
					"the cluster's start stops at a slot that is not shifted, and the shift of the rest of the " +
					"cluster to the left stops at an empty slot or at one whose remainder is in its canonical " +
					"slot (not shifted), whichever comes first; take every index mod 2^q"
			case c.Method == "Lookup" && len(c.Args) == 1:
				return "the walk back to the cluster's start must stop at a slot that is not shifted: keep the " +
					"shifted bits right as remainders move, and take every index mod 2^q"
			}
			return ""
		},
	}
}

// box is one side of a sequence: the graded filter, or the model of what every correct filter
// answers.
type box struct {
	f Filter // the graded filter; nil in the model

	// The model's state.
	q, r    uint
	copies  map[string]int // the copies of each key stored
	total   uint64         // their sum: Count
	unknown bool           // a Delete of a key not stored (only in shrunk cases): nothing is known after it
}

// newModel returns the model of a fresh New(q, r).
func newModel(q, r uint) *box { return &box{q: q, r: r, copies: map[string]int{}} }

// track runs one call on the model and returns the expected result, nil where it is not known.
func (b *box) track(c harness.Call) any {
	if b.unknown {
		return nil
	}
	switch c.Method {
	case "Insert":
		if b.total >= 1<<b.q {
			return false
		}
		b.copies[string(c.Args[0].([]byte))]++
		b.total++
		return true
	case "Lookup":
		switch {
		case b.copies[string(c.Args[0].([]byte))] > 0:
			return true
		case b.total == 0:
			return false
		}
		return nil
	case "Delete":
		k := string(c.Args[0].([]byte))
		if b.copies[k] == 0 {
			b.unknown = true // the caller's error: it may remove another key's fingerprint
			return nil
		}
		b.copies[k]--
		b.total--
		return true
	case "Count":
		return b.total
	case "Merge":
		q, r, keys := mergeArgs(c)
		if q != b.q || r != b.r || uint64(1)<<b.q-b.total < uint64(len(keys)) {
			return false
		}
		for _, k := range keys {
			b.copies[string(k)]++
		}
		b.total += uint64(len(keys))
		return true
	}
	panic("quotientfilter suite: unknown method " + c.Method)
}

// do runs one call on a side. The graded filter gets a copy of the key, overwritten as soon as
// the call returns: a filter that kept a reference to it would see other bytes later.
func (s *suite) do(b *box, c harness.Call) any {
	if b.f == nil {
		return b.track(c)
	}
	switch c.Method {
	case "Insert", "Lookup", "Delete":
		key := bytes.Clone(c.Args[0].([]byte))
		res := dispatch(b.f, harness.Call{Method: c.Method, Args: []any{key}})
		bytekeys.Scribble(key)
		return res
	case "Count":
		return b.f.Count()
	case "Merge":
		q, r, keys := mergeArgs(c)
		return b.f.Merge(s.filled(q, r, keys))
	}
	panic("quotientfilter suite: unknown method " + c.Method)
}

// filled returns the graded package's New(q, r) after an Insert of each key.
func (s *suite) filled(q, r uint, keys [][]byte) Filter {
	g := s.learner.New(q, r)
	for _, k := range keys {
		key := bytes.Clone(k)
		g.Insert(key)
		bytekeys.Scribble(key)
	}
	return g
}

// model is the model of the learner's New(q, r), with what every correct filter answers as the
// expected side.
func (s *suite) model(q, r uint) harness.Model[*box] {
	return harness.Model[*box]{
		Recv: "f", Init: fmt.Sprintf("New(%d, %d)", q, r),
		New:      func() *box { return &box{f: s.learner.New(q, r)} },
		Ref:      func() *box { return newModel(q, r) },
		Do:       s.do,
		Simplify: simplify,
		Hint:     func(m harness.Mismatch) string { return s.hint(q, r, m) },
	}
}

// mergeCall is f.Merge(g) with g a fresh New(q, r) into which keys were inserted, printed as Go
// that makes g in place.
func mergeCall(q, r uint, keys [][]byte) harness.Call {
	args := []any{q, r}
	var b strings.Builder
	fmt.Fprintf(&b, "f.Merge(func() *Filter { g := New(%d, %d); ", q, r)
	for _, k := range keys {
		args = append(args, k)
		fmt.Fprintf(&b, "g.Insert(%s); ", harness.Lit(k))
	}
	b.WriteString("return g }())")
	return harness.Call{Method: "Merge", Args: args, Text: b.String()}
}

// mergeArgs returns the q, r and keys of a mergeCall.
func mergeArgs(c harness.Call) (q, r uint, keys [][]byte) {
	for _, a := range c.Args[2:] {
		keys = append(keys, a.([]byte))
	}
	return c.Args[0].(uint), c.Args[1].(uint), keys
}

// smallMerge reports whether c is a Merge of tables of 2^12 slots at most, as the tests' Merges
// of a few keys are (their arguments name q); a Merge the performance test times names none.
func smallMerge(c harness.Call) bool {
	if len(c.Args) < 2 {
		return false
	}
	q, ok := c.Args[0].(uint)
	return ok && q <= 12
}

// insert, lookup and del are steps with a key, expecting want (nil: not checked).
var insert, lookup, del = bytekeys.StepOf("Insert"), bytekeys.StepOf("Lookup"), bytekeys.StepOf("Delete")

// count expects Count() == n; merge expects f.Merge(g) == want for g a New(q, r) holding keys.
func count(n uint64) harness.Step { return harness.Step{Call: harness.Call{Method: "Count"}, Want: n} }
func merge(q, r uint, keys [][]byte, want bool) harness.Step {
	return harness.Step{Call: mergeCall(q, r, keys), Want: want}
}

// str is a key written as a string.
func str(s string) []byte { return []byte(s) }

// numbered is n distinct keys: prefix followed by 0, 1, ...
func numbered(prefix string, n int) [][]byte {
	keys := make([][]byte, n)
	for i := range keys {
		keys[i] = strconv.AppendInt([]byte(prefix), int64(i), 10)
	}
	return keys
}

// script runs steps on a fresh New(q, r), each expecting one answer.
func (s *suite) script(t *harness.T, q, r uint, steps ...harness.Step) {
	m := s.model(q, r)
	m.Ref = nil
	harness.Script(t, m, steps)
}

// example is the example of the exercise's doc.
func (s *suite) example(t *harness.T) {
	g, rust := str("gopher"), str("rust")
	s.script(t, 10, 16, insert(g, true), insert(g, true), lookup(g, true), lookup(rust, nil), count(2),
		del(g, true), lookup(g, true), merge(10, 16, [][]byte{rust}, true), lookup(rust, true), count(2),
		merge(11, 16, nil, false), count(2), del(g, true), del(rust, true), lookup(g, false), count(0))
}

// newBounds checks that New panics outside 1 <= q <= 30, 1 <= r <= 32, and not at the bounds of
// what the tests can afford to allocate.
func (s *suite) newBounds(t *harness.T) {
	for _, c := range [][2]uint{{0, 8}, {31, 8}, {40, 8}, {8, 0}, {8, 33}, {8, 64}, {0, 0}} {
		call := harness.Call{Method: "New", Func: true, Args: []any{c[0], c[1]}}
		if _, ok := t.MustPanic(call, func() { s.learner.New(c[0], c[1]) }); !ok {
			t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: call.Go(""),
				Message: fmt.Sprintf("%s returned a filter, want a panic: q must be 1 to 30 and r 1 to 32",
					call.Go("")),
				Hint: "New must panic unless 1 <= q <= 30 and 1 <= r <= 32: check both bounds of both arguments"})
		}
	}
	for _, c := range [][2]uint{{1, 1}, {1, 32}, {20, 1}, {16, 32}} {
		s.script(t, c[0], c[1], count(0), insert(str("a"), true), lookup(str("a"), true), count(1))
	}
}

// emptyFilter looks up keys of every kind in fresh filters.
func (s *suite) emptyFilter(t *harness.T) {
	for _, c := range [][2]uint{{1, 1}, {3, 8}, {10, 16}, {8, 32}} {
		steps := []harness.Step{count(0)}
		for _, k := range bytekeys.Few() {
			steps = append(steps, lookup(k, false))
		}
		s.script(t, c[0], c[1], steps...)
	}
}

// emptyAndNilKeys inserts nil and looks up and deletes the empty slice, and the other way round.
func (s *suite) emptyAndNilKeys(t *harness.T) {
	s.script(t, 8, 8, insert(nil, true), lookup([]byte{}, true), lookup(nil, true), count(1),
		del([]byte{}, true), lookup(nil, false), count(0))
	s.script(t, 8, 8, insert([]byte{}, true), lookup(nil, true), del(nil, true), lookup([]byte{}, false), count(0))
}

// copies checks that copies are counted one by one, among other keys, and that a Delete of a key
// once every copy is gone returns false: an empty filter stores no fingerprint, whatever the hash.
func (s *suite) copies(t *harness.T) {
	a, b, c := str("a"), str("b"), str("c")
	s.script(t, 10, 8, insert(a, true), insert(b, true), insert(a, true), del(a, true), lookup(a, true),
		lookup(b, true), count(2), insert(c, true), del(a, true), lookup(b, true), lookup(c, true), count(2),
		del(b, true), del(c, true), count(0), lookup(a, false), del(a, false), count(0))
	s.script(t, 2, 4, insert(a, true), insert(a, true), insert(a, true), del(a, true), del(a, true),
		lookup(a, true), count(1), del(a, true), count(0), lookup(a, false), del(a, false), count(0))
}

// fullTables fills small tables with distinct keys and with copies of one key, up to all 2^q
// slots and one Insert more, then empties them.
func (s *suite) fullTables(t *harness.T) {
	for _, c := range [][2]uint{{1, 1}, {1, 8}, {2, 1}, {2, 5}, {3, 2}, {3, 8}, {4, 1}, {4, 16}, {5, 3}, {6, 7}, {6, 32}} {
		q, r := c[0], c[1]
		n := 1 << q
		for _, keys := range [][][]byte{numbered("k", n), slices.Repeat([][]byte{str("x")}, n), numbered("wrap-", n)} {
			var steps []harness.Step
			for _, k := range keys {
				steps = append(steps, insert(k, true))
			}
			steps = append(steps, insert(str("one more"), false), count(uint64(n)))
			for _, k := range keys {
				steps = append(steps, lookup(k, true))
			}
			// A Delete makes room for one, and the failed Insert left nothing behind.
			steps = append(steps, del(keys[0], true), insert(str("one more"), true), insert(keys[0], false),
				lookup(str("one more"), true), count(uint64(n)), del(str("one more"), true))
			for _, k := range keys[1:] {
				steps = append(steps, lookup(k, true), del(k, true))
			}
			steps = append(steps, count(0), lookup(keys[0], false), lookup(str("one more"), false), insert(keys[0], true),
				lookup(keys[0], true), count(1))
			s.script(t, q, r, steps...)
		}
	}
}

// merge checks Merge's answers at its boundaries, and that g is left unchanged.
func (s *suite) merge(t *harness.T) {
	a, b := numbered("a", 8), numbered("b", 8)
	s.script(t, 4, 8, insert(a[0], true), merge(5, 8, b[:1], false), merge(4, 7, b[:1], false),
		merge(3, 8, nil, false), merge(4, 9, nil, false), count(1), lookup(a[0], true),
		merge(4, 8, nil, true), count(1), merge(4, 8, b[:2], true), count(3), lookup(b[1], true))
	// The boundary: 2^q - f.Count() == g.Count() fits, one more does not.
	var steps []harness.Step
	for _, k := range a[:5] {
		steps = append(steps, insert(k, true))
	}
	steps = append(steps, merge(3, 8, b[:4], false), count(5), merge(3, 8, b[:3], true), count(8),
		insert(str("one more"), false), merge(3, 8, nil, true), merge(3, 8, b[:1], false), count(8))
	for _, k := range append(a[:5:5], b[:3]...) {
		steps = append(steps, lookup(k, true))
	}
	for _, k := range b[:3] {
		steps = append(steps, del(k, true))
	}
	steps = append(steps, count(5))
	s.script(t, 3, 8, steps...)
	// Into an empty filter, twice the same g (copies), and a full table from two halves.
	s.script(t, 3, 2, merge(3, 2, b[:4], true), merge(3, 2, b[:4], true), count(8), lookup(b[3], true),
		del(b[3], true), del(b[3], true), del(b[0], true), lookup(b[0], true), count(5))
	s.gUnchanged(t)
}

// gUnchanged merges filters into one another and checks that g still holds what it held, its
// Count and a Lookup of each of its keys, right after the Merge and once f has deleted g's keys.
func (s *suite) gUnchanged(t *harness.T) {
	for _, c := range []struct {
		q, r   uint
		nf, ng int
	}{{4, 8, 3, 5}, {4, 8, 8, 8}, {6, 4, 40, 24}, {10, 12, 500, 300}, {3, 8, 7, 2}, {6, 8, 0, 24}} {
		f := t.Invoke(harness.Call{Method: "New", Func: true, Args: []any{c.q, c.r}},
			func() any { return s.learner.New(c.q, c.r) }).(Filter)
		gKeys := numbered("g", c.ng)
		g := t.Invoke(harness.Call{Method: "New", Func: true, Args: []any{c.q, c.r}},
			func() any { return s.filled(c.q, c.r, gKeys) }).(Filter)
		for _, k := range numbered("f", c.nf) {
			bytekeys.Call(t, f, "Insert", k)
		}
		mc := mergeCall(c.q, c.r, gKeys)
		want := uint64(c.nf+c.ng) <= 1<<c.q
		got := t.Invoke(mc, func() any { return f.Merge(g) }).(bool)
		fail := func(what string, hint string) {
			t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "f.Merge(g)",
				Message: fmt.Sprintf("f.Merge(g), f a New(%d, %d) holding %d keys and g one holding %d, returned %v; then %s",
					c.q, c.r, c.nf, c.ng, got, what),
				Hint: hint})
		}
		if got != want {
			fail(fmt.Sprintf("want %v", want), mergeHint)
		}
		if n := bytekeys.Counted(t, g); n != uint64(c.ng) {
			fail(fmt.Sprintf("g.Count() = %d, want %d: Merge must leave g unchanged", n, c.ng), gHint)
		}
		for _, k := range gKeys {
			if !bytekeys.Call(t, g, "Lookup", k) {
				fail(fmt.Sprintf("g.Lookup(%s) = false, want true: Merge must leave g unchanged", harness.Lit(k)), gHint)
			}
		}
		if !got {
			continue
		}
		// f is a filter of its own: what f does after the Merge leaves g as it is too.
		for _, k := range gKeys {
			bytekeys.Call(t, f, "Delete", k)
		}
		if n := bytekeys.Counted(t, g); n != uint64(c.ng) {
			fail(fmt.Sprintf("f.Delete of each of g's keys, then g.Count() = %d, want %d: f and g share a table", n, c.ng),
				gSharedHint)
		}
		for _, k := range gKeys {
			if !bytekeys.Call(t, g, "Lookup", k) {
				fail(fmt.Sprintf("f.Delete of each of g's keys, then g.Lookup(%s) = false, want true: f and g share a table",
					harness.Lit(k)), gSharedHint)
			}
		}
	}
}

// Hints for the usual causes of wrong answers.
const (
	gSharedHint = "Merge must copy g's fingerprints into f's own table, even into an empty f: a table taken " +
		"from g (its slices as they are) is shared, and what f does next changes g"
	countHint = "Count() is the number of fingerprints stored: Inserts that returned true and fingerprints " +
		"merged in, minus Deletes that returned true; a failed Insert or Merge does not count"
	fullHint = "Insert returns false, and changes nothing, exactly when all 2^q slots are taken: keep a count " +
		"of the fingerprints and check it before anything else"
	roomHint = "Insert must succeed while Count() < 2^q: the table is full only at 2^q fingerprints, not one " +
		"before, and its empty slot may lie before the key's slot, round the end of the table: every index is " +
		"taken mod 2^q, so a cluster that reaches the last slot continues at slot 0"
	keptHint = "the filter reads a key after the call that gave it returned: the judge overwrites a key's " +
		"bytes once its call returns, as a caller that reuses one buffer for its keys does (the case above " +
		"passes only with a fresh slice for each call). Keep no key slice, nor a slice of it: hash the key " +
		"during the call"
	sharedHint = "another filter, made while this one was in use (a Merge's g), changed it: the case passes " +
		"when g is made first. Keep everything a filter uses (its table, q and r, masks, a count) in the " +
		"Filter, not in package-level variables that New sets"
	seedHint = "a key merged in from g is not found in f, though g finds it: every Filter of the package must " +
		"hash keys the same way (one hash, and one seed for the whole package if it takes one), since Merge " +
		"copies g's fingerprints as they are"
	noCopyHint = "Delete returns false, and changes nothing, when no copy of the key's fingerprint is stored: " +
		"look for its remainder in the run of its quotient, and return true only once you have removed one"
	emptyHint = "a filter that holds nothing answers false: Delete must clear occupied when a run empties, " +
		"and leave no remainder behind (all three bits clear) where the cluster ended"
	insertHint = "an inserted key is lost: Insert must find the start of the key's run by walking back to the " +
		"cluster's start (a slot not shifted) and forward, one run per occupied slot, then shift every " +
		"remainder from there to the next empty slot one slot right, setting shifted, keeping continuation " +
		"(the run's old first remainder, moved, becomes a continuation), and wrapping past the last slot; " +
		"a Lookup or Delete that stops at the first larger remainder needs every run kept sorted"
	deleteHint = "a Delete lost another key: " + shiftBack
	// shiftBack is how a Delete keeps the rest of the cluster found.
	shiftBack = "after taking the remainder out, move the rest of the cluster one " +
		"slot left up to an empty slot or a remainder that is not shifted; the run's next remainder becomes " +
		"its first (clear continuation), occupied is cleared only when the run empties, and a remainder " +
		"that lands in its canonical slot clears shifted (follow each run's quotient as you go)"
	mergeHint = "Merge returns false, changing nothing, exactly when g has another q or r, or " +
		"2^q - f.Count() < g.Count(); otherwise it adds a copy of every fingerprint of g: a stored fingerprint " +
		"is its run's quotient and its remainder, wherever the remainder was shifted to"
	mergeLostHint = "a Merge lost a key: once a Merge returns true, every key f held and every key of g looks up " +
		"true. Mind the cluster that wraps from the last slot to slot 0, both where Merge reads a table (read " +
		"from slot 0, its wrapped part comes first, out of order: read run by run from a cluster's start, each " +
		"fingerprint its run's quotient and its remainder) and where it writes one (what passes the last slot " +
		"goes on at slot 0)"
	deleteMergeHint = "a Merge lost a key after Deletes, and keeps it when the table holds the same keys by " +
		"Inserts alone: a Delete left the table other than Inserts would, with bits that Merge reads as they " +
		"say, though Lookup finds its way. " + shiftBack
	gHint = "Merge must leave g unchanged: read g's table, do not take its fingerprints out of it or share " +
		"its slices with f"
	copyHint = "an Insert of a key already stored stores another copy of its fingerprint (the filter holds a " +
		"multiset, and Insert returns true): Count counts every copy, and Delete removes one"
	oneCopyHint = "Delete removes ONE copy of the key's fingerprint: a key inserted twice and deleted once is " +
		"still there, and Insert of a key already stored stores another copy"
	emptyKeyHint = "an empty key (nil or []byte{}) is a valid key: hash it as it is (xxhash.Sum64 of an empty " +
		"slice is a hash like any other)"
	wrapHint = "every slot index must be taken mod 2^q: a cluster that reaches the last slot continues at slot 0, " +
		"and a walk back from slot 0 continues at the last slot"
)

// hint names the usual cause of a failing case in New(q, r).
func (s *suite) hint(q, r uint, f harness.Mismatch) string {
	last := f.Calls[len(f.Calls)-1]
	if f.Panic != nil {
		switch {
		case len(last.Args) == 1 && len(last.Args[0].([]byte)) == 0:
			return emptyKeyHint
		case strings.Contains(fmt.Sprint(f.Panic), "index out of range"):
			return wrapHint
		}
		return ""
	}
	if harness.LateWork(f, func() func(harness.Call) any {
		b := &box{f: s.learner.New(q, r)}
		return func(c harness.Call) any { return s.do(b, c) }
	}) {
		return harness.LateHint("an Insert, a Delete or a Merge", "the table", "a Lookup")
	}
	if s.keptKey(q, r, f) {
		return keptHint
	}
	if s.sharesState(q, r, f) {
		return sharedHint
	}
	merged := slices.ContainsFunc(f.Calls, func(c harness.Call) bool { return c.Method == "Merge" })
	switch last.Method {
	case "Count":
		for _, c := range f.Calls {
			if c.Method == "Insert" && len(c.Args) == 1 && bytekeys.Uses(f.Calls, "Insert", c.Args[0].([]byte)) > 1 &&
				s.dropsCopy(q, r, c.Args[0].([]byte)) {
				return copyHint
			}
		}
		return countHint
	case "Merge":
		return mergeHint
	case "Insert":
		if f.Want == true {
			return roomHint
		}
		return fullHint
	}
	if f.Want == false && last.Method == "Delete" {
		return noCopyHint
	}
	if f.Want == false {
		return emptyHint
	}
	key := last.Args[0].([]byte)
	switch {
	case merged && s.hashPerFilter(q, r):
		return seedHint
	case merged && s.mergeLoses(q, r, f.Calls, key):
		if s.insertsAloneKeep(q, r, f.Calls, key) {
			return deleteMergeHint
		}
		return mergeLostHint
	case bytekeys.Uses(f.Calls, "Insert", key) > 1 && bytekeys.Uses(f.Calls[:len(f.Calls)-1], "Delete", key) > 0 &&
		!s.keepsCopy(q, r, key):
		// The other copy is gone, or cut off from its run by the hole the Delete left: a Delete
		// of keys stored once, in a filter of long clusters, tells the two apart.
		if s.deleteLosesOthers(q, r) {
			return "a Delete of one copy lost the other, and Deletes lose keys stored once in long clusters " +
				"too: the rest of the cluster is cut off, by a hole the Delete leaves or by bits it leaves wrong. " + shiftBack
		}
		return oneCopyHint
	case merged && bytekeys.Uses(f.Calls, "Insert", key) == 0:
		return mergeHint
	case slices.ContainsFunc(f.Calls[:len(f.Calls)-1], func(c harness.Call) bool { return c.Method == "Delete" }) &&
		s.foundWithoutDeletes(q, r, f.Calls):
		return deleteHint
	}
	return insertHint
}

// keptKey reports whether the failing case f's last call answers what f wants on a fresh New(q,
// r) when no key is overwritten after its call, each call given a slice of its own left as it is:
// the graded filter then keeps a caller's key slice and reads it after the call, where the judge
// has overwritten it, as a caller reusing its buffer would.
func (s *suite) keptKey(q, r uint, f harness.Mismatch) bool {
	return s.onFresh(q, r, func(fl Filter) bool {
		graded := &box{f: fl}
		var got any
		for _, c := range f.Calls {
			switch c.Method {
			case "Insert", "Lookup", "Delete":
				got = dispatch(fl, harness.Call{Method: c.Method, Args: []any{bytes.Clone(c.Args[0].([]byte))}})
			default:
				got = s.do(graded, c)
			}
		}
		return f.Answers(got)
	})
}

// sharesState reports whether the failing case f, which merges, answers what f wants at its last
// call when every Merge's g is made before f rather than between f's calls: then making another
// filter changed f, through state the filters share.
func (s *suite) sharesState(q, r uint, f harness.Mismatch) bool {
	if !slices.ContainsFunc(f.Calls, func(c harness.Call) bool { return c.Method == "Merge" }) {
		return false
	}
	return harness.Evidence(func() bool {
		var gs []Filter
		for _, c := range f.Calls {
			if c.Method == "Merge" {
				mq, mr, keys := mergeArgs(c)
				gs = append(gs, s.filled(mq, mr, keys))
			}
		}
		b := &box{f: s.learner.New(q, r)}
		var got any
		for _, c := range f.Calls {
			if c.Method == "Merge" {
				got, gs = b.f.Merge(gs[0]), gs[1:]
				continue
			}
			got = s.do(b, c)
		}
		return f.Answers(got)
	})
}

// hashPerFilter reports whether keys a fresh g of the graded package holds are not found in a
// fresh f after f.Merge(g), in tables of 2^q slots (2^10 at most), though each is found in g:
// f hashes keys otherwise than g.
func (s *suite) hashPerFilter(q, r uint) bool {
	q = min(q, 10)
	return harness.Evidence(func() bool {
		lost := 0
		for i := range 8 {
			key := fmt.Appendf(nil, "merged-%d", i)
			g := s.filled(q, r, [][]byte{key})
			f := s.learner.New(q, r)
			if g.Lookup(bytes.Clone(key)) && f.Merge(g) && !f.Lookup(bytes.Clone(key)) {
				lost++
			}
		}
		return lost >= 6
	})
}

// onFresh runs check on a fresh New(q, r) of the graded package, for a hint's replay
// (harness.Evidence).
func (s *suite) onFresh(q, r uint, check func(f Filter) bool) bool {
	return harness.Evidence(func() bool { return check(s.learner.New(q, r)) })
}

// foundWithoutDeletes reports whether the last call of a failing case, a Lookup of a key
// inserted, answers true when the case is replayed on a fresh New(q, r) without its Deletes
// (which only take keys out): only then did a Delete lose the key, and not the Inserts alone.
func (s *suite) foundWithoutDeletes(q, r uint, calls []harness.Call) bool {
	return s.onFresh(q, r, func(f Filter) bool {
		b := &box{f: f}
		var res any
		for _, c := range calls {
			if c.Method != "Delete" {
				res = s.do(b, c)
			}
		}
		return res == true
	})
}

// mergeLoses reports whether a Merge of a failing case lost key, the one its last call wants
// found: replayed on a fresh New(q, r), key looks up true before a Merge that returns true, or is
// one of g's keys, and looks up false right after it.
func (s *suite) mergeLoses(q, r uint, calls []harness.Call, key []byte) bool {
	return s.onFresh(q, r, func(f Filter) bool {
		b := &box{f: f}
		found := func() bool { return s.do(b, bytekeys.KeyCall("Lookup", key)) == true }
		for _, c := range calls[:len(calls)-1] {
			if c.Method != "Merge" {
				s.do(b, c)
				continue
			}
			_, _, keys := mergeArgs(c)
			held := found() || slices.ContainsFunc(keys, func(k []byte) bool { return bytes.Equal(k, key) })
			if s.do(b, c) == true && held && !found() {
				return true
			}
		}
		return false
	})
}

// insertsAloneKeep reports whether the failing case's key, which a Merge lost (mergeLoses), is
// found after the case's calls but the last when the table is built by Inserts alone: each Delete
// left out, and with it the last Insert of the same key before it. A right filter holds the same
// fingerprints either way, so when the Deletes make the difference, they left the table in a
// state no Inserts lead to, which Merge reads wrong.
func (s *suite) insertsAloneKeep(q, r uint, calls []harness.Call, key []byte) bool {
	var plain []harness.Call
	for _, c := range calls[:len(calls)-1] {
		if c.Method != "Delete" {
			plain = append(plain, c)
			continue
		}
		k := c.Args[0].([]byte)
		i := -1
		for j, p := range slices.Backward(plain) {
			if p.Method == "Insert" && bytes.Equal(p.Args[0].([]byte), k) {
				i = j
				break
			}
		}
		if i < 0 {
			return false // a Delete of a key not inserted: leaving it out may change what is stored
		}
		plain = slices.Delete(plain, i, i+1)
	}
	if len(plain) == len(calls)-1 {
		return false // no Delete to blame
	}
	return s.onFresh(q, r, func(f Filter) bool {
		b := &box{f: f}
		for _, c := range plain {
			s.do(b, c)
		}
		return s.do(b, bytekeys.KeyCall("Lookup", key)) == true
	})
}

// keepsCopy reports whether a fresh New(q, r) of the graded package still finds key after two
// Inserts and one Delete of it (and no other call).
func (s *suite) keepsCopy(q, r uint, key []byte) bool {
	return s.onFresh(q, r, func(f Filter) bool {
		f.Insert(bytes.Clone(key))
		f.Insert(bytes.Clone(key))
		f.Delete(bytes.Clone(key))
		return f.Lookup(bytes.Clone(key))
	})
}

// dropsCopy reports whether a fresh New(q, r) of the graded package counts one key inserted
// twice once: it stores no second copy.
func (s *suite) dropsCopy(q, r uint, key []byte) bool {
	return s.onFresh(q, r, func(f Filter) bool {
		f.Insert(bytes.Clone(key))
		f.Insert(bytes.Clone(key))
		return f.Count() == 1
	})
}

// deleteLosesOthers reports whether the graded filter's Delete loses keys it did not delete:
// in a table of 2^q slots (2^12 at most) filled to 60% with keys stored once, so that its
// clusters are long, a Delete of every fourth key, then a Lookup of every other key.
func (s *suite) deleteLosesOthers(q, r uint) bool {
	q = min(q, 12)
	return s.onFresh(q, r, func(f Filter) bool {
		keys := make([][]byte, (1<<q)*3/5)
		for i := range keys {
			keys[i] = fmt.Appendf(nil, "key-%d", i)
			f.Insert(bytes.Clone(keys[i]))
		}
		for i := 0; i < len(keys); i += 4 {
			f.Delete(bytes.Clone(keys[i]))
		}
		for i, k := range keys {
			if i%4 != 0 && !f.Lookup(bytes.Clone(k)) {
				return true
			}
		}
		return false
	})
}

// simplify proposes simpler variants of a failing sequence, simplest first: bytekeys' simpler
// keys (every letter tried, since whether a case fails depends on where the graded hash puts
// each key), then each Merge's keys cut to either half.
func simplify(calls []harness.Call) [][]harness.Call {
	simpler := bytekeys.Simplifier{EveryLetter: true, Rebuild: func(c harness.Call) harness.Call {
		if c.Method == "Merge" {
			return mergeCall(mergeArgs(c))
		}
		return c
	}}
	cands := simpler.Simplify(calls)
	for i, c := range calls {
		if c.Method != "Merge" || len(c.Args) < 3 {
			continue
		}
		q, r, keys := mergeArgs(c)
		for _, half := range [][][]byte{keys[:len(keys)/2], keys[len(keys)/2:]} {
			cand := slices.Clone(calls)
			cand[i] = mergeCall(q, r, half)
			cands = append(cands, cand)
		}
	}
	return cands
}

// randomSmall runs random sequences over small pools of keys in tables of 2 to 64 slots, where
// clusters wrap and the table fills, with remainders of 1 bit (where fingerprints of different
// keys are often equal) to 16.
func (s *suite) randomSmall(t *harness.T) {
	for _, c := range [][2]uint{{1, 1}, {1, 4}, {2, 1}, {2, 3}, {3, 1}, {3, 2}, {3, 8}, {4, 2}, {4, 5}, {5, 3},
		{6, 1}, {6, 16}} {
		for range 3 {
			harness.Compare(t, s.model(c[0], c[1]), randomCalls(t, c[0], c[1], 3<<c[0]/2+2, 300))
		}
	}
}

// twoAtOnce runs random sequences on two tables at once, of 256 slots of 8-bit remainders and
// 512 of 6-bit ones (harness.TwinsOf): a filter that keeps its table, or q or r, in
// package-level variables fails it.
func (s *suite) twoAtOnce(t *harness.T) {
	harness.TwinsOf(t, s.model(8, 8), s.model(9, 6), randomCalls(t, 8, 8, 300, 1500), randomCalls(t, 9, 6, 300, 1500))
}

// randomLarge runs random sequences over a pool of keys on a table of 1024 slots, filled up to
// about 90%.
func (s *suite) randomLarge(t *harness.T) {
	for range 2 {
		harness.Compare(t, s.model(10, 8), randomCalls(t, 10, 8, 1200, 4000))
	}
}

// randomCalls draws n calls over a pool of poolSize keys for New(q, r). It deletes only keys
// with a copy stored, and merges filters of at most 2^q keys, now and then of another q or r,
// or with no room.
func randomCalls(t *harness.T, q, r uint, poolSize, n int) []harness.Call {
	rng := t.Rand()
	pool := keyPool(rng, poolSize)
	m := newModel(q, r)
	slots := 1 << q
	calls := make([]harness.Call, 0, n)
	for len(calls) < n {
		k := pool[rng.IntN(len(pool))]
		var c harness.Call
		switch x := rng.IntN(40); {
		case x < 2:
			c = harness.Call{Method: "Count"}
		case x < 4:
			// g holds up to a quarter of the table, more now and then: sometimes more than fits.
			size := rng.IntN(slots/4 + 2)
			if rng.IntN(4) == 0 {
				size = rng.IntN(slots + 1)
			}
			gq, gr := q, r
			switch rng.IntN(12) {
			case 0:
				gq = q + 1
			case 1:
				gr = r%32 + 1
			}
			keys := make([][]byte, size)
			for i := range keys {
				keys[i] = pool[rng.IntN(len(pool))]
			}
			c = mergeCall(gq, gr, keys)
		case x < 20:
			c = bytekeys.KeyCall("Insert", k)
		case x < 30 && m.total > 0:
			// A key with a copy stored.
			for m.copies[string(k)] == 0 {
				k = pool[rng.IntN(len(pool))]
			}
			c = bytekeys.KeyCall("Delete", k)
		default:
			c = bytekeys.KeyCall("Lookup", k)
		}
		m.track(c)
		calls = append(calls, c)
	}
	return calls
}

// keyPool is a pool of n distinct keys for random sequences, so that keys repeat: nil, single
// bytes, short words and a long key.
func keyPool(rng *rand.Rand, n int) [][]byte {
	pool := [][]byte{nil, str("a"), str("b"), {0}, {0xff}}
	seen := map[string]bool{}
	for _, k := range pool {
		seen[string(k)] = true
	}
	for len(pool) < n-1 {
		for _, w := range bytekeys.Words(rng, n, 6) {
			if len(pool) < n-1 && !seen[string(w)] {
				seen[string(w)] = true
				pool = append(pool, w)
			}
		}
	}
	pool = append(pool, bytes.Repeat(str("long key "), 20))
	if n < len(pool) {
		pool = pool[len(pool)-n:]
	}
	return pool
}
