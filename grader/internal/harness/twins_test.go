package harness

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"kata/grader/result"
	"kata/grader/verdict"
)

// salt is added to every value of a set that New gives a salt of its own, drawn at random, but
// keeps it in this package-level variable: a second New changes the first set's salt, unless the
// draw repeats it.
var salt int

// shared is set's values kept in a package-level slice that New empties: what a structure that
// keeps its state outside its struct does.
var shared []int

// TestTwins checks the two-structure test on toy sets: one of its own per New passes; one whose
// values live in a package-level slice that New empties fails with the case on both structures
// and the hint that they share state; one with a plain bug fails with its own suite's hint,
// not that one.
func TestTwins(t *testing.T) {
	own := model(nil)
	var inShared func(s *set, c Call) (any, bool)
	inShared = func(s *set, c Call) (any, bool) {
		s.vals, s.bug = shared, nil
		r := s.do(c)
		shared, s.bug = s.vals, inShared
		return r, true
	}
	global := model(inShared)
	global.New = func() *set { shared = nil; return &set{bug: inShared} }
	plain := model(func(s *set, c Call) (any, bool) { return false, c.Method == "Has" && len(s.vals) >= 3 })
	plain.Hint = func(Mismatch) string { return "the suite's own hint" }
	for _, tc := range []struct {
		name  string
		m     Model[*set]
		hint  string // "" when it passes
		ident string // a line the case must hold
	}{
		{"a structure of its own", own, "", ""},
		{"a package-level slice", global, TwinsHint, "b := New()"},
		{"a plain bug", plain, "the suite's own hint", ""},
	} {
		end := runOne(t, Differential, func(t *T) { Twins(t, tc.m, randomCalls(t, 600, 20), randomCalls(t, 300, 20)) })
		f := end.Failure
		switch {
		case tc.hint == "" && end.Status != result.Pass:
			t.Errorf("%s: want a pass, got %s %+v", tc.name, end.Status, f)
		case tc.hint == "":
		case end.Status != result.Fail || f == nil || f.Verdict != "wrong_answer":
			t.Errorf("%s: want a wrong_answer, got %s %+v", tc.name, end.Status, f)
		case f.Hint != tc.hint:
			t.Errorf("%s: hint %q, want %q\n%s", tc.name, f.Hint, tc.hint, f.Case.Code)
		case !strings.Contains(f.Case.Code, "a := New()") || !strings.Contains(f.Case.Code, tc.ident):
			t.Errorf("%s: the case does not show its structures:\n%s", tc.name, f.Case.Code)
		}
	}
}

// TestTwinsChanceIsNoSharing checks the hint of a Twins case that needs both structures on toy
// sets whose failures are chance: shared state only when the case fails often with both and
// never with a's calls alone. A set that stores its values under a package-level salt that New
// draws from three (as a skip list that keeps its level in a package-level variable breaks the
// first only with some heights) is told it shares state; one whose Add panics once in 30 calls,
// or whose Has is wrong on a draw, is not. Each must fail three of its runs (a run passes when
// chance spares it).
func TestTwinsChanceIsNoSharing(t *testing.T) {
	var salted func(s *set, c Call) (any, bool)
	salted = func(s *set, c Call) (any, bool) {
		c.Args = []any{c.Args[0].(int) + salt}
		s.bug = nil
		r := s.do(c)
		s.bug = salted
		return r, true
	}
	drawnSalt := model(salted)
	drawnSalt.New = func() *set { salt = rand.IntN(3); return &set{bug: salted} }
	panicOnADraw := model(func(s *set, c Call) (any, bool) {
		if c.Method == "Add" && rand.IntN(30) == 0 {
			panic("index out of range")
		}
		return nil, false
	})
	wrongOnADraw := model(func(s *set, c Call) (any, bool) {
		return false, c.Method == "Has" && len(s.vals) >= 3 && rand.IntN(4) == 0
	})
	for _, tc := range []struct {
		name    string
		m       Model[*set]
		verdict verdict.Verdict
		sharing bool
	}{
		{"a package-level salt", drawnSalt, verdict.WrongAnswer, true},
		{"a panic on a draw", panicOnADraw, verdict.RuntimeError, false},
		{"a wrong answer on a draw", wrongOnADraw, verdict.WrongAnswer, false},
	} {
		failed := 0
		for run := 0; run < 20 && failed < 3; run++ {
			end := runOne(t, Differential, func(t *T) { Twins(t, tc.m, randomCalls(t, 600, 20), randomCalls(t, 300, 20)) })
			f := end.Failure
			if end.Status == result.Pass {
				continue
			}
			failed++
			if end.Status != result.Fail || f == nil || f.Verdict != tc.verdict {
				t.Fatalf("%s: want a %s, got %s %+v", tc.name, tc.verdict, end.Status, f)
			}
			if (f.Hint == TwinsHint) != tc.sharing {
				t.Errorf("%s: hint %q, want shared state %v\n%s", tc.name, f.Hint, tc.sharing, f.Case.Code)
			}
		}
		if failed < 3 {
			t.Errorf("%s: failed %d of 20 runs, want 3", tc.name, failed)
		}
	}
}

// TestTwinsHint checks which hint a failing Twins case gets: shared state when the case shows
// it; else, on both structures, what the panic itself shows, or nothing; on one, the suite's own.
func TestTwinsHint(t *testing.T) {
	panicHint := func(c Call, p any) string { return "the panic of " + c.Method }
	plain := model(nil)
	plain.Hint = func(Mismatch) string { return "the suite's own hint" }
	both := []Call{{Method: "Add", Args: []any{1}}, {Method: twinNew, Func: true}, {Method: twinPrefix + "Add", Func: true, Args: []any{2}}}
	for _, tc := range []struct {
		name   string
		shares bool
		f      Mismatch
		want   string
	}{
		{"shared", true, Mismatch{Calls: both, Got: false}, TwinsHint},
		{"a wrong answer, no sharing shown", false, Mismatch{Calls: both, Got: false}, ""},
		{"a panic, no sharing shown", false, Mismatch{Calls: both, Panic: "index out of range"}, "the panic of Add"},
		{"one structure", true, Mismatch{Calls: both[:1], Got: false}, "the suite's own hint"},
	} {
		m := twinModel(plain, plain, func([]Call) bool { return tc.shares }, panicHint)
		if got := m.Hint(tc.f); got != tc.want {
			t.Errorf("%s: hint %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestTwinsNamesTheSecond checks how a Twins case prints a second structure whose model prints
// its calls whole and makes it in two statements, as the LSM tree's: every variable renamed, in
// the calls on it and where it is made (declared, then assigned), and nothing else renamed; the
// model's simplifier sees the calls as it made them, and its Show prints them.
func TestTwinsNamesTheSecond(t *testing.T) {
	texted := func(c Call) Call {
		c.Text = ""
		c.Text = "db." + c.Short()
		return c
	}
	m := model(nil)
	m.Recv, m.Init = "d", "NewDisk()\n\tdb, _ := Open(d, 1)"
	m.TwinNames = map[string]string{"d": "d2", "db": "db2"}
	m.Simplify = func(calls []Call) [][]Call {
		var out [][]Call
		for _, cand := range SimplifyInts(calls) {
			for i := range cand {
				if strings.HasPrefix(cand[i].Method, twinPrefix) || strings.Contains(cand[i].Text, "db2") {
					t.Errorf("the model's simplifier got %+v, not a call as the model made it", cand[i])
				}
				cand[i] = texted(cand[i])
			}
			out = append(out, cand)
		}
		return out
	}
	m.Show = func(f Mismatch) []Call {
		shown := slices.Clone(f.Calls)
		last := &shown[len(shown)-1]
		last.Text = "fmt.Sprint(" + last.Text + ")"
		return shown
	}
	n := twinNames(&m)
	made := Call{Method: twinNew, Func: true, Text: n.rename(m.Recv+" := "+m.Init, false)}
	seq := []Call{
		texted(Call{Method: "Add", Args: []any{1007}}), made,
		n.second(texted(Call{Method: "Add", Args: []any{2007}})), made,
		n.second(texted(Call{Method: "Has", Args: []any{2007}})),
	}
	tm := twinModel(m, m, func([]Call) bool { return false }, nil)
	if tm.Recv != "d" {
		t.Errorf("the first structure is %s, want d, as the model names it", tm.Recv)
	}
	var got []string
	for _, c := range tm.Show(Mismatch{Calls: seq}) {
		got = append(got, c.Go(tm.Recv))
	}
	want := []string{"db.Add(1007)", "d2 := NewDisk()\n\tdb2, _ := Open(d2, 1)", "db2.Add(2007)",
		"d2 = NewDisk()\n\tdb2, _ = Open(d2, 1)", "fmt.Sprint(db2.Has(2007))"}
	if !slices.Equal(got, want) {
		t.Errorf("shown as\n%q\nwant\n%q", got, want)
	}
	cands := tm.Simplify(seq)
	if len(cands) == 0 {
		t.Fatal("no simpler case")
	}
	if c := cands[0][2]; c.Method != twinPrefix+"Add" || !strings.HasPrefix(c.Text, "db2.Add(") {
		t.Errorf("a simpler case's call on the second structure is %+v", c)
	}
	for code, want := range map[string]string{
		`fmt.Sprint(db.Get([]byte("db.d")), x.db, d)`: `fmt.Sprint(db2.Get([]byte("db.d")), x.db, d2)`,
		"dbx.Add(d /* db */)":                         "dbx.Add(d2 /* db */)",
	} {
		if got := n.rename(code, false); got != want {
			t.Errorf("%s renamed %s, want %s", code, got, want)
		}
	}
}

// TestSharingThatFailsRarely checks sharesState on planted bugs whose case fails in about one
// replay of a hundred, as a shrunk case of a random structure can: one whose structures share a
// package-level counter (sharing), and two that fail at random on their own (none), the first
// structure in a call on it, the second in a call on it. Each draws from a seeded source, so
// that each replay's failure, and the test, is the same every run.
func TestSharingThatFailsRarely(t *testing.T) {
	const rate = 100 // one replay in rate fails
	onA := []Call{
		{Method: "Add", Args: []any{7}},
		{Method: twinNew, Func: true, Text: "b := New()"},
		{Method: "Has", Args: []any{7}},
	}
	onB := []Call{
		{Method: "Add", Args: []any{7}},
		{Method: twinNew, Func: true, Text: "b := New()"},
		{Method: twinPrefix + "Has", Func: true, Args: []any{7}},
	}
	for _, tc := range []struct {
		name   string
		calls  []Call
		shared bool // the bug needs a second structure made after the first
		want   bool
	}{
		{"package-level state", onA, true, true},
		{"a bug of its own", onA, false, false},
		{"a bug of the second structure's own", onB, false, false},
	} {
		rng, made := rand.New(rand.NewPCG(1, 2)), 0
		m := model(nil)
		m.New = func() *set {
			made++
			born := made
			return &set{bug: func(s *set, c Call) (any, bool) {
				if c.Method != "Has" || tc.shared && made == born || rng.IntN(rate) != 0 {
					return nil, false
				}
				return len(s.vals) == 0, true // the opposite of the right answer for a value held or none
			}}
		}
		var got bool
		runOne(t, Differential, func(ht *T) {
			tm := twinModel(m, m, nil, nil)
			got = sharesState(ht, &tm, &m, &m, tc.calls)
		})
		if got != tc.want {
			t.Errorf("%s: sharesState = %v, want %v", tc.name, got, tc.want)
		}
	}
}
