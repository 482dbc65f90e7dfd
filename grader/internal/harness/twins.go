package harness

import (
	"go/scanner"
	"go/token"
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
func Twins[S any](t *T, m Model[S], first, second []Call) { TwinsOf(t, m, m, first, second) }

// TwinsOf is Twins with the second structure made by the model mb: a constructor with other
// arguments (another size, other options), so that a package-level variable that New sets
// from them shows in the first structure. mb differs from m only in its constructor, Init,
// New and Ref.
func TwinsOf[S any](t *T, m, mb Model[S], first, second []Call) {
	third := len(first) / 3
	seq := make([]Call, 0, len(first)+len(second)+twinResets)
	seq = append(seq, first[:third]...)
	names := twinNames(&m)
	for i := range twinResets {
		seq = append(seq, Call{Method: twinNew, Func: true, Text: names.rename(m.Recv+" := "+mb.Init, false)})
		seq = append(seq, first[third+i*third/twinResets:third+(i+1)*third/twinResets]...)
	}
	rest, rng := first[2*third:], t.Rand()
	for len(rest)+len(second) > 0 {
		if len(second) == 0 || len(rest) > 0 && rng.IntN(len(rest)+len(second)) < len(rest) {
			seq, rest = append(seq, rest[0]), rest[1:]
			continue
		}
		seq, second = append(seq, names.second(second[0])), second[1:]
	}
	var tm Model[*twins[S]]
	tm = twinModel(m, mb, func(calls []Call) bool { return sharesState(t, &tm, &m, &mb, calls) }, t.run.panicHint)
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

// sharingFails is how many failures with both structures a failing Twins case needs, before
// any of a's calls alone, for sharesState to call it sharing. A plain bug of a's own, even one
// that strikes at random (a skip list's heights), fails a's calls alone about as often as the
// case with both, a little less with b's calls gone: its first sharingFails failures all fall on
// the side with both about once in 1,000 gradings (once in 200 if alone fails 30% less often).
// The count of replays is not bounded, only their CPU time (ShrinkBudget): the shrinker keeps a
// candidate that failed once, so a shrunk case can fail in one replay of a hundred, and then
// needs about a thousand replays to reach sharingFails.
const sharingFails = 10

// sharesState reports whether a failing Twins case that uses both structures shows that they
// share state: replayed in pairs, with both structures and with the failing structure's calls
// alone on one structure (alone), it fails sharingFails times with both before it fails once
// alone. A case whose failure is chance (a random height past the head's, once in thousands of
// Adds) or a plain bug of the failing structure's own shows no sharing, nor does a case too slow
// to replay so often within ShrinkBudget of CPU time. m makes the first structure, mb the second.
func sharesState[S any](t *T, tm *Model[*twins[S]], m, mb *Model[S], calls []Call) bool {
	start := ThreadCPU()
	calls1, m1 := alone(calls, m, mb)
	for failed := 0; failed < sharingFails; {
		if ThreadCPU()-start > ShrinkBudget {
			return false
		}
		if play(t, tm, calls, nil, false, false).failed() {
			failed++
		}
		if play(t, m1, calls1, nil, false, false).failed() {
			return false
		}
	}
	return true
}

// alone is the calls of the structure a Twins case fails on (that of its last call, the
// failing one), as calls on one structure, with the model that makes it: a's calls (aOnly) and
// m, or b's since it was last made, unmarked, and mb.
func alone[S any](calls []Call, m, mb *Model[S]) ([]Call, *Model[S]) {
	if len(calls) == 0 || !strings.HasPrefix(calls[len(calls)-1].Method, twinPrefix) {
		return aOnly(calls), m
	}
	from := 0
	for i, c := range calls {
		if c.Method == twinNew {
			from = i + 1
		}
	}
	var out []Call
	for _, c := range calls[from:] {
		if method, onB := strings.CutPrefix(c.Method, twinPrefix); onB {
			c.Method, c.Func = method, false
			out = append(out, c)
		}
	}
	return out, mb
}

// twins is the pair of structures a Twins sequence runs on, with the constructor of the second.
type twins[S any] struct {
	a, b  S
	made  bool
	build func() S
}

// twinModel is m over a pair of structures: a from the start, b, made by mb's constructor,
// from its constructor call on. shares says whether a failing case that needs both structures
// shows shared state (sharesState): then it gets TwinsHint; a case on one structure gets m's
// own hint. A case that needs both but shows no sharing gets what its panic itself shows
// (panicHint, the suite's PanicHint, may be nil), or no hint.
func twinModel[S any](m, mb Model[S], shares func([]Call) bool, panicHint func(Call, any) string) Model[*twins[S]] {
	names := twinNames(&m)
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
	recv := "a" // the first structure, named for the second's b
	if m.TwinNames != nil {
		recv = m.Recv
	}
	tm := Model[*twins[S]]{
		Recv: recv, Init: m.Init, Do: do,
		New: func() *twins[S] { return &twins[S]{a: m.New(), build: mb.New} },
		Ref: func() *twins[S] { return &twins[S]{a: m.Ref(), build: mb.Ref} },
		Hint: func(f Mismatch) string {
			both := usesBoth(f.Calls)
			switch {
			case both && shares(f.Calls):
				return TwinsHint
			case both && f.Panic != nil && panicHint != nil:
				last, _ := names.first(f.Calls[len(f.Calls)-1:])
				if len(last) == 0 {
					return ""
				}
				return panicHint(last[0], f.Panic)
			case both, m.Hint == nil:
				return "" // a plain bug, or shared state: the case cannot tell
			}
			f.Calls, _ = names.first(f.Calls)
			return m.Hint(f)
		},
	}
	tm.Simplify = func(calls []Call) [][]Call {
		// The model's simplifier sees the calls as it made them; those on b are named again.
		simplify := m.Simplify
		if simplify == nil {
			simplify = SimplifyInts
		}
		rest, onB := names.first(calls)
		var out [][]Call
		for _, cand := range simplify(rest) {
			if len(cand) == len(rest) {
				out = append(out, names.weave(calls, cand, onB))
			}
		}
		return out
	}
	tm.Show = func(f Mismatch) []Call {
		// The model's Show prints the calls as for one structure; those on b are named again,
		// and b is declared where it is first made, and assigned where it is made again.
		calls := f.Calls
		rest, onB := names.first(calls)
		if m.Show != nil {
			f.Calls = rest
			if shown := m.Show(f); len(shown) == len(rest) {
				rest = shown
			}
		}
		shown, made := names.weave(calls, rest, onB), false
		for i, c := range shown {
			if c.Method == twinNew {
				if made {
					shown[i].Text = names.rename(m.Recv+" := "+mb.Init, true)
				}
				made = true
			}
		}
		return shown
	}
	return tm
}

// names is how a Twins case names the second structure's variables in printed code: each
// variable of the first structure's constructor statement, and its name on the second.
type names map[string]string

// twinNames is m's names for the second structure: its TwinNames, or b for its receiver.
func twinNames[S any](m *Model[S]) names {
	if m.TwinNames != nil {
		return m.TwinNames
	}
	return names{m.Recv: "b"}
}

// rename is Go code written for the first structure, written for the second: every identifier
// the names hold (not a selector's field or method, nor inside a literal) replaced, and with
// assign, every := made = (the constructor statement of a structure made again).
func (n names) rename(code string, assign bool) string {
	var sc scanner.Scanner
	sc.Init(token.NewFileSet().AddFile("", -1, len(code)), []byte(code), nil, 0)
	var b strings.Builder
	done, prev := 0, token.ILLEGAL
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		at, with := int(pos)-1, ""
		switch {
		case tok == token.IDENT && prev != token.PERIOD && n[lit] != "":
			with = n[lit]
		case tok == token.DEFINE && assign:
			lit, with = ":=", "="
		}
		if with != "" {
			b.WriteString(code[done:at])
			b.WriteString(with)
			done = at + len(lit)
		}
		prev = tok
	}
	return b.String() + code[done:]
}

// second is a call of the second sequence, made on b: its Method marked, and its text, if the
// model prints it whole, renamed.
func (n names) second(c Call) Call {
	if c.Func {
		return c
	}
	if c.Text != "" {
		c.Text = n.rename(c.Text, false)
	}
	c.Method, c.Func = twinPrefix+c.Method, true
	return c
}

// first is a Twins case's calls as the model made them, its constructor calls left out: those
// on b unmarked and their text named for a, with onB set at their index.
func (n names) first(calls []Call) (rest []Call, onB []bool) {
	back := names{}
	for a, b := range n {
		back[b] = a
	}
	for _, c := range calls {
		switch {
		case c.Method == twinNew:
			continue
		case strings.HasPrefix(c.Method, twinPrefix):
			c.Method, c.Func = strings.TrimPrefix(c.Method, twinPrefix), false
			if c.Text != "" {
				c.Text = back.rename(c.Text, false)
			}
			onB = append(onB, true)
		default:
			onB = append(onB, false)
		}
		rest = append(rest, c)
	}
	return rest, onB
}

// weave puts calls (first's rest, changed) back into the case they came from: its constructor
// calls where they were, and the calls on b marked and renamed again.
func (n names) weave(calls, rest []Call, onB []bool) []Call {
	out, j := make([]Call, 0, len(calls)), 0
	for _, c := range calls {
		if c.Method == twinNew {
			out = append(out, c)
			continue
		}
		if onB[j] {
			out = append(out, n.second(rest[j]))
		} else {
			out = append(out, rest[j])
		}
		j++
	}
	return out
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
