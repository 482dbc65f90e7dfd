package harness

import (
	"slices"
	"strings"
)

// Twins runs two sequences of calls on two structures of the graded package at once, each
// compared with a reference of its own: the first third of first on one (a); then the second
// third on a alone, with a second structure (b) made before it and made anew twice on the way
// (what a second New resets, a then uses before calls on b can set it again); then the rest of
// first on a and all of second on b, in an order drawn at random. Each structure gets a whole
// sequence as its generator made it (a draw from a set that is never empty stays so). A
// structure that keeps some of its state in package-level variables fails it: a second New that
// resets what the first one still uses, or calls on one that show in the other. Its case is
// printed with both, "a.Add(1)" and "b.Add(2)", and shrunk as any other.
func Twins[S any](t *T, m Model[S], first, second []Call) {
	third := len(first) / 3
	seq := make([]Call, 0, len(first)+len(second)+twinResets)
	seq = append(seq, first[:third]...)
	for i := range twinResets {
		seq = append(seq, Call{Method: twinNew, Func: true, Text: "b := " + m.Init})
		seq = append(seq, first[third+i*third/twinResets:third+(i+1)*third/twinResets]...)
	}
	rest, rng := first[2*third:], t.Rand()
	for len(rest)+len(second) > 0 {
		if len(second) == 0 || len(rest) > 0 && rng.IntN(len(rest)+len(second)) < len(rest) {
			seq, rest = append(seq, rest[0]), rest[1:]
			continue
		}
		c := second[0]
		second = second[1:]
		if !c.Func {
			c.Method, c.Func = twinPrefix+c.Method, true
		}
		seq = append(seq, c)
	}
	var tm Model[*twins[S]]
	tm = twinModel(m, func(calls []Call) bool { return sharesState(t, &tm, &m, calls) }, t.run.panicHint)
	Compare(t, tm, seq)
}

// twinResets is how many times Twins makes b anew while a alone is used: each is a chance for a
// constructor that resets package-level state to meet a in a state that the reset breaks.
const twinResets = 3

// twinNew is the method name of the second structure's constructor call in a Twins sequence,
// and twinPrefix marks a call on the second structure.
const (
	twinNew    = "b := New"
	twinPrefix = "b."
)

// sharesState replays a failing case with both structures and a's calls alone, in pairs, until
// sharingFails failures with both, sharingPairs pairs, or ShrinkBudget of CPU time. A plain bug
// of a's own, even one that strikes at random (a skip list's heights), fails a's calls alone
// about as often as the case with both, a little less with b's calls gone: its first
// sharingFails failures all fall on the side with both about once in 1,000 gradings (once in
// 200 if alone fails 30% less often).
const (
	sharingFails = 10
	sharingPairs = 200
)

// sharesState reports whether a failing Twins case that uses both structures shows that they
// share state: replayed, it fails again and again with both structures, and never with a's calls
// alone, on one structure. A case whose failure is chance (a random height past the head's, once
// in thousands of Adds) or a plain bug of a's own shows no sharing, nor does a case too slow to
// replay so often.
func sharesState[S any](t *T, tm *Model[*twins[S]], m *Model[S], calls []Call) bool {
	start, alone := ThreadCPU(), aOnly(calls)
	for pairs, failed := 0, 0; failed < sharingFails; pairs++ {
		if pairs == sharingPairs || ThreadCPU()-start > ShrinkBudget {
			return false
		}
		if play(t, tm, calls, nil, false, false).failed() {
			failed++
		}
		if play(t, m, alone, nil, false, false).failed() {
			return false
		}
	}
	return true
}

// twins is the pair of structures a Twins sequence runs on, with the constructor of the second.
type twins[S any] struct {
	a, b  S
	made  bool
	build func() S
}

// twinModel is m over a pair of structures: a from the start, b from its constructor call on.
// shares says whether a failing case that needs both structures shows shared state
// (sharesState): then it gets TwinsHint; a case on one structure gets m's own hint. A case that
// needs both but shows no sharing gets what its panic itself shows (panicHint, the suite's
// PanicHint, may be nil), or no hint.
func twinModel[S any](m Model[S], shares func([]Call) bool, panicHint func(Call, any) string) Model[*twins[S]] {
	do := func(p *twins[S], c Call) any {
		switch {
		case c.Method == twinNew:
			p.b, p.made = p.build(), true
			return nil
		case strings.HasPrefix(c.Method, twinPrefix):
			if !p.made {
				// A shrunk candidate that calls b before making it: the reference panics too,
				// and the shrinker drops the candidate.
				panic("the second structure is used before it is made")
			}
			c.Method, c.Func = strings.TrimPrefix(c.Method, twinPrefix), false
			return m.Do(p.b, c)
		}
		return m.Do(p.a, c)
	}
	tm := Model[*twins[S]]{
		Recv: "a", Init: m.Init, Do: do,
		New: func() *twins[S] { return &twins[S]{a: m.New(), build: m.New} },
		Ref: func() *twins[S] { return &twins[S]{a: m.Ref(), build: m.Ref} },
		Hint: func(f Mismatch) string {
			both := usesBoth(f.Calls)
			switch {
			case both && shares(f.Calls):
				return TwinsHint
			case both && f.Panic != nil && panicHint != nil:
				last := onOne(f.Calls[len(f.Calls)-1:])
				if len(last) == 0 {
					return ""
				}
				return panicHint(last[0], f.Panic)
			case both, m.Hint == nil:
				return "" // a plain bug, or shared state: the case cannot tell
			}
			f.Calls = onOne(f.Calls)
			return m.Hint(f)
		},
	}
	tm.Simplify = m.Simplify
	tm.Show = func(f Mismatch) []Call {
		// b is declared where it is first made, and assigned where it is made again.
		shown, made := slices.Clone(f.Calls), false
		for i, c := range shown {
			if c.Method == twinNew {
				if made {
					shown[i].Text = "b = " + m.Init
				}
				made = true
			}
		}
		return shown
	}
	return tm
}

// usesBoth reports whether a Twins case involves both structures: it makes the second one and
// calls the first (the case ends after the second is made: a case is cut after its failing
// call). Shrunk, the shrinker could drop neither.
func usesBoth(calls []Call) bool {
	made, onA := false, false
	for _, c := range calls {
		switch {
		case c.Method == twinNew:
			made = true
		case !c.Func:
			onA = true
		}
	}
	return made && onA
}

// onOne is a Twins case that involves one structure only (usesBoth is false), as plain calls on
// it: what the exercise's own hint reads.
func onOne(calls []Call) []Call {
	out := make([]Call, 0, len(calls))
	for _, c := range calls {
		switch {
		case c.Method == twinNew:
		case strings.HasPrefix(c.Method, twinPrefix):
			c.Method, c.Func = strings.TrimPrefix(c.Method, twinPrefix), false
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// aOnly is a Twins case without the second structure: a's calls alone.
func aOnly(calls []Call) []Call {
	return slices.DeleteFunc(slices.Clone(calls), func(c Call) bool {
		return c.Method == twinNew || strings.HasPrefix(c.Method, twinPrefix)
	})
}

// TwinsHint is the hint of a Twins failure whose case needs both structures.
const TwinsHint = "two structures made by the constructor share state: a second one changed the first, " +
	"or a call on one showed in the other. Keep everything a structure uses in its own struct, set " +
	"up by the constructor, never in package-level variables"
