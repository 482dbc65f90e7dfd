package trie

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/suitetest"
)

// TestReferenceVerifies runs only the reference-free tests without a reference, as kata verify
// does.
func TestReferenceVerifies(t *testing.T) { kit.PassesWithout(t, API{}, 1) }

// node is the node of the array tries below.
type node struct {
	kids [26]*node
	end  bool
}

// good is a correct trie; most wrong implementations embed it and replace one method, and the
// others plant a flaw in its Insert.
type good struct {
	root *node
	flaw flaw
}

func newGood() *good { return &good{root: &node{}} }

// wrong is the API of wrong tries T, each built on a fresh good one.
func wrong[T interface {
	~struct{ *good }
	Trie
}]() API {
	return API{New: func() Trie { return T{newGood()} }}
}

// flaw is a mistake planted in good's Insert.
type flaw int

const (
	rightInsert flaw = iota
	markNew          // marks the end of a word only when it creates the word's last node
	resetEnd         // writes the end mark of every node it passes: true on the last, false before
	overwrite        // creates a new child for every letter, dropping what was below
	toggle           // flips the end mark, so a second Insert removes the word
)

// flawed is the API of tries whose Insert has flaw f.
func flawed(f flaw) API { return API{New: func() Trie { return &good{root: &node{}, flaw: f} }} }

func (g *good) Insert(w string) {
	n := g.root
	for i := range len(w) {
		c := w[i] - 'a'
		if n.kids[c] == nil || g.flaw == overwrite {
			n.kids[c] = &node{end: g.flaw == markNew && i == len(w)-1}
		}
		n = n.kids[c]
		if g.flaw == resetEnd {
			n.end = i == len(w)-1
		}
	}
	switch g.flaw {
	case rightInsert, overwrite:
		n.end = true
	case toggle:
		n.end = !n.end
	}
}

func (g *good) walk(s string) *node {
	n := g.root
	for i := 0; i < len(s) && n != nil; i++ {
		n = n.kids[s[i]-'a']
	}
	return n
}

func (g *good) Search(w string) bool {
	n := g.walk(w)
	return n != nil && n.end
}

func (g *good) StartsWith(p string) bool { return g.walk(p) != nil }

// noEnd has no end-of-word mark: Search is StartsWith.
type noEnd struct{ *good }

func (t noEnd) Search(w string) bool { return t.walk(w) != nil }

// strictPrefix wants a longer word below the prefix.
type strictPrefix struct{ *good }

func (t strictPrefix) StartsWith(p string) bool {
	n := t.walk(p)
	if n == nil {
		return false
	}
	for _, k := range n.kids {
		if k != nil {
			return true
		}
	}
	return false
}

// nilWalk steps into a missing child.
type nilWalk struct{ *good }

func (t nilWalk) Search(w string) bool {
	n := t.root
	for i := range len(w) {
		n = n.kids[w[i]-'a']
	}
	return n.end
}

// cut1000 reads only the first 1000 letters, the longest word it expects.
type cut1000 struct{ *good }

func (t cut1000) Insert(w string)          { t.good.Insert(w[:min(len(w), 1000)]) }
func (t cut1000) Search(w string) bool     { return t.good.Search(w[:min(len(w), 1000)]) }
func (t cut1000) StartsWith(p string) bool { return t.good.StartsWith(p[:min(len(p), 1000)]) }

// shared hands every trie the same root: words leak from one trie to the next.
func shared() func() Trie {
	root := &node{}
	return func() Trie { return &good{root: root} }
}

// notDone has not written StartsWith yet.
type notDone struct{ *good }

func (t notDone) StartsWith(string) bool { panic("not implemented") }

// trie25 has 25 children a node, one too few for the alphabet, and index picks a letter's
// child: mod25 folds 'z' onto 'a', array25 puts 'z' out of range, noQ sends 'q' where 'a' goes.
type trie25 struct {
	root  *node25
	index func(c byte) byte
}

type node25 struct {
	kids [25]*node25
	end  bool
}

func mod25(c byte) byte   { return (c - 'a') % 25 }
func array25(c byte) byte { return c - 'a' }
func noQ(c byte) byte     { return indexNoQ[c] }

// alphabetNoQ is noQ's alphabet, spelt without q.
const alphabetNoQ = "abcdefghijklmnoprstuvwxyz"

var indexNoQ [256]byte

func init() {
	for i := range len(alphabetNoQ) {
		indexNoQ[alphabetNoQ[i]] = byte(i)
	}
}

// with25 is an API of trie25s whose index is index.
func with25(index func(c byte) byte) API {
	return API{New: func() Trie { return &trie25{root: &node25{}, index: index} }}
}

func (t *trie25) walk(s string, grow bool) *node25 {
	n := t.root
	for i := 0; i < len(s) && n != nil; i++ {
		c := t.index(s[i])
		if n.kids[c] == nil && grow {
			n.kids[c] = &node25{}
		}
		n = n.kids[c]
	}
	return n
}

func (t *trie25) Insert(w string) { t.walk(w, true).end = true }
func (t *trie25) Search(w string) bool {
	n := t.walk(w, false)
	return n != nil && n.end
}
func (t *trie25) StartsWith(p string) bool { return t.walk(p, false) != nil }

// siblings keeps each node's children in a sorted list, but inserting in the middle of the
// list forgets to link the rest.
type siblings struct{ root sib }

type sib struct {
	c           byte
	end         bool
	first, next *sib
}

func (t *siblings) child(n *sib, c byte, grow bool) *sib {
	if n.first == nil || c < n.first.c {
		if !grow {
			return nil
		}
		n.first = &sib{c: c, next: n.first}
		return n.first
	}
	p := n.first
	for p.next != nil && p.next.c <= c {
		p = p.next
	}
	if p.c == c || !grow {
		if p.c == c {
			return p
		}
		return nil
	}
	p.next = &sib{c: c} // the bug: the new node should take over p.next
	return p.next
}

func (t *siblings) walk(s string, grow bool) *sib {
	n := &t.root
	for i := 0; i < len(s) && n != nil; i++ {
		n = t.child(n, s[i], grow)
	}
	return n
}

func (t *siblings) Insert(w string) { t.walk(w, true).end = true }
func (t *siblings) Search(w string) bool {
	n := t.walk(w, false)
	return n != nil && n.end
}
func (t *siblings) StartsWith(p string) bool { return t.walk(p, false) != nil }

// lookupGrows creates the missing nodes along a lookup's path, all but the last letter's: a
// lookup changes what later ones find.
type lookupGrows struct{ *good }

func (t lookupGrows) walk(s string) *node {
	n := t.root
	for i := range len(s) {
		c := s[i] - 'a'
		if n.kids[c] == nil {
			if i == len(s)-1 {
				return nil
			}
			n.kids[c] = &node{}
		}
		n = n.kids[c]
	}
	return n
}

func (t lookupGrows) Search(w string) bool {
	n := t.walk(w)
	return n != nil && n.end
}
func (t lookupGrows) StartsWith(p string) bool { return t.walk(p) != nil }

// radix is a compressed trie, a label on each edge, whose lookups answer true where the word
// ends inside a label without comparing the label's letters up to there.
type radix struct {
	label string // the label of the edge into this node
	kids  []*radix
	end   bool
}

// sharedLen is the length of the common prefix of a and b.
func sharedLen(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

func (x *radix) kid(c byte) *radix {
	for _, k := range x.kids {
		if k.label[0] == c {
			return k
		}
	}
	return nil
}

func (x *radix) Insert(w string) {
	for len(w) > 0 {
		k := x.kid(w[0])
		if k == nil {
			x.kids = append(x.kids, &radix{label: w, end: true})
			return
		}
		if p := sharedLen(k.label, w); p < len(k.label) {
			// Split k's edge at p: k keeps the first part, a new child the rest.
			rest := &radix{label: k.label[p:], kids: k.kids, end: k.end}
			k.label, k.kids, k.end = k.label[:p], []*radix{rest}, false
		}
		w = w[len(k.label):]
		x = k
	}
	x.end = true
}

// locate returns the node where s ends and whether s ends exactly there, not inside its label.
func (x *radix) locate(s string) (n *radix, exact, ok bool) {
	for len(s) > 0 {
		k := x.kid(s[0])
		if k == nil {
			return nil, false, false
		}
		if sharedLen(k.label, s) < len(k.label) {
			return k, false, true // the bug: the rest of s is not compared with the label
		}
		s = s[len(k.label):]
		x = k
	}
	return x, true, true
}

func (x *radix) Search(w string) bool {
	n, exact, ok := x.locate(w)
	return ok && exact && n.end
}

func (x *radix) StartsWith(p string) bool {
	_, _, ok := x.locate(p)
	return ok
}

// pool keeps its nodes in an arena of a fixed size, too small for random/large.
type pool struct{ nodes []poolNode }

type poolNode struct {
	kids [26]int32
	end  bool
}

const poolSize = 1 << 17

func newPool() *pool {
	p := &pool{nodes: make([]poolNode, 1, poolSize)}
	return p
}

func (t *pool) walk(s string, grow bool) int32 {
	n := int32(0)
	for i := range len(s) {
		c := s[i] - 'a'
		if t.nodes[n].kids[c] == 0 {
			if !grow {
				return -1
			}
			t.nodes = t.nodes[:len(t.nodes)+1] // panics once the arena is full
			t.nodes[n].kids[c] = int32(len(t.nodes) - 1)
		}
		n = t.nodes[n].kids[c]
	}
	return n
}

func (t *pool) Insert(w string) { t.nodes[t.walk(w, true)].end = true }
func (t *pool) Search(w string) bool {
	n := t.walk(w, false)
	return n >= 0 && t.nodes[n].end
}
func (t *pool) StartsWith(p string) bool { return t.walk(p, false) >= 0 }

// wrongs are realistic wrong implementations, each with the test that must catch it, the
// verdict, and for a wrong answer or a panic what the case and the hint must say.
func wrongs() []suitetest.Planted[API] {
	// Built afresh for each run, so that runs do not share a trie.
	return []suitetest.Planted[API]{
		{Name: "no end mark", Impl: wrong[noEnd](),
			Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer", Code: "if got := tr.Search(", Hint: "end-of-word flag", MaxOps: 10}},
		{Name: "marks only new nodes", Impl: flawed(markNew),
			Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer", Code: "if got := tr.Search(", Hint: "whole path already exists", MaxOps: 10}},
		{Name: "shared root", Impl: API{New: shared()},
			Caught: suitetest.Caught{Test: "edge/prefix-not-word", Verdict: "wrong_answer", Code: "if got := tr.Search(", Hint: "a new trie is empty", MaxOps: 10}},
		{Name: "overwrites children", Impl: flawed(overwrite),
			Caught: suitetest.Caught{Test: "edge/prefix-not-word", Verdict: "wrong_answer", Code: "if got := tr.Search(", Hint: "must not undo an earlier one", MaxOps: 10}},
		{Name: "strict prefix", Impl: wrong[strictPrefix](),
			Caught: suitetest.Caught{Test: "edge/own-prefix", Verdict: "wrong_answer", Code: "if got := tr.StartsWith(", Hint: "prefix of itself", MaxOps: 10}},
		{Name: "steps into nil", Impl: wrong[nilWalk](),
			Caught: suitetest.Caught{Test: "edge/beyond-words", Verdict: "runtime_error", Code: `tr.Search("a") // panics: runtime error: invalid memory address`, Hint: "missing child is nil", MaxOps: 10}},
		{Name: "25 children", Impl: with25(array25),
			Caught: suitetest.Caught{Test: "edge/beyond-words", Verdict: "runtime_error", Code: `tr.StartsWith("z") // panics: runtime error: index out of range [25] with length 25`, Hint: "25 for 'z'", MaxOps: 10}},
		{Name: "resets end marks", Impl: flawed(resetEnd),
			Caught: suitetest.Caught{Test: "edge/one-letter", Verdict: "wrong_answer", Code: "if got := tr.Search(", Hint: "must not undo an earlier one", MaxOps: 10}},
		{Name: "toggles end mark", Impl: flawed(toggle),
			Caught: suitetest.Caught{Test: "edge/duplicate", Verdict: "wrong_answer", Code: "if got := tr.Search(", Hint: "changes nothing", MaxOps: 10}},
		{Name: "z folds onto a", Impl: with25(mod25),
			Caught: suitetest.Caught{Test: "edge/a-and-z", Verdict: "wrong_answer", Code: `tr.Search("z"); got {`, Hint: "25 for 'z'", MaxOps: 10}},
		{Name: "reads 1000 letters", Impl: wrong[cut1000](),
			Caught: suitetest.Caught{Test: "edge/long-word", Verdict: "wrong_answer", Code: `tr.Search(strings.Repeat("a", 1000)); got {`, Hint: "no limit of your own", MaxOps: 10}},
		{Name: "sibling list loses the rest", Impl: API{New: func() Trie { return &siblings{} }},
			Caught: suitetest.Caught{Test: "random/small-values", Verdict: "wrong_answer", Code: "tr.Insert(", Hint: "must not undo an earlier one", MaxOps: 10}},
		{Name: "alphabet without q", Impl: with25(noQ),
			Caught: suitetest.Caught{Test: "random/wide-values", Verdict: "wrong_answer", Code: `"q")`, Hint: "'a' and 'q' lead to the same child", MaxOps: 10}},
		{Name: "lookups create nodes", Impl: wrong[lookupGrows](),
			Caught: suitetest.Caught{Test: "edge/long-word", Verdict: "wrong_answer", Code: "if got := tr.StartsWith(", Hint: "must not change the trie", MaxOps: 10}},
		{Name: "radix prefix inside a label", Impl: API{New: func() Trie { return &radix{} }},
			Caught: suitetest.Caught{Test: "edge/shared-prefix", Verdict: "wrong_answer", Code: "if got := tr.StartsWith(", Hint: "inside an edge's label", MaxOps: 10}},
		// A store of 131,072 nodes runs out while the performance test grows a trie of 200,000
		// words, before random/large would.
		{Name: "fixed arena", Impl: API{New: func() Trie { return newPool() }},
			Caught: suitetest.Caught{Test: "performance/growth", Verdict: "runtime_error"}},
		{Name: "StartsWith not written", Impl: wrong[notDone](),
			Caught: suitetest.Caught{Test: harness.ImplementedTest, Verdict: "not_implemented"}},
	}
}

// TestWrongImplementationsCaught checks that each wrong implementation fails the test meant
// for it, with the intended verdict, a short case that shows the wrong call, and the hint.
func TestWrongImplementationsCaught(t *testing.T) { kit.CheckFirst(t, 7, wrongs()) }

// TestNotImplementedNamesTheMethod checks that the probe names the method still unwritten.
func TestNotImplementedNamesTheMethod(t *testing.T) {
	e := kit.Fails(t, wrong[notDone](), 1)
	if len(e.Failure.Methods) != 1 || e.Failure.Methods[0] != "StartsWith" {
		t.Errorf("methods %v, want [StartsWith]", e.Failure.Methods)
	}
}

// TestPanicNamesTheCall checks that a panic is a runtime_error naming the call that panicked.
func TestPanicNamesTheCall(t *testing.T) {
	f := kit.Fails(t, wrong[nilWalk](), 1).Failure
	want := `Search("a") panicked: runtime error: invalid memory address or nil pointer dereference`
	if f.Verdict != "runtime_error" || f.Message != want {
		t.Errorf("got %s %q, want runtime_error %q", f.Verdict, f.Message, want)
	}
}

// TestReplay checks that one seed gives the same shrunk case every time.
func TestReplay(t *testing.T) { kit.Replays(t, with25(noQ), 99) }

// TestLargeMemory measures what random/large keeps alive: the calls and two reference tries
// after every call. Both tries must fit well under the e2e suite's 256 MiB.
func TestLargeMemory(t *testing.T) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	calls := large(rand.New(rand.NewPCG(1, 2)))
	runtime.GC()
	runtime.ReadMemStats(&after)
	callsMiB := float64(after.HeapAlloc-before.HeapAlloc) / (1 << 20)
	a, b := reference.New(), reference.New()
	for _, c := range calls {
		dispatch(a, c)
		dispatch(b, c)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	total := float64(after.HeapAlloc-before.HeapAlloc) / (1 << 20)
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
	runtime.KeepAlive(calls)
	t.Logf("random/large: %d calls, %.1f MiB for the calls, %.1f MiB with two reference tries", len(calls), callsMiB, total)
	if total > 160 {
		t.Errorf("random/large keeps %.1f MiB alive, want at most 160", total)
	}
}

// TestSimplifyKeepsPrefixes checks that cutting positions from every word keeps a prefix a
// prefix, and never leaves an empty word.
func TestSimplifyKeepsPrefixes(t *testing.T) {
	calls := []harness.Call{call("Insert", "abcab"), call("Search", "abc"), call("StartsWith", "q")}
	for _, cand := range simplify(calls) {
		for _, c := range cand {
			if c.Args[0].(string) == "" {
				t.Fatalf("empty word in %v", cand)
			}
		}
	}
	for at := range 5 {
		cand := harness.MapArgs(calls, cut(at, 1))
		if w, p := cand[0].Args[0].(string), cand[1].Args[0].(string); !strings.HasPrefix(w, p) {
			t.Errorf("cut(%d, 1): %q is no longer a prefix of %q", at, p, w)
		}
	}
}
