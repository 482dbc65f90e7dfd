package sortedset

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"kata/grader/internal/harness"
)

// simplify proposes simpler variants of a failing sequence: the names renamed to single
// letters in their order (the empty name kept), the finite scores to small whole numbers in
// their order (0 and -0 kept apart, since telling them apart may be the bug), each name and
// score on its own replaced by a simpler one, and the positions of RangeByRank made smaller.
func simplify(calls []harness.Call) [][]harness.Call {
	var names []string
	var scores []float64
	for _, c := range calls {
		for _, a := range c.Args {
			switch x := a.(type) {
			case string:
				if !slices.Contains(names, x) {
					names = append(names, x)
				}
			case float64:
				if !slices.ContainsFunc(scores, func(y float64) bool { return same(x, y) }) {
					scores = append(scores, x)
				}
			}
		}
	}
	var cands [][]harness.Call
	// Names, all at once, keeping their order.
	sorted := slices.Sorted(slices.Values(names))
	letter := map[string]string{}
	next := 0
	for _, nm := range sorted {
		if nm == "" {
			letter[nm] = ""
			continue
		}
		letter[nm] = short(next, len(sorted))
		next++
	}
	cands = append(cands, harness.MapArgs(calls, func(s string) string { return letter[s] }))
	// Scores, all at once, keeping their order.
	finite := slices.DeleteFunc(slices.Clone(scores), func(x float64) bool { return x == 0 || math.IsInf(x, 0) || math.IsNaN(x) })
	slices.Sort(finite)
	finite = slices.Compact(finite)
	small := map[float64]float64{}
	neg := 0
	for _, x := range finite {
		if x < 0 {
			neg++
		}
	}
	for i, x := range finite {
		if x < 0 {
			small[x] = float64(i - neg)
		} else {
			small[x] = float64(i - neg + 1)
		}
	}
	cands = append(cands, harness.MapArgs(calls, func(x float64) float64 {
		if y, ok := small[x]; ok {
			return y
		}
		return x
	}))
	// One name or one score at a time.
	for _, nm := range names {
		for _, to := range []string{"", "a", "b"} {
			if to != nm && !slices.Contains(names, to) {
				cands = append(cands, harness.MapArgs(calls, func(s string) string {
					if s == nm {
						return to
					}
					return s
				}))
			}
		}
	}
	for _, x := range scores {
		for _, to := range []float64{0, 1, -1, 2} {
			if !slices.ContainsFunc(scores, func(y float64) bool { return same(to, y) }) {
				cands = append(cands, harness.MapArgs(calls, func(y float64) float64 {
					if same(x, y) {
						return to
					}
					return y
				}))
			}
		}
	}
	return append(cands, harness.SimplifyInts(calls)...)
}

// same reports whether two scores are the same float64, bit for bit (NaN too).
func same(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// short is the i-th of n names in order: "a", "b", ..., with two letters when n passes 26.
func short(i, n int) string {
	if n <= 26 {
		return string(rune('a' + i))
	}
	return string(rune('a'+i/26)) + string(rune('a'+i%26))
}

// state is the set the calls before the failing one built, by a plain model, with what the
// calls did that a hint may name.
type state struct {
	scores  map[string]float64
	placed  map[string]float64 // the score each name had when it entered the set
	arrival map[string]int     // when each name last got its score
	gone    []Member           // each member as it was where it left its place
	updated bool               // an Add of a name already present, with another score
	moved   bool               // a member left its place: a Remove of a present name, or an update
	negZero bool               // a member was added with -0
}

func replay(calls []harness.Call) state {
	st := state{scores: map[string]float64{}, placed: map[string]float64{}, arrival: map[string]int{}}
	for i, c := range calls {
		switch c.Method {
		case "Add":
			name, sc := c.Args[0].(string), c.Args[1].(float64)
			if math.IsNaN(sc) {
				continue
			}
			old, ok := st.scores[name]
			if ok && old != sc {
				st.updated, st.moved = true, true
				st.gone = append(st.gone, mem(name, old))
			}
			if same(sc, negZero) {
				st.negZero = true
			}
			if !ok || old != sc {
				st.arrival[name] = i
			}
			if !ok {
				st.placed[name] = sc
			}
			st.scores[name] = sc
		case "Remove":
			if old, ok := st.scores[c.Args[0].(string)]; ok {
				st.moved = true
				st.gone = append(st.gone, mem(c.Args[0].(string), old))
			}
			delete(st.scores, c.Args[0].(string))
			delete(st.placed, c.Args[0].(string))
		}
	}
	return st
}

// ties reports whether two members of the set share a score.
func (st state) ties() bool {
	seen := map[float64]bool{}
	for _, sc := range st.scores {
		if seen[sc] {
			return true
		}
		seen[sc] = true
	}
	return false
}

// mistake is a usual mistake that the model below can make, to see whether it gives the graded
// code's answer: the hint follows the evidence, not a guess from the call alone.
type mistake int

const (
	none          mistake = iota
	byArrival             // equal scores in the order the members got them
	signedOrder           // -0 before 0, as their bits order them
	signedBounds          // that, and RangeByScore's bounds compared the same way
	rankPlus              // Rank one too many (counted from 1)
	rankMinus             // Rank one too few (the last span not counted)
	stopExclusive         // RangeByRank's stop left out
	startToLast           // a start at or past Len() taken as the last member
	runeOrder             // names compared as runes (not UTF-8 reads as U+FFFD)
	foldCase              // names compared ignoring case first
	unmoved               // an updated member left where its first score put it
	ghost                 // Rank counting every member that left its place as still there
)

// key orders scores, -0 before 0 when the mistake is to order them by their bits.
func key(x float64, m mistake) float64 {
	if (m == signedOrder || m == signedBounds) && x == 0 && math.Signbit(x) {
		return math.Nextafter(0, -1)
	}
	return x
}

// order is the set's members in order, as the mistake m would order them.
func (st state) order(m mistake) []Member {
	var out []Member
	for name, sc := range st.scores {
		if m == unmoved {
			sc = st.placed[name]
		}
		out = append(out, mem(name, sc))
	}
	slices.SortFunc(out, func(a, b Member) int {
		if c := cmp.Compare(key(a.Score, m), key(b.Score, m)); c != 0 {
			return c
		}
		switch m {
		case byArrival:
			return cmp.Compare(st.arrival[a.Name], st.arrival[b.Name])
		case runeOrder:
			return slices.Compare([]rune(a.Name), []rune(b.Name))
		case foldCase:
			if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
				return c
			}
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// answer is what a set making the mistake m answers to the call c.
func (st state) answer(c harness.Call, m mistake) any {
	all := st.order(m)
	switch c.Method {
	case "Rank":
		i := slices.IndexFunc(all, func(x Member) bool { return x.Name == c.Args[0].(string) })
		if i < 0 {
			return ranked{0, false}
		}
		switch m {
		case rankPlus:
			i++
		case rankMinus:
			i = max(0, i-1)
		case ghost:
			x := all[i]
			for _, g := range st.gone {
				if cmp.Or(cmp.Compare(g.Score, x.Score), strings.Compare(g.Name, x.Name)) < 0 {
					i++
				}
			}
		}
		return ranked{i, true}
	case "RangeByRank":
		start, stop := c.Args[0].(int), c.Args[1].(int)
		n := len(all)
		if m == startToLast {
			if start < 0 {
				start += n
			}
			if start >= n {
				start = n - 1
			}
		}
		got := zrange(all, start, stop)
		if m == stopExclusive && len(got) > 0 {
			got = got[:len(got)-1]
		}
		return members(got)
	case "RangeByScore":
		lo, hi := c.Args[0].(float64), c.Args[1].(float64)
		var out []Member
		b := none
		if m == signedBounds {
			b = m
		}
		for _, x := range all {
			if key(lo, b) <= key(x.Score, b) && key(x.Score, b) <= key(hi, b) {
				out = append(out, x)
			}
		}
		return members(out)
	}
	return nil
}

// explains reports whether the mistake m gives the graded code's answer got to c, where a
// right set does not.
func (st state) explains(c harness.Call, m mistake, got any) bool {
	a := st.answer(c, m)
	if a == nil {
		return false
	}
	equal := func(x, y any) bool {
		if xs, ok := x.(members); ok {
			ys, ok := y.(members)
			return ok && xs.Equal(ys)
		}
		return x == y
	}
	return equal(a, got) && !equal(a, st.answer(c, none))
}

// positional reports whether a wrong answer to a Rank or a RangeByRank has the right members in
// the right order at wrong positions: the name found, but at another rank; or a run of the
// members in order, but not the run asked for.
func (st state) positional(c harness.Call, got, want any) bool {
	switch g := got.(type) {
	case ranked:
		w, ok := want.(ranked)
		return c.Method == "Rank" && g.Second && ok && w.Second
	case members:
		if c.Method != "RangeByRank" || len(g) == 0 || !st.moved && !st.inside(c) {
			return false
		}
		all := st.order(none)
		i := slices.Index(all, g[0])
		return i >= 0 && i+len(g) <= len(all) && slices.Equal(all[i:i+len(g)], g)
	}
	return false
}

// inside reports whether a RangeByRank call asks for positions all within the set, with a
// negative position counted from the end: nothing to clip.
func (st state) inside(c harness.Call) bool {
	n := len(st.scores)
	start, stop := c.Args[0].(int), c.Args[1].(int)
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
	}
	return 0 <= start && start <= stop && stop < n
}

// hint names the usual cause of a sorted set's wrong answer or crash from the shrunk case.
func hint(f harness.Mismatch) string {
	last := f.Calls[len(f.Calls)-1]
	st := replay(f.Calls[:len(f.Calls)-1])
	if f.Panic != nil {
		return panicHint(last, fmt.Sprint(f.Panic), st)
	}
	if p, ok := f.Got.(panicked); ok && !bool(p) {
		return "Add with a NaN score must panic, and change nothing: check math.IsNaN(score) " +
			"first, before any change to the set"
	}
	got, want := f.Got, f.Want
	switch last.Method {
	case "Add":
		if want == false && got == true {
			return updateHint
		}
		return "Add returns true only for a name not yet present"
	case "Len":
		if st.updated && got.(int) > want.(int) {
			return updateHint
		}
		return "Len counts each name once: Add of a present name and Remove of an absent one change nothing"
	case "Remove":
		return "Remove returns true and removes the member when the name is present, false otherwise"
	case "Score":
		if st.updated {
			return updateHint
		}
		return "Score returns the score last given to the name, and 0, false for an absent name"
	}
	if st.updated && duplicated(got) {
		return updateHint
	}
	// The mistakes whose answer is the graded code's, surest first.
	switch {
	case st.explains(last, signedOrder, got), st.explains(last, signedBounds, got):
		if st.moved && st.positional(last, got, want) {
			// A member that left its place can shift the positions as -0 before 0 does: the
			// case cannot tell them apart, so both are named.
			return spanHint(st) + "; or else " + negZeroHint
		}
		return orLinksCounted(negZeroHint, last, got, want)
	case st.explains(last, byArrival, got), st.explains(last, runeOrder, got), st.explains(last, foldCase, got):
		if st.moved && st.positional(last, got, want) {
			// Spans broken by the member that left its place can give the same positions as
			// a wrong order of equal scores: the case cannot tell them apart, so both are named.
			return spanHint(st) + "; or else " + tiesHint
		}
		return orLinksCounted(tiesHint, last, got, want)
	case st.explains(last, stopExclusive, got) && last.Args[1].(int) < 0:
		return "a negative position p means Len()+p (-1 is the last member), for start and " +
			"stop alike, and stop is included: RangeByRank(0, -1) returns every member"
	case st.explains(last, stopExclusive, got):
		return "stop is included: RangeByRank(0, 1) returns the members at positions 0 and 1, so " +
			"walk from start to stop inclusive (stop-start+1 members)"
	case st.explains(last, startToLast, got):
		return "a start at or past Len() gives an empty range, as start > stop does: check " +
			"start >= Len() (after adding Len() to a negative start) and return nothing, before " +
			"clipping stop"
	case !st.moved && st.explains(last, rankPlus, got):
		return "ranks are 0-based: Rank is one too many; the first member has rank 0, so Rank is " +
			"the number of members before the name (the sum of the spans of the links followed to reach it)"
	case !st.moved && st.explains(last, rankMinus, got):
		return "Rank is one too few: it is the number of members before the name, the sum of the " +
			"spans of every link followed to reach it (a link's span counts the members it jumps, " +
			"the one it lands on included); if you sum them all, a span counts too few: on Add, " +
			"each level above the new node's height must span one more"
	case st.updated && st.explains(last, unmoved, got):
		return moveHint
	case st.positional(last, got, want) && (st.moved || !st.ties()):
		// Right members in the right order at wrong positions, and no tie whose order may be
		// the cause.
		return st.positionHint(last, got)
	}
	if lostRank(last, got, want) {
		return "Rank answered false for a name that is present: walk to the member by its score and " +
			"name, and check that the node the walk ends on holds that name"
	}
	if st.negZero && (moreZeros(st) || last.Method == "RangeByScore" && zeroBound(last)) {
		return orLinksCounted(negZeroHint, last, got, want)
	}
	if st.ties() && sameMembers(got, want, st, last) {
		return orLinksCounted(tiesHint, last, got, want)
	}
	if last.Method == "RangeByRank" {
		start, stop := last.Args[0].(int), last.Args[1].(int)
		switch {
		case (start < 0 || stop < 0) && st.negativeExplains(last, got):
			return "a negative position p means Len()+p (-1 is the last member), for start and " +
				"stop alike; then clip start to 0 and stop to Len()-1"
		case stop >= len(st.scores) && start < len(st.scores):
			return "clip stop to Len()-1 before walking: a stop past the end means the last member"
		}
	}
	if st.positional(last, got, want) {
		return st.positionHint(last, got)
	}
	if last.Method == "RangeByScore" {
		lo, hi := last.Args[0].(float64), last.Args[1].(float64)
		if math.IsNaN(lo) || math.IsNaN(hi) || lo > hi {
			return "RangeByScore is empty when min > max or when a bound is NaN"
		}
		return "RangeByScore returns every member with min <= score <= max, both bounds included, in order"
	}
	return ""
}

// negativeExplains reports whether a RangeByRank's answer got is what the set answers when a
// negative position is mishandled: left as it is, or turned into Len()+p one off.
func (st state) negativeExplains(c harness.Call, got any) bool {
	g, ok := got.(members)
	if !ok {
		return false
	}
	all := st.order(none)
	n := len(all)
	start, stop := c.Args[0].(int), c.Args[1].(int)
	right := members(zrange(all, start, stop))
	for _, a := range []int{-n, -1, 1, 0} { // a negative p becomes p, n+p-1, n+p+1 or n+p
		for _, b := range []int{-n, -1, 1, 0} {
			s, e := start, stop
			if s < 0 {
				s += n + a
			}
			if e < 0 {
				e += n + b
			}
			s, e = max(s, 0), min(e, n-1)
			var r members
			if s <= e && s < n {
				r = members(all[s : e+1])
			}
			if r.Equal(g) && !r.Equal(right) {
				return true
			}
		}
	}
	return false
}

// infiniteHint names a set that loses its members scored +Inf or -Inf.
const infiniteHint = "a member scored +Inf or -Inf is a member like any other: Add must store it, and the " +
	"ranges must hold it in its place (compare scores with <, and give no sentinel a score a member may " +
	"have)"

// dropsInfinities reports whether a fresh set of learner's, holding members scored -Inf, 0 and
// +Inf, leaves one of them out of RangeByScore(-Inf, +Inf) or RangeByRank(0, -1). A range at
// wrong positions (a span mistake) can miss an infinite member too: the case alone cannot tell.
func dropsInfinities(learner API) bool {
	return harness.Evidence(func() bool { return dropsOf(learner.New()) })
}

// dropsOf reports whether s, fresh, leaves a member scored ±Inf out of its ranges.
func dropsOf(s SortedSet) bool {
	s.Add("lo", math.Inf(-1))
	s.Add("mid", 0)
	s.Add("hi", math.Inf(1))
	want := []string{"lo", "mid", "hi"}
	names := func(ms []Member) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.Name)
		}
		return out
	}
	return !slices.Equal(names(s.RangeByScore(math.Inf(-1), math.Inf(1))), want) ||
		!slices.Equal(names(s.RangeByRank(0, -1)), want)
}

// infiniteMissing reports whether a range the set answered lacks a member scored ±Inf that the
// right answer holds.
func infiniteMissing(got, want any) bool {
	g, ok := got.(members)
	w, ok2 := want.(members)
	if !ok || !ok2 {
		return false
	}
	for _, m := range w {
		if math.IsInf(m.Score, 0) && !slices.Contains(g, m) {
			return true
		}
	}
	return false
}

// tiesHint names the mistakes in ordering members of equal score. Arrival order and another
// order of names can give the same answer on a short case: the hint names both.
const tiesHint = "members with equal scores are ordered by name bytewise, comparing the strings " +
	"with < (not by when they came, not as runes, not ignoring case): compare by score, then by " +
	"name when the scores are equal"

// negZeroHint names the mistake of telling -0 from 0.
const negZeroHint = "-0 and 0 are the same score: compare scores with < and ==, never by their bits " +
	"(math.Float64bits) or their sign (math.Signbit), so that members scored -0 and 0 tie " +
	"and order by name"

// positionHint names the cause of a name's wrong position, or of a run of members in the right
// order at wrong positions, that the case shows. A Rank shows no order: only when it counts
// every member that left its place as still there are the spans shown not kept right on
// unlinking; otherwise the hint says what Rank adds up, and names no cause.
func (st state) positionHint(c harness.Call, got any) string {
	if c.Method != "Rank" {
		return spanHint(st)
	}
	if st.moved && st.explains(c, ghost, got) {
		return "Rank counts the members that left their places (Remove, or an Add that changes " +
			"a score) as if they were still there: " + unlinkHint
	}
	return rankSumHint
}

// orLinksCounted is h, the hint of a mistake in the order of scores that explains the answer got
// of c, and when c is a Rank that answered fewer members before the name than there are, the
// mistake of counting links as well. A Rank shows no order, and one that counts the links it
// follows instead of their spans answers too few, in a skip list of random heights now and then
// as a wrong order of equal scores would: the case cannot tell the two apart, and the hint names
// both. A Rank too high is never a count of links.
func orLinksCounted(h string, c harness.Call, got, want any) string {
	g, ok := got.(ranked)
	w, ok2 := want.(ranked)
	if c.Method == "Rank" && ok && ok2 && g.Second && w.Second && g.First < w.First {
		return h + "; or else " + rankSumHint
	}
	return h
}

// rankSumHint says what Rank adds up, for a wrong Rank that no usual mistake explains.
const rankSumHint = "Rank is the number of members before the name: the sum of the spans of the links " +
	"followed to reach it (a link's span counts the members it jumps, the one it lands on " +
	"included), not the number of links followed"

// unlinkHint says how the spans are kept right when a node is unlinked.
const unlinkHint = "the spans are not kept right when a node is unlinked: on each level i, the " +
	"link of update[i] that pointed to the node takes over its span less one, and one that " +
	"jumps over it spans one less"

// moveHint names the mistake of an Add that changes a present name's score but leaves its node
// where the old score put it.
const moveHint = "Add of a name already present must move its node to the new score's place: " +
	"unlink it (with its old score) and insert it again with the new one; changing the score " +
	"alone leaves the member where the old score put it (keeping the node in place is right only " +
	"when (new score, name) still lies between its neighbours', names breaking ties)"

// spanHint names spans not kept right, the cause of a run of members at wrong positions while
// their order is right: on unlinking when a member left its place before the failing call, else
// on linking.
func spanHint(st state) string {
	if st.moved {
		return "positions go wrong once a member has left its place (Remove, or an Add that " +
			"changes a score) while the order stays right: " + unlinkHint
	}
	return "positions go wrong while the order stays right: the spans are not kept right when a " +
		"node is linked: on each level i up to its height, the new node's link spans what " +
		"update[i]'s did less the members between them, update[i]'s link spans up to the new " +
		"node, and on each level above its height update[i]'s link spans one more"
}

// updateHint names the mistake of an Add that stores a second entry for a present name.
const updateHint = "Add of a name already present changes its score: remove its entry from the " +
	"order (with its old score) and add it again, so that each name is in the set once"

// duplicated reports whether a range holds a name twice.
func duplicated(got any) bool {
	ms, ok := got.(members)
	if !ok {
		return false
	}
	seen := map[string]bool{}
	for _, m := range ms {
		if seen[m.Name] {
			return true
		}
		seen[m.Name] = true
	}
	return false
}

// hintFor is hint with the causes only a replay on learner's fresh sets can tell from others, as
// shrinking leaves them the same cases: the head's empty name taken for a member's, and members
// scored ±Inf dropped.
func hintFor(learner, reference API) func(harness.Mismatch) string {
	return func(f harness.Mismatch) string {
		last := f.Calls[len(f.Calls)-1]
		if last.Method == "Rank" && last.Args[0].(string) == "" && headTakesEmptyName(learner) {
			return emptyNameHint
		}
		if f.Panic == nil && infiniteMissing(f.Got, f.Want) && dropsInfinities(learner) {
			return infiniteHint
		}
		if f.Panic == nil && slices.ContainsFunc(f.Calls[:len(f.Calls)-1], isNaNAdd) &&
			alwaysRight(learner, reference, slices.DeleteFunc(slices.Clone(f.Calls), isNaNAdd)) {
			// The same calls without the Adds of a NaN score, which must change nothing, answer
			// right: one of those changed the set before it panicked.
			return nanChangedHint
		}
		h := hint(f)
		updates := len(asRemoveAndAdd(f.Calls)) > len(f.Calls) // an Add of a name present
		switch {
		case (h == moveHint || h == updateHint) && !alwaysRight(learner, reference, asRemoveAndAdd(f.Calls)):
			// The same calls with each update made a Remove and an Add still answer wrong, in one
			// replay at least: the update is not the cause, and the case is read without it.
			f.Calls = asRemoveAndAdd(f.Calls)
			return hint(f)
		case h != moveHint && h != updateHint && updates && alwaysRight(learner, reference, asRemoveAndAdd(f.Calls)):
			// The same calls with each update made a Remove and an Add answer right: the update
			// is the cause, whatever the answer looks like.
			return moveHint
		}
		return h
	}
}

// nanChangedHint names an Add of a NaN score that panics, as it must, after changing the set.
const nanChangedHint = "an Add with a NaN score panicked, as it must, but changed the set first (an update " +
	"that unlinks the name's old entry, say, before the insert checks the score): check math.IsNaN(score) " +
	"at the top of Add, before any change"

// isNaNAdd reports whether c is an Add of a NaN score.
func isNaNAdd(c harness.Call) bool {
	return c.Method == "Add" && math.IsNaN(c.Args[1].(float64))
}

// asRemoveAndAdd returns calls with each Add of a name already present (an update) made a Remove
// of the name and an Add: the same set after it, with no update.
func asRemoveAndAdd(calls []harness.Call) []harness.Call {
	present := map[string]bool{}
	var out []harness.Call
	for _, c := range calls {
		switch c.Method {
		case "Add":
			name := c.Args[0].(string)
			if present[name] {
				out = append(out, call("Remove", name))
			}
			present[name] = true
		case "Remove":
			delete(present, c.Args[0].(string))
		}
		out = append(out, c)
	}
	return out
}

// alwaysRight reports whether calls answer right in each of a few replays: a set of random
// heights may show its mistake in some of them only.
func alwaysRight(learner, reference API, calls []harness.Call) bool {
	for range 5 {
		if !answersRight(learner, reference, calls) {
			return false
		}
	}
	return true
}

// answersRight reports whether calls, replayed on fresh sets of learner's and the reference's,
// end with the same answer.
func answersRight(learner, reference API, calls []harness.Call) bool {
	return harness.Evidence(func() bool {
		l, r := learner.New(), reference.New()
		var got, want any
		for _, c := range calls {
			got, want = do(l, c), do(r, c)
		}
		return fmt.Sprint(got) == fmt.Sprint(want)
	})
}

// emptyNameHint names a Rank that takes the head node, whose name is "", for the member named "".
const emptyNameHint = "the empty name is a name like any other: Rank must find the member named \"\" " +
	"(a head node's own empty name, or its zero score, must not be taken for a member's, nor stop the " +
	"walk before it)"

// headTakesEmptyName reports whether fresh sets of learner's answer a wrong rank for the member
// named "" (absent, or not 0), placed first by its score among 64 members at various places in
// the order of the Adds, so that its tower is shorter than the highest in some of them, where the
// same set with another name in its place ranks that member 0: the name, not the place, is what
// Rank gets wrong.
func headTakesEmptyName(learner API) bool {
	return harness.Evidence(func() bool {
		for try := range 8 {
			if !firstRanksZero(learner, "", try) && firstRanksZero(learner, "first", try) {
				return true
			}
		}
		return false
	})
}

// firstRanksZero reports whether a fresh set of learner's ranks 0 the member named name, scored
// below 64 others and added after try·8 of them.
func firstRanksZero(learner API, name string, try int) bool {
	s := learner.New()
	for i := range 64 {
		if i == try*8 {
			s.Add(name, 0)
		}
		s.Add(fmt.Sprint("m", i), 1)
	}
	r, ok := s.Rank(name)
	return ok && r == 0
}

// lostRank reports whether a Rank answered false for a name that is present: no mistake of order
// or of counting does that.
func lostRank(c harness.Call, got, want any) bool {
	g, ok := got.(ranked)
	w, ok2 := want.(ranked)
	return c.Method == "Rank" && ok && ok2 && !g.Second && w.Second
}

// moreZeros reports whether the set holds a member scored -0 beside another scored 0 or -0.
func moreZeros(st state) bool {
	zeros := 0
	for _, sc := range st.scores {
		if sc == 0 {
			zeros++
		}
	}
	return zeros >= 2 || zeros >= 1 && st.negZero
}

// zeroBound reports whether a RangeByScore call has a bound equal to 0.
func zeroBound(c harness.Call) bool { return c.Args[0].(float64) == 0 || c.Args[1].(float64) == 0 }

// sameMembers reports whether a wrong answer holds the right members in another order: for a
// range, the same members; for Rank, a position held by a member of the same score.
func sameMembers(got, want any, st state, last harness.Call) bool {
	switch g := got.(type) {
	case members:
		w := want.(members)
		if len(g) != len(w) {
			return len(g) > 0 && len(w) > 0
		}
		return !slices.Equal(g, w)
	case ranked:
		order := st.order(none)
		w := want.(ranked)
		if !g.Second || !w.Second || g.First < 0 || g.First >= len(order) {
			return false
		}
		return order[g.First].Score == order[w.First].Score
	}
	return false
}

// panicHint names the usual cause of a sorted set's crash from the panic message.
func panicHint(last harness.Call, p string, st state) string {
	switch {
	case last.Method == "RangeByRank" && st.inside(last) && (strings.Contains(p, "nil pointer dereference") ||
		strings.Contains(p, "out of range") && last.Args[0].(int) >= 0 && last.Args[1].(int) >= 0):
		return "RangeByRank asked for positions all within the set (nothing to clip) and the walk " +
			"ran past the last member: the spans count fewer members than their links jump. " + spanHint(st)
	case strings.Contains(p, "out of range") && last.Method == "RangeByRank":
		return "clip the positions before using them: a negative p means Len()+p, then start " +
			"below 0 becomes 0 and stop at or past Len() becomes Len()-1; the range is empty when " +
			"start > stop or start >= Len()"
	case strings.Contains(p, "nil pointer dereference") && last.Method == "RangeByRank":
		return "a walk past the last member meets nil: clip stop to Len()-1 and return nothing " +
			"when start >= Len()"
	case strings.Contains(p, "nil pointer dereference"):
		return "a link past the last member is nil: check next != nil before reading it, on an " +
			"empty set too"
	case strings.Contains(p, "index out of range"):
		return "an index ran past a slice: check the positions and the levels in use, on an empty set too"
	}
	return ""
}
