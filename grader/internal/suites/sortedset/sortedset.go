// Package sortedset holds the hidden tests of the sortedset exercise.
package sortedset

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

// negZero is -0, a score equal to 0 whose bits differ.
var negZero = math.Copysign(0, -1)

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	m := modelOf(learner, reference, harness.Model[SortedSet]{Recv: "s", Do: do, Simplify: simplify, Show: show,
		Hint: hintFor(learner, reference)})
	five := []harness.Step{add("c", 3, true), add("a", 1, true), add("e", 5, true), add("b", 2, true), add("d", 4, true)}
	return &harness.Suite{
		Exercise: ex.Name,
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Add", Args: []any{"a", 1.0}, Call: func() { learner.New().Add("a", 1) }},
			{Method: "Remove", Args: []any{"a"}, Call: func() { learner.New().Remove("a") }},
			{Method: "Score", Args: []any{"a"}, Call: func() { learner.New().Score("a") }},
			{Method: "Rank", Args: []any{"a"}, Call: func() { learner.New().Rank("a") }},
			{Method: "Len", Call: func() { learner.New().Len() }},
			{Method: "RangeByRank", Args: []any{0, -1}, Call: func() { learner.New().RangeByRank(0, -1) }},
			{Method: "RangeByScore", Args: []any{0.0, 1.0}, Call: func() { learner.New().RangeByScore(0, 1) }},
		},
		Tests: []harness.Test{
			// The leaderboard of the lesson.
			{Name: "example", Kind: harness.Fixed, Run: m.Script(
				add("ann", 30, true), add("bob", 10, true), add("cat", 20, true), add("dan", 20, true),
				add("bob", 25, false), length(4), score("bob", 25, true), score("eve", 0, false),
				rank("cat", 0, true), rank("ann", 3, true),
				byRank(0, 1, mem("cat", 20), mem("dan", 20)), byRank(-2, -1, mem("bob", 25), mem("ann", 30)),
				byScore(20, 25, mem("cat", 20), mem("dan", 20), mem("bob", 25)),
				remove("cat", true), rank("dan", 0, true))},
			// Nothing stored: every query answers "absent" or nothing, and nothing crashes.
			{Name: "edge/empty", Kind: harness.Fixed, Run: m.Script(
				length(0), score("a", 0, false), rank("a", 0, false), remove("a", false),
				byRank(0, -1), byRank(0, 0), byRank(-1, -1), byRank(-1, 0), byRank(0, 10),
				byScore(math.Inf(-1), math.Inf(1)), byScore(0, 0), length(0))},
			// One member: its rank is 0, every range holds it or nothing; removed, the set is empty.
			{Name: "edge/single", Kind: harness.Fixed, Run: m.Script(
				add("only", 5, true), length(1), rank("only", 0, true), score("only", 5, true),
				byRank(0, 0, mem("only", 5)), byRank(0, -1, mem("only", 5)), byRank(-1, -1, mem("only", 5)),
				byRank(1, 1), byRank(0, -2), byScore(5, 5, mem("only", 5)), byScore(4, 4.5), byScore(5.5, 6),
				remove("only", true), length(0), rank("only", 0, false), byRank(0, -1), remove("only", false),
				add("only", 6, true), rank("only", 0, true))},
			// Ranks are 0-based, in order of score, whatever order the members came in.
			{Name: "edge/ranks", Kind: harness.Fixed, Run: m.Script(append(slices.Clone(five),
				rank("a", 0, true), rank("b", 1, true), rank("c", 2, true), rank("d", 3, true),
				rank("e", 4, true), rank("f", 0, false), length(5))...)},
			// Equal scores order by name bytewise, not by arrival; Rank and both ranges agree.
			{Name: "edge/ties", Kind: harness.Fixed, Run: m.Script(
				add("d", 7, true), add("b", 7, true), add("a", 7, true), add("c", 7, true), add("B", 7, true),
				byRank(0, -1, mem("B", 7), mem("a", 7), mem("b", 7), mem("c", 7), mem("d", 7)),
				rank("B", 0, true), rank("c", 3, true), rank("d", 4, true),
				byScore(7, 7, mem("B", 7), mem("a", 7), mem("b", 7), mem("c", 7), mem("d", 7)),
				remove("b", true), rank("c", 2, true), byRank(1, 2, mem("a", 7), mem("c", 7)))},
			// Names order bytewise, whatever they spell: "\x80" (not UTF-8, U+FFFD as a rune)
			// before "é" (0xC3 0xA9), before "\xff".
			{Name: "edge/bytewise", Kind: harness.Fixed, Run: m.Script(
				add("é", 1, true), add("\xff", 1, true), add("\x80", 1, true), add("z", 1, true),
				byRank(0, -1, mem("z", 1), mem("\x80", 1), mem("é", 1), mem("\xff", 1)),
				rank("é", 2, true), rank("\x80", 1, true))},
			// -0 and 0 are one score: members scored -0 and 0 tie and order by name, and
			// either bound finds both.
			{Name: "edge/negative-zero", Kind: harness.Fixed, Run: m.Script(
				add("b", negZero, true), add("a", 0, true), add("c", negZero, true), add("m", -1, true),
				byRank(0, -1, mem("m", -1), mem("a", 0), mem("b", 0), mem("c", 0)),
				rank("a", 1, true), rank("b", 2, true), rank("c", 3, true),
				byScore(0, 0, mem("a", 0), mem("b", 0), mem("c", 0)),
				byScore(negZero, negZero, mem("a", 0), mem("b", 0), mem("c", 0)),
				byScore(-1, negZero, mem("m", -1), mem("a", 0), mem("b", 0), mem("c", 0)),
				add("a", negZero, false), rank("a", 1, true), length(4),
				add("m", 0, false), rank("m", 3, true), score("b", 0, true))},
			// The empty name is a name like any other, and sorts before every other.
			{Name: "edge/empty-name", Kind: harness.Fixed, Run: m.Script(
				score("", 0, false), rank("", 0, false), add("a", 1, true), add("", 1, true),
				rank("", 0, true), rank("a", 1, true), score("", 1, true),
				byRank(0, -1, mem("", 1), mem("a", 1)), add("", 2, false), rank("", 1, true),
				remove("", true), remove("", false), score("", 0, false), length(1))},
			// ±Inf are scores like any other, at the ends of the order.
			{Name: "edge/infinities", Kind: harness.Fixed, Run: m.Script(
				add("top", math.Inf(1), true), add("bottom", math.Inf(-1), true), add("mid", 0, true),
				add("max", math.MaxFloat64, true), add("low", -math.MaxFloat64, true),
				byRank(0, -1, mem("bottom", math.Inf(-1)), mem("low", -math.MaxFloat64), mem("mid", 0),
					mem("max", math.MaxFloat64), mem("top", math.Inf(1))),
				rank("top", 4, true), rank("bottom", 0, true), score("top", math.Inf(1), true),
				byScore(math.Inf(1), math.Inf(1), mem("top", math.Inf(1))),
				byScore(math.Inf(-1), math.Inf(-1), mem("bottom", math.Inf(-1))),
				byScore(math.MaxFloat64, math.Inf(1), mem("max", math.MaxFloat64), mem("top", math.Inf(1))),
				byScore(math.Inf(1), math.Inf(-1)),
				add("top", math.Inf(-1), false), byRank(0, 1, mem("bottom", math.Inf(-1)), mem("top", math.Inf(-1))))},
			// Adding a name already there moves it: one entry, the new score, the new place; the
			// same score again changes nothing.
			{Name: "edge/update", Kind: harness.Fixed, Run: m.Script(
				add("a", 1, true), add("b", 2, true), add("c", 3, true), add("a", 4, false), length(3),
				score("a", 4, true), rank("a", 2, true), rank("b", 0, true),
				byRank(0, -1, mem("b", 2), mem("c", 3), mem("a", 4)), add("a", 4, false), length(3),
				add("c", 0, false), byRank(0, -1, mem("c", 0), mem("b", 2), mem("a", 4)),
				add("b", 2.5, false), rank("b", 1, true), byScore(0, 10, mem("c", 0), mem("b", 2.5), mem("a", 4)),
				remove("a", true), length(2), byRank(0, -1, mem("c", 0), mem("b", 2.5)))},
			// Add with a NaN score panics and changes nothing, for a new name or a present one.
			{Name: "edge/nan", Kind: harness.Fixed, Run: m.Script(
				add("a", 1, true), addNaN("a"), addNaN("b"), length(1), score("a", 1, true),
				score("b", 0, false), rank("a", 0, true), byRank(0, -1, mem("a", 1)), add("b", 2, true),
				byRank(0, -1, mem("a", 1), mem("b", 2)))},
			// Every clipping case of ZRANGE on five members, and on an empty set.
			{Name: "edge/range-by-rank", Kind: harness.Fixed, Run: m.Script(append(slices.Clone(five),
				clip(0, 4), clip(0, -1), clip(-5, -1), clip(-6, -1), clip(-100, 100), clip(0, 5), clip(0, 100),
				clip(1, 3), clip(-1, -1), clip(-2, -1), clip(2, -3), clip(4, 4), clip(4, 5), clip(-3, 10),
				clip(5, 10), clip(5, 5), clip(0, -6), clip(3, 2), clip(-1, -2), clip(1, -5), clip(6, 4),
				clip(-10, -6), clip(math.MinInt, math.MaxInt), clip(math.MaxInt, math.MaxInt))...)},
			// RangeByScore includes both bounds, finds nothing between scores, and nothing when
			// min > max or a bound is NaN.
			{Name: "edge/range-by-score", Kind: harness.Fixed, Run: m.Script(append(slices.Clone(five),
				byScore(2, 4, mem("b", 2), mem("c", 3), mem("d", 4)), byScore(1.5, 3.5, mem("b", 2), mem("c", 3)),
				byScore(2.1, 2.9), byScore(0, 0.5), byScore(5.5, 9), byScore(3, 3, mem("c", 3)),
				byScore(4, 2), byScore(math.NaN(), 3), byScore(1, math.NaN()), byScore(math.NaN(), math.NaN()),
				byScore(math.Inf(-1), 1, mem("a", 1)), byScore(5, math.Inf(1), mem("e", 5)))...)},
			// Removing what is absent changes nothing; a removed name can come back anywhere.
			{Name: "edge/remove", Kind: harness.Fixed, Run: m.Script(append(slices.Clone(five),
				remove("z", false), remove("", false), length(5), remove("a", true), remove("a", false),
				rank("b", 0, true), remove("e", true), rank("d", 2, true), byRank(0, -1, mem("b", 2), mem("c", 3), mem("d", 4)),
				add("a", 10, true), rank("a", 3, true), remove("c", true), rank("a", 2, true), rank("d", 1, true),
				remove("b", true), remove("d", true), remove("a", true), length(0), byRank(0, -1),
				add("c", 3, true), byRank(0, -1, mem("c", 3)))...)},
			// A slice a range returned is the caller's: changing it changes nothing in the set,
			// and a later call does not change it.
			{Name: "edge/returned-slices", Kind: harness.Fixed, Run: returnedSlices(learner.New)},
			// Two sets at once share nothing: a package-level map would let one see the other.
			{Name: "edge/two-sets", Kind: harness.Fixed, Run: twoSets(learner.New)},
			// Thousands of calls over 8 names and 11 scores (ties, -0, ±Inf and NaN among them),
			// so that members move, tie, leave and come back.
			{Name: "random/small", Kind: harness.Differential, Run: m.Random(func(rng *rand.Rand) []harness.Call {
				return calls(rng, 5000, smallName, smallScore)
			})},
			// Twenty thousand calls over many names and scores, the set growing to
			// thousands of members.
			{Name: "random/wide", Kind: harness.Differential, Run: m.Random(func(rng *rand.Rand) []harness.Call {
				return calls(rng, 20000, wideName, wideScore)
			})},
			// Two sets at once, the second made after the first has grown, and calls spread over both:
			// a package-level variable that a second New resets, or that both share, shows here.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: harness.TwinsTest(m, func(rng *rand.Rand) []harness.Call {
				return calls(rng, 6000, wideName, wideScore)
			})},
			// How each operation grows with n, and each range with the members it returns.
			performance(learner, reference),
			// A set of LargeN members, then mixed calls on it.
			{Name: "random/large", Kind: harness.Differential, Run: m.Random(large), Large: true},
		},
	}
}

// mem is a member.
func mem(name string, score float64) Member { return Member{Name: name, Score: score} }

// The steps of a script: a call and its expected result.
func add(name string, score float64, want bool) harness.Step {
	return harness.Step{Call: call("Add", name, score), Want: want}
}
func addNaN(name string) harness.Step {
	return harness.Step{Call: call("Add", name, math.NaN()), Want: panicked(true)}
}
func remove(name string, want bool) harness.Step {
	return harness.Step{Call: call("Remove", name), Want: want}
}
func score(name string, sc float64, ok bool) harness.Step {
	return harness.Step{Call: call("Score", name), Want: scored{sc, ok}}
}
func rank(name string, r int, ok bool) harness.Step {
	return harness.Step{Call: call("Rank", name), Want: ranked{r, ok}}
}
func length(n int) harness.Step { return harness.Step{Call: call("Len"), Want: n} }
func byRank(start, stop int, want ...Member) harness.Step {
	return harness.Step{Call: call("RangeByRank", start, stop), Want: members(want)}
}
func byScore(min, max float64, want ...Member) harness.Step {
	return harness.Step{Call: call("RangeByScore", min, max), Want: members(want)}
}

// clip is RangeByRank(start, stop) on the five members a..e scored 1..5, with ZRANGE's
// expected answer.
func clip(start, stop int) harness.Step {
	all := []Member{mem("a", 1), mem("b", 2), mem("c", 3), mem("d", 4), mem("e", 5)}
	return byRank(start, stop, zrange(all, start, stop)...)
}

// zrange is ZRANGE's answer on the members all, in order.
func zrange(all []Member, start, stop int) []Member {
	n := len(all)
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
	}
	start, stop = max(start, 0), min(stop, n-1)
	if start > stop || start >= n {
		return nil
	}
	return all[start : stop+1]
}

// call is a call of method with args.
func call(method string, args ...any) harness.Call { return harness.Call{Method: method, Args: args} }

// do makes call c on s and returns its result: a bool, an int, a scored, a ranked, a copy of
// a range, or, for Add with a NaN score, whether it panicked.
func do(s SortedSet, c harness.Call) any {
	switch c.Method {
	case "Add":
		if name, sc := c.Args[0].(string), c.Args[1].(float64); math.IsNaN(sc) {
			return addNaNPanics(s, name)
		}
	case "RangeByRank", "RangeByScore":
		return members(slices.Clone(dispatch(s, c).([]Member)))
	}
	return dispatch(s, c)
}

// addNaNPanics calls Add(name, NaN), which must panic, and reports whether it did. The stub's
// panic is passed on, as not implemented.
func addNaNPanics(s SortedSet, name string) (p panicked) {
	defer func() {
		if r := recover(); r != nil {
			if r == harness.NotImplemented {
				panic(r)
			}
			p = true
		}
	}()
	s.Add(name, math.NaN())
	return false
}

// show prints a failing case so that it compiles and checks what failed: each Add with a NaN
// score wrapped in a function that recovers and says whether it panicked, and a last call of
// two results or of a range checked through fmt.Sprint.
func show(f harness.Mismatch) []harness.Call {
	out := slices.Clone(f.Calls)
	for i := range out {
		c := &out[i]
		if c.Method == "Add" && math.IsNaN(c.Args[1].(float64)) {
			c.Text = fmt.Sprintf("func() (panicked bool) { defer func() { panicked = recover() != nil }(); "+
				"s.Add(%s, math.NaN()); return }()", harness.Lit(c.Args[0]))
		}
	}
	last := &out[len(out)-1]
	switch last.Method {
	case "Score", "Rank", "RangeByRank", "RangeByScore":
		if f.Panic == nil {
			last.Text = "fmt.Sprint(" + last.Go("s") + ")"
		}
	}
	return out
}

// returnedSlices checks that a range's result is the caller's: changing it changes neither the
// set nor what the same call returns next (a cache), a later call does not change it (a buffer
// the set reuses), and neither does a change to the set (the set's own storage). Each range
// method is checked on its own, since each may keep its own cache or buffer.
func returnedSlices(newSet func() SortedSet) func(*harness.T) {
	return func(t *harness.T) {
		t.SetReceiver("s")
		s := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return newSet() }).(SortedSet)
		code := []string{"s := New()"}
		all := []Member{mem("a", 1), mem("b", 2), mem("c", 3), mem("d", 4)}
		for _, m := range all {
			c := call("Add", m.Name, m.Score)
			t.Invoke(c, func() any { return s.Add(m.Name, m.Score) })
			code = append(code, c.Go("s"))
		}
		ops := len(all) + 1
		got := map[string][]Member{}  // each slice as the set returned it: its memory may be the set's
		kept := map[string][]Member{} // and a copy of what it held then
		failed := false
		// check fails the test when the slice v no longer holds want.
		check := func(v string, want []Member, what string) {
			if failed || slices.Equal(got[v], want) {
				return
			}
			failed = true
			g, w := fmt.Sprint(got[v]), fmt.Sprint(want)
			code = append(code, fmt.Sprintf("if got := fmt.Sprint(%s); got != %q {\n\t\tt.Fatalf(\"%s = %%s, want %s\", got)\n\t}",
				v, w, v, w))
			var b strings.Builder
			fmt.Fprintf(&b, "// needs: import (\"fmt\")\nfunc TestKataCase(t *testing.T) {\n\t// hidden test %s\n", t.Name())
			for _, l := range code {
				fmt.Fprintf(&b, "\t%s\n", l)
			}
			b.WriteString("}\n")
			t.Fail(&record.Failure{
				Verdict: verdict.WrongAnswer,
				Op:      v,
				Message: fmt.Sprintf("%s is %s, want %s: %s", v, g, w, what),
				Hint: "a returned slice is the caller's to keep and change: build a new slice in each " +
					"RangeByRank and RangeByScore call, never return a slice the set keeps or reuses " +
					"(its storage, a cache of an earlier answer, a buffer for the next call)",
				Case: &result.Case{Code: b.String(), Call: v, Want: w, Got: g, Ops: ops},
			})
		}
		// query makes the call c as v := s.Method(...), which must return want.
		query := func(v string, c harness.Call, want []Member) {
			if failed {
				return
			}
			r := t.Invoke(c, func() any {
				if c.Method == "RangeByRank" {
					return s.RangeByRank(c.Args[0].(int), c.Args[1].(int))
				}
				return s.RangeByScore(c.Args[0].(float64), c.Args[1].(float64))
			}).([]Member)
			ops++
			code = append(code, v+" := "+c.Go("s"))
			got[v], kept[v] = r, slices.Clone(r)
			check(v, want, "a wrong answer")
		}
		// change overwrites every member of the slice v, as a caller may.
		change := func(v string) {
			if failed {
				return
			}
			for i := range got[v] {
				got[v][i] = mem("changed", -1)
			}
			code = append(code, fmt.Sprintf("for i := range %s {\n\t\t%s[i] = Member{Name: \"changed\", Score: -1}\n\t}", v, v))
		}
		unchanged := func(v, what string) { check(v, kept[v], what) }
		// owned makes the call same twice, as p1 and p2, changing p1 in between, then the call
		// later as p3: neither the change nor the later call may change p2.
		owned := func(p string, same harness.Call, sameWant []Member, later harness.Call, laterWant []Member) {
			query(p+"1", same, sameWant)
			change(p + "1")
			query(p+"2", same, sameWant)
			unchanged(p+"2", "changing the slice an earlier "+same.Short()+" returned changed what the same call returns")
			query(p+"3", later, laterWant)
			unchanged(p+"2", "a later "+same.Method+" changed the slice an earlier one returned")
		}
		ab, abc, cd := all[:2], all[:3], all[2:]
		owned("r", call("RangeByRank", 0, 2), abc, call("RangeByRank", 2, 3), cd)
		owned("s", call("RangeByScore", 1.0, 2.0), ab, call("RangeByScore", 3.0, 4.0), cd)
		unchanged("r2", "a later RangeByScore changed the slice RangeByRank returned")
		unchanged("r3", "a later RangeByScore changed the slice RangeByRank returned")
		query("whole", call("RangeByRank", 0, -1), all)
		if failed {
			return
		}
		c := call("Remove", "a")
		t.Invoke(c, func() any { return s.Remove("a") })
		code = append(code, c.Go("s"))
		ops++
		unchanged("r3", "a Remove changed the slice an earlier RangeByRank returned")
		unchanged("s3", "a Remove changed the slice an earlier RangeByScore returned")
	}
}

// twoSets adds to one set and checks that the other did not change.
func twoSets(newSet func() SortedSet) func(*harness.T) {
	return func(t *harness.T) {
		t.SetReceiver("a")
		ctor := harness.Call{Method: "New", Func: true}
		a := t.Invoke(ctor, func() any { return newSet() }).(SortedSet)
		b := t.Invoke(ctor, func() any { return newSet() }).(SortedSet)
		code := []string{"a, b := New(), New()"}
		steps := []struct {
			set  string
			call harness.Call
			want any // nil: no check
		}{
			{"a", call("Add", "x", 1.0), true}, {"b", call("Len"), 0}, {"b", call("Score", "x"), scored{0, false}},
			{"b", call("Add", "x", 2.0), true}, {"a", call("Score", "x"), scored{1, true}},
			{"b", call("Remove", "x"), true}, {"a", call("Rank", "x"), ranked{0, true}},
			{"a", call("RangeByRank", 0, -1), members{mem("x", 1)}}, {"b", call("RangeByRank", 0, -1), members(nil)},
		}
		for i, st := range steps {
			set := map[string]SortedSet{"a": a, "b": b}[st.set]
			shown := harness.Call{Method: st.set + "." + st.call.Method, Args: st.call.Args, Func: true}
			got := t.Invoke(shown, func() any { return do(set, st.call) })
			line := shown.Short()
			if st.want == nil || harness.OneOf([]any{st.want}).Accepts(got) {
				code = append(code, line+" // "+harness.Lit(got))
				continue
			}
			check := line
			if _, two := got.(bool); !two {
				if _, n := got.(int); !n {
					check = "fmt.Sprint(" + line + ")"
				}
			}
			var w strings.Builder
			if strings.HasPrefix(check, "fmt.") {
				w.WriteString("// needs: import (\"fmt\")\n")
			}
			fmt.Fprintf(&w, "func TestKataCase(t *testing.T) {\n\t// hidden test %s\n", t.Name())
			for _, l := range code {
				fmt.Fprintf(&w, "\t%s\n", l)
			}
			fmt.Fprintf(&w, "\tif got := %s; got != %s {\n\t\tt.Fatalf(\"%s = %%v, want %%v\", got, %s)\n\t}\n}\n",
				check, harness.Lit(st.want), strings.ReplaceAll(check, `"`, `\"`), harness.Lit(st.want))
			t.Fail(&record.Failure{
				Verdict: verdict.WrongAnswer,
				Op:      line,
				Message: fmt.Sprintf("%s returned %s, want %s: two sets made by New share their members",
					line, harness.Lit(got), harness.Lit(st.want)),
				Hint: "each New must build a set of its own: keep the map and the order in the " +
					"SortedSet struct, not in package-level variables",
				Case: &result.Case{Code: w.String(), Call: line, Want: harness.Lit(st.want), Got: harness.Lit(got), Ops: i + 3},
			})
		}
	}
}

// smallNames are the names of the small random test: the empty one, and two whose order
// bytewise is not their order as runes ("\x80", not UTF-8, reads as U+FFFD, after "é").
var smallNames = [...]string{"", "a", "b", "c", "d", "e", "f", "\x80", "é"}

// smallName draws one of smallNames.
func smallName(rng *rand.Rand) string { return smallNames[rng.IntN(len(smallNames))] }

// smallScores are the scores of the small random test: ties, -0 and 0, ±Inf.
var smallScores = []float64{math.Inf(-1), -2, -1, negZero, 0, 0, 1, 1, 2, 3, math.Inf(1)}

// smallScore draws one of smallScores, now and then NaN.
func smallScore(rng *rand.Rand) float64 {
	if rng.IntN(100) == 0 {
		return math.NaN()
	}
	return smallScores[rng.IntN(len(smallScores))]
}

// wideName draws a name of 1 to 6 pieces, most of them one of 10 letters, so that names share
// prefixes; one in 16 is a byte from 0x80 up or a letter of two bytes in UTF-8, so that names
// that are not UTF-8, or not ASCII, order bytewise among the others.
func wideName(rng *rand.Rand) string {
	b := make([]byte, 0, 12)
	for range 1 + rng.IntN(6) {
		switch rng.IntN(32) {
		case 0:
			b = append(b, 0x80+byte(rng.IntN(128)))
		case 1:
			b = append(b, "éü"[2*rng.IntN(2):][:2]...)
		default:
			b = append(b, 'a'+byte(rng.IntN(10)))
		}
	}
	return string(b)
}

// wideScore draws a small whole score (ties), a special one, or any in ±1e6.
func wideScore(rng *rand.Rand) float64 {
	switch r := rng.IntN(100); {
	case r < 40:
		return float64(rng.IntN(21) - 10)
	case r < 44:
		return smallScores[rng.IntN(len(smallScores))]
	case r == 44:
		return math.NaN()
	}
	return (rng.Float64()*2 - 1) * 1e6
}

// calls draws n calls: names from name, scores from score. Removes, Scores and Ranks take a
// name added before half of the time; ranges are mostly short windows anywhere, past the ends
// too, counted from either end (a range of thousands of members costs thousands of calls).
func calls(rng *rand.Rand, n int, name func(*rand.Rand) string, score func(*rand.Rand) float64) []harness.Call {
	out := make([]harness.Call, n)
	var seen []string // names added, with repeats
	var scores []float64
	size := 0 // an estimate of the set's size, for windows near its end
	pick := func() string {
		if len(seen) > 0 && rng.IntN(2) == 0 {
			return seen[rng.IntN(len(seen))]
		}
		return name(rng)
	}
	bound := func() float64 {
		if len(scores) > 0 && rng.IntN(3) > 0 {
			return scores[rng.IntN(len(scores))]
		}
		return score(rng)
	}
	for i := range out {
		switch r := rng.IntN(20); {
		case r < 7:
			nm, sc := name(rng), score(rng)
			if rng.IntN(4) == 0 && len(seen) > 0 {
				nm = seen[rng.IntN(len(seen))]
			}
			seen, scores = append(seen, nm), append(scores, sc)
			size++
			out[i] = call("Add", nm, sc)
		case r < 10:
			out[i] = call("Remove", pick())
			size = max(0, size-1)
		case r < 12:
			out[i] = call("Score", pick())
		case r < 15:
			out[i] = call("Rank", pick())
		case r < 16:
			out[i] = call("Len")
		case r < 18:
			start := rng.IntN(size+6) - 3
			if rng.IntN(3) == 0 {
				start -= size + 3 // from the end
			}
			stop := start + rng.IntN(12) - 2
			if rng.IntN(5) == 0 {
				stop = -1 - rng.IntN(3)
				if rng.IntN(8) > 0 {
					start = stop - rng.IntN(12) // a window at the end, not all of the set
				}
			}
			out[i] = call("RangeByRank", start, stop)
		default:
			lo, hi := bound(), bound()
			if lo > hi && rng.IntN(4) > 0 {
				lo, hi = hi, lo
			}
			if lo < hi && !math.IsInf(hi-lo, 0) && rng.IntN(4) > 0 {
				hi = lo + (hi-lo)/256 // a narrow window: a few members of thousands
			}
			out[i] = call("RangeByScore", lo, hi)
		}
	}
	return out
}

// LargeN is the size of the large test: LargeN additions, then LargeN/4 mixed calls.
const LargeN = 50_000

// large adds LargeN members with 8-letter names and whole scores below LargeN/2 (ties), then
// makes mixed calls on names mostly present, ranges of a few members.
func large(rng *rand.Rand) []harness.Call {
	out := make([]harness.Call, 0, LargeN+LargeN/4)
	names := make([]string, LargeN)
	for i := range names {
		b := make([]byte, 8)
		for j := range b {
			b[j] = 'a' + byte(rng.IntN(26))
		}
		names[i] = string(b)
		out = append(out, call("Add", names[i], float64(rng.IntN(LargeN/2))))
	}
	for range LargeN / 4 {
		nm := names[rng.IntN(LargeN)]
		switch rng.IntN(7) {
		case 0:
			out = append(out, call("Add", nm, float64(rng.IntN(LargeN/2))))
		case 1:
			out = append(out, call("Remove", nm))
		case 2:
			out = append(out, call("Score", nm))
		case 3, 4:
			out = append(out, call("Rank", nm))
		case 5:
			start := rng.IntN(LargeN+20) - 10
			out = append(out, call("RangeByRank", start, start+rng.IntN(10)))
		case 6:
			lo := float64(rng.IntN(LargeN / 2))
			out = append(out, call("RangeByScore", lo, lo+float64(rng.IntN(3))))
		}
	}
	return out
}
