// Package trie holds the hidden tests of the trie exercise.
package trie

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"kata/grader/internal/harness"
)

// MaxLen is the longest word or prefix the contract allows.
const MaxLen = 2000

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	m := modelOf(learner, reference, harness.Model[Trie]{Recv: "tr", Simplify: simplify,
		Hint: func(f harness.Mismatch) string { return hint(f, learner) }})
	a, z := strings.Repeat("a", MaxLen), strings.Repeat("z", MaxLen)
	return &harness.Suite{
		Exercise: ex.Name,
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New() }},
			{Method: "Insert", Args: []any{"a"}, Call: func() { learner.New().Insert("a") }},
			{Method: "Search", Args: []any{"a"}, Call: func() { learner.New().Search("a") }},
			{Method: "StartsWith", Args: []any{"a"}, Call: func() { learner.New().StartsWith("a") }},
		},
		Tests: []harness.Test{
			// The example of the lesson.
			{Name: "example", Kind: harness.Fixed, Run: m.Script(
				insert("apple"), search("apple", true), search("app", false), startsWith("app", true),
				insert("app"), search("app", true))},
			// A path that exists is not yet a word: Search needs the end-of-word mark, StartsWith
			// does not; marking a prefix later keeps the longer word.
			{Name: "edge/prefix-not-word", Kind: harness.Fixed, Run: m.Script(
				insert("apple"), search("app", false), startsWith("app", true), search("a", false),
				startsWith("a", true), search("appl", false), insert("app"), search("app", true),
				search("apple", true), search("appl", false), startsWith("appl", true))},
			// A whole word is a prefix of itself.
			{Name: "edge/own-prefix", Kind: harness.Fixed, Run: m.Script(
				insert("apple"), startsWith("apple", true), insert("b"), startsWith("b", true),
				search("b", true), startsWith("apple", true))},
			// Nothing is there before the first Insert, and nothing continues past a word's end.
			{Name: "edge/beyond-words", Kind: harness.Fixed, Run: m.Script(
				search("a", false), startsWith("a", false), startsWith("z", false), insert("app"),
				startsWith("appl", false), startsWith("apple", false), search("apps", false),
				search("ap", false), startsWith("b", false), search("app", true))},
			// One-letter words, and a one-letter word that becomes the prefix of a longer one.
			{Name: "edge/one-letter", Kind: harness.Fixed, Run: m.Script(
				insert("a"), search("a", true), startsWith("a", true), search("aa", false),
				startsWith("aa", false), insert("aa"), search("a", true), search("aa", true),
				startsWith("a", true), search("aaa", false), startsWith("aaa", false), search("b", false))},
			// Words that are prefixes of each other, the longer inserted first and then last.
			{Name: "edge/prefix-orders", Kind: harness.Fixed, Run: m.Script(
				insert("card"), insert("car"), search("car", true), search("card", true), search("ca", false),
				insert("dog"), insert("dogs"), search("dog", true), search("dogs", true), search("do", false),
				startsWith("dogs", true), startsWith("dogsx", false), search("card", true))},
			// Inserting a word again changes nothing.
			{Name: "edge/duplicate", Kind: harness.Fixed, Run: m.Script(
				insert("hello"), insert("hello"), search("hello", true), startsWith("hell", true),
				search("hell", false), insert("hello"), search("hello", true), startsWith("hello", true))},
			// Words that differ only in their last letter share every node but one.
			{Name: "edge/last-letter", Kind: harness.Fixed, Run: m.Script(
				insert("bat"), insert("bad"), search("bat", true), search("bad", true), search("bag", false),
				search("ba", false), startsWith("ba", true), startsWith("bag", false), insert("cup"),
				insert("cub"), search("cup", true), search("cub", true), search("cut", false))},
			// 'a' and 'z' are children 0 and 25: the two ends of the array of children.
			{Name: "edge/a-and-z", Kind: harness.Fixed, Run: m.Script(
				insert("a"), search("z", false), startsWith("z", false), insert("z"), search("z", true),
				startsWith("z", true), insert("za"), insert("az"), search("za", true), search("az", true),
				search("zz", false), startsWith("zz", false), insert("zz"), search("zz", true),
				search("aa", false), search("a", true))},
			// A word of the longest length, its prefixes, and one letter more or less.
			{Name: "edge/long-word", Kind: harness.Fixed, Run: m.Script(
				insert(a), search(a, true), search(a[:MaxLen-1], false), startsWith(a[:MaxLen-1], true),
				startsWith(a[:MaxLen/2], true), startsWith(a, true), search(z, false), startsWith(z[:1], false),
				insert(z[:MaxLen-1]), search(z[:MaxLen-1], true), search(z[:MaxLen-2], false),
				startsWith(z[:MaxLen-2], true), startsWith(z, false), search(z, false))},
			// Many words that share a long prefix and branch only at its end.
			{Name: "edge/shared-prefix", Kind: harness.Fixed, Run: m.Script(sharedPrefix()...)},
			// Short words over a, b and c: every word is a prefix of many, and inserted again.
			{Name: "random/small-values", Kind: harness.Differential, Run: m.Random(small)},
			// Words over a to z, up to 30 letters and a few up to MaxLen, many built from earlier ones.
			{Name: "random/wide-values", Kind: harness.Differential, Run: m.Random(wide)},
			// Two tries at once, the second made after the first has grown, and calls spread over both:
			// a package-level variable that a second New resets, or that both share, shows here.
			{Name: "random/two-at-once", Kind: harness.Differential, Run: harness.TwinsTest(m, wide)},
			// How Insert, Search and StartsWith grow with the number of words and with their length.
			performance(learner, reference),
			// LargeN distinct words, then LargeQueries mixed operations on the full trie.
			{Name: "random/large", Kind: harness.Differential, Run: m.Random(large), Large: true},
		},
	}
}

func insert(w string) harness.Step { return harness.Step{Call: call("Insert", w)} }
func search(w string, want bool) harness.Step {
	return harness.Step{Call: call("Search", w), Want: want}
}
func startsWith(p string, want bool) harness.Step {
	return harness.Step{Call: call("StartsWith", p), Want: want}
}

func call(method, w string) harness.Call { return harness.Call{Method: method, Args: []any{w}} }

// sharedPrefix inserts 26 words made of one long stem and one more letter each, then checks
// each word, the stem, and the stem's continuations.
func sharedPrefix() []harness.Step {
	stem := strings.Repeat("ab", 100)
	var steps []harness.Step
	for c := 'a'; c <= 'z'; c++ {
		steps = append(steps, insert(stem+string(c)))
	}
	for c := 'a'; c <= 'z'; c++ {
		steps = append(steps, search(stem+string(c), true))
	}
	return append(steps, search(stem, false), startsWith(stem, true), startsWith(stem+"zz", false),
		search(stem+"ab", false), startsWith(stem[:len(stem)-1]+"z", false), insert(stem), search(stem, true),
		search(stem+"m", true))
}

// letters is the alphabet of the contract.
const letters = "abcdefghijklmnopqrstuvwxyz"

// word returns a random word of n letters drawn from alphabet.
func word(rng *rand.Rand, n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// method draws an operation: 30% Insert, 35% Search, 35% StartsWith.
func method(rng *rand.Rand) string {
	switch r := rng.IntN(20); {
	case r < 6:
		return "Insert"
	case r < 13:
		return "Search"
	}
	return "StartsWith"
}

// SmallOps is the length of the random/small-values sequence.
const SmallOps = 3000

// small draws words of 1 to 5 letters from a, b and c: few enough that words are inserted
// again, and prefixes of each other, all the time.
func small(rng *rand.Rand) []harness.Call {
	calls := make([]harness.Call, SmallOps)
	for i := range calls {
		calls[i] = call(method(rng), word(rng, 1+rng.IntN(5), "abc"))
	}
	return calls
}

// WideOps is the length of the random/wide-values sequence.
const WideOps = 20_000

// wide draws words over the whole alphabet, 1 to 30 letters and now and then up to MaxLen,
// and builds many of them from words already inserted (their prefixes, their extensions, a last
// letter changed) so that answers are true often enough to matter.
func wide(rng *rand.Rand) []harness.Call {
	g := &wideGen{rng: rng}
	calls := make([]harness.Call, WideOps)
	for i := range calls {
		m := method(rng)
		w := g.query()
		if m == "Insert" {
			w = g.insert()
		}
		calls[i] = call(m, w)
	}
	return calls
}

// wideGen draws the words of random/wide-values and remembers those inserted.
type wideGen struct {
	rng      *rand.Rand
	inserted []string
}

// fresh is a new random word: usually 1 to 30 letters, rarely up to MaxLen.
func (g *wideGen) fresh() string {
	n := 1 + g.rng.IntN(30)
	switch g.rng.IntN(400) {
	case 0:
		n = MaxLen
	case 1:
		n = 31 + g.rng.IntN(MaxLen-30)
	}
	return word(g.rng, n, letters)
}

// old is a word inserted earlier, or a fresh one when there is none yet.
func (g *wideGen) old() string {
	if len(g.inserted) == 0 {
		return g.fresh()
	}
	return g.inserted[g.rng.IntN(len(g.inserted))]
}

// prefix cuts w to a random length from 1 to len(w).
func (g *wideGen) prefix(w string) string { return w[:1+g.rng.IntN(len(w))] }

// extend appends 1 to 5 random letters to w, within MaxLen.
func (g *wideGen) extend(w string) string {
	w += word(g.rng, 1+g.rng.IntN(5), letters)
	return w[:min(len(w), MaxLen)]
}

// insert draws a word to insert: new, an extension or a prefix of an inserted word, or one
// inserted again.
func (g *wideGen) insert() string {
	var w string
	switch r := g.rng.IntN(10); {
	case r < 5:
		w = g.fresh()
	case r < 7:
		w = g.extend(g.old())
	case r < 9:
		w = g.prefix(g.old())
	default:
		w = g.old()
	}
	g.inserted = append(g.inserted, w)
	return w
}

// query draws a word to look up: an inserted word, a prefix or an extension of one, one with
// its last letter changed, or a fresh one.
func (g *wideGen) query() string {
	switch r := g.rng.IntN(20); {
	case r < 7:
		return g.old()
	case r < 12:
		return g.prefix(g.old())
	case r < 14:
		return g.extend(g.old())
	case r < 16:
		w := g.old()
		return w[:len(w)-1] + word(g.rng, 1, letters)
	}
	return g.fresh()
}

// The size of random/large: LargeN distinct words inserted, then LargeQueries mixed
// operations.
const (
	LargeN       = 200_000
	LargeQueries = 50_000
)

// largeDepth and largeLetters shape random/large's words: every word of at most
// largeDepth-1 letters over largeLetters random letters, and enough words of largeDepth
// letters to make LargeN. Every prefix of a word is then a word too, so the trie holds about
// one node per word (LargeN+1 nodes): two tries, the graded one and the reference, fit in
// about 100 MiB with 26 child pointers per node.
const (
	largeDepth   = 9
	largeLetters = 4
)

// large inserts LargeN distinct words in random order, then searches, tests prefixes and
// inserts again, mostly words of the same small alphabet so that most answers are true.
func large(rng *rand.Rand) []harness.Call {
	var alphabet string
	for _, i := range rng.Perm(len(letters))[:largeLetters] {
		alphabet += letters[i : i+1]
	}
	words := make([]string, 0, LargeN)
	for n := 1; n < largeDepth; n++ {
		for i := range pow(largeLetters, n) {
			words = append(words, spell(i, n, alphabet))
		}
	}
	for _, i := range rng.Perm(pow(largeLetters, largeDepth))[:LargeN-len(words)] {
		words = append(words, spell(i, largeDepth, alphabet))
	}
	rng.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })

	calls := make([]harness.Call, 0, LargeN+LargeQueries)
	for _, w := range words {
		calls = append(calls, call("Insert", w))
	}
	for range LargeQueries {
		var w string
		switch r := rng.IntN(10); {
		case r < 5:
			w = words[rng.IntN(len(words))]
		case r < 8:
			w = word(rng, 1+rng.IntN(largeDepth+1), alphabet)
		default:
			w = word(rng, 1+rng.IntN(12), letters)
		}
		calls = append(calls, call(method(rng), w))
	}
	return calls
}

// pow returns b to the power e.
func pow(b, e int) int {
	p := 1
	for range e {
		p *= b
	}
	return p
}

// spell writes i in base len(alphabet) with n digits, the digits being alphabet's letters.
func spell(i, n int, alphabet string) string {
	b := make([]byte, n)
	for k := n - 1; k >= 0; k-- {
		b[k] = alphabet[i%len(alphabet)]
		i /= len(alphabet)
	}
	return string(b)
}

// maxBlockCuts bounds the candidates that cut a block of letters from every word, per round of
// the shrinker.
const maxBlockCuts = 64

// simplify proposes shorter words for a failing sequence, simplest first. A trie's answers
// depend on which words are prefixes of which, so most candidates change every word at once
// in a way that keeps those relations: cut the same positions out of every word. Long words are
// also tried as runs of 'a', which print as strings.Repeat. Changes to one word alone come last.
func simplify(calls []harness.Call) [][]harness.Call {
	words := distinct(calls)
	if len(words) == 0 {
		return nil
	}
	longest := len(words[0])
	var cands [][]harness.Call
	if longest > 16 && slices.ContainsFunc(words, func(w string) bool { return strings.Trim(w, "a") != "" }) {
		cands = append(cands, harness.MapArgs(calls, func(w string) string {
			if len(w) == longest {
				w = w[1:]
			}
			return strings.Repeat("a", len(w))
		}))
	}
	for size, n := longest/2, 0; size >= 1 && n < maxBlockCuts; size /= 2 {
		for at := 0; at < longest && n < maxBlockCuts; at, n = at+size, n+1 {
			cands = append(cands, harness.MapArgs(calls, cut(at, size)))
		}
	}
	if longest > 1 {
		cands = append(cands, harness.MapArgs(calls, cut(longest-1, 1)), harness.MapArgs(calls, cut(0, 1)))
	}
	for _, w := range words {
		if len(w) < 2 {
			break
		}
		for _, s := range []string{w[:len(w)/2], w[:len(w)-1], w[1:]} {
			cands = append(cands, harness.MapArgs(calls, func(x string) string {
				if x == w {
					return s
				}
				return x
			}))
		}
	}
	return cands
}

// distinct returns the sequence's distinct words, longest first.
func distinct(calls []harness.Call) []string {
	var words []string
	for _, c := range calls {
		if w := c.Args[0].(string); !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	slices.SortStableFunc(words, func(a, b string) int { return len(b) - len(a) })
	return words
}

// cut returns a function that removes the letters at positions at to at+size-1 from a word,
// leaving at least its first letter.
func cut(at, size int) func(string) string {
	return func(w string) string {
		if at >= len(w) {
			return w
		}
		if at == 0 && size >= len(w) {
			return w[:1]
		}
		return w[:at] + w[min(at+size, len(w)):]
	}
}

// hint names the usual cause of a trie's wrong answer or panic from the shrunk case, which it
// may replay on fresh tries of learner's.
func hint(f harness.Mismatch, learner API) string {
	last := f.Calls[len(f.Calls)-1]
	w := last.Args[0].(string)
	hasZ := strings.Contains(w, "z")
	var inserted []string // the words inserted before the failing call, in order
	for _, c := range f.Calls[:len(f.Calls)-1] {
		if c.Method == "Insert" {
			inserted = append(inserted, c.Args[0].(string))
		}
	}
	if f.Panic != nil {
		return panicHint(fmt.Sprint(f.Panic), hasZ, len(f.Calls))
	}
	isWord := slices.Contains(inserted, w)
	lookup := lookedUp(f.Calls[:len(f.Calls)-1], w)
	switch {
	case len(w) >= 256:
		return "words are up to 2000 letters long: follow every letter of the word, " +
			"with no limit of your own on its length"
	case f.Want == false && lookup != nil && !slices.ContainsFunc(inserted, func(x string) bool { return strings.HasPrefix(x, w) }):
		// No inserted word leads to w, but an earlier lookup went that way.
		return fmt.Sprintf("Search and StartsWith must not change the trie: after %s, %s found a path "+
			"that no Insert made. When a letter has no child, return false; only Insert creates nodes",
			lookup.Short(), last.Short())
	case len(inserted) == 0 && f.Want == false:
		return "a new trie is empty: before any Insert every answer is false " +
			"(keep the root in the Trie that New returns, not in a package-level variable)"
	case f.Want == false && !isWord && len(inserted) > 1 && falseAfterEach(learner, last.Method, w, inserted):
		// Two Inserts together made the answer true, neither alone: where w leads on to an inserted
		// word, one of them marked it; where it does not, the walk left the words' paths.
		if prefixOfSome(w, inserted) {
			return fmt.Sprintf("%s(%q) is false after each of these Inserts alone, and true after them "+
				"together: an Insert marked %q as a word. In a compressed trie, an Insert that splits an edge "+
				"makes a node where the edge splits; it ends a word only if that word is the one being "+
				"inserted, so its end mark starts false (the old node below keeps its own)", last.Method, w, w)
		}
		what := "is it"
		if last.Method == "StartsWith" {
			what = "starts with it"
		}
		return fmt.Sprintf("%s(%q) is false after each of these Inserts alone, and true after them together, "+
			"though no inserted word %s: the walk for %q went on through another word's nodes. Each letter "+
			"must lead to a child of its own: a child found at the wrong place (children added out of letter "+
			"order but found by letter), or a node index that wraps (a uint16 index past 65,535 nodes), leads "+
			"into another word's path", last.Method, w, what, w)
	case last.Method == "Search" && f.Want == false && !isWord && prefixOfSome(w, inserted):
		return "mark where a word ends (an end-of-word flag) and let Search check it: " +
			"a path that only leads on to longer words is not a word"
	case last.Method == "Search" && f.Want == true && count(inserted, w) > 1:
		return "inserting a word again changes nothing: set its end mark to true, never flip it"
	case f.Want == true && markedLate(w, inserted):
		return "Insert must mark the end of its word even when the whole path already exists " +
			"(the word is a prefix of one inserted earlier)"
	case f.Want == true && overwritten(w, inserted):
		return "a later Insert must not undo an earlier one: follow the children that exist, " +
			"create only the missing ones, and keep every child and end mark already there"
	case last.Method == "StartsWith" && f.Want == true && isWord:
		return "a word is a prefix of itself: StartsWith(w) is true once w is inserted, " +
			"even when no longer word continues it"
	case last.Method == "StartsWith" && f.Want == true && !isWord && prefixMissedAlone(learner, w, inserted):
		return fmt.Sprintf("StartsWith(%q) must be true once a word that starts with it is inserted, even "+
			"alone. Follow the prefix letter by letter and answer true once every letter is matched, "+
			"without asking whether a word ends there (that is Search's check); in a compressed trie the "+
			"prefix may end inside an edge's label, part-way along it, and that is a match too", w)
	}
	if x, n := longestShared(w, inserted); last.Method == "StartsWith" && f.Want == false && n > 0 {
		return fmt.Sprintf("no inserted word starts with %q (%q shares only %q with it): StartsWith must "+
			"match every letter of the prefix up to its last, also where the prefix ends part-way along a "+
			"path or inside an edge's label", w, x, w[:n])
	}
	if a, b, ok := oneLetterOff(w, inserted, last.Method == "Search"); ok && f.Want == false {
		if a == 'z' || b == 'z' {
			return zHint
		}
		return fmt.Sprintf("%q and %q lead to the same child: each letter needs its own, "+
			"children[word[i]-'a'] with 26 slots", min(a, b), max(a, b))
	}
	switch {
	case hasZ:
		return zHint
	case f.Want == false:
		return "follow every letter: a letter with no child means no inserted word continues that way, " +
			"so the answer is false"
	}
	return ""
}

// zHint is the hint for wrong answers or index errors where 'z' is involved.
const zHint = "children are indexed by word[i]-'a', from 0 for 'a' to 25 for 'z': " +
	"an array of 26 children, one per letter"

// panicHint names the usual cause of a panic after n calls.
func panicHint(p string, hasZ bool, n int) string {
	switch {
	case strings.Contains(p, "out of range") && n > 1000:
		return "a fixed-size store of nodes runs out: let the trie grow with its words " +
			"(allocate each node, or append to a slice)"
	case strings.Contains(p, "index out of range") && hasZ:
		return zHint
	case strings.Contains(p, "index out of range"):
		return "children are indexed by word[i]-'a', 0 to 25, and a word's letters by 0 to len(word)-1"
	case strings.Contains(p, "nil pointer"):
		return "a missing child is nil: when the next letter has no child, stop and return false " +
			"instead of stepping into it"
	}
	return ""
}

// oneLetterOff looks for an inserted word (whole, or its prefix when whole is false) that differs
// from w in exactly one letter, and returns the two letters.
func oneLetterOff(w string, inserted []string, whole bool) (a, b byte, ok bool) {
	for _, x := range inserted {
		if len(x) < len(w) || whole && len(x) != len(w) {
			continue
		}
		diff := 0
		for i := range len(w) {
			if w[i] != x[i] {
				diff++
				a, b = w[i], x[i]
			}
		}
		if diff == 1 {
			return a, b, true
		}
	}
	return 0, 0, false
}

// lookedUp returns the last Search or StartsWith of calls whose word w is a prefix of, or nil.
func lookedUp(calls []harness.Call, w string) *harness.Call {
	for i := len(calls) - 1; i >= 0; i-- {
		if c := calls[i]; c.Method != "Insert" && strings.HasPrefix(c.Args[0].(string), w) {
			return &calls[i]
		}
	}
	return nil
}

// longestShared returns the word of words that shares the longest prefix with w, and that
// prefix's length.
func longestShared(w string, words []string) (string, int) {
	best, n := "", 0
	for _, x := range words {
		k := 0
		for k < len(w) && k < len(x) && w[k] == x[k] {
			k++
		}
		if k > n {
			best, n = x, k
		}
	}
	return best, n
}

// count returns how many times w occurs in words.
func count(words []string, w string) int {
	n := 0
	for _, x := range words {
		if x == w {
			n++
		}
	}
	return n
}

// prefixOfSome reports whether w is a proper prefix of one of words.
func prefixOfSome(w string, words []string) bool {
	return slices.ContainsFunc(words, func(x string) bool { return len(x) > len(w) && strings.HasPrefix(x, w) })
}

// falseAfterEach reports whether method (Search or StartsWith) of w answers false on a fresh
// trie of learner's after the Insert of each of inserted alone: then no one Insert made the
// answer true, and two together do.
func falseAfterEach(learner API, method, w string, inserted []string) bool {
	return harness.Evidence(func() bool {
		for _, x := range inserted {
			tr := learner.New()
			tr.Insert(x)
			if method == "Search" && tr.Search(w) || method == "StartsWith" && tr.StartsWith(w) {
				return false
			}
		}
		return true
	})
}

// prefixMissedAlone reports whether StartsWith(w) answers false on a fresh trie of learner's
// after the Insert of one of inserted that starts with w, alone: no other Insert undid it.
func prefixMissedAlone(learner API, w string, inserted []string) bool {
	return harness.Evidence(func() bool {
		for _, x := range inserted {
			if len(x) > len(w) && strings.HasPrefix(x, w) {
				tr := learner.New()
				tr.Insert(x)
				return !tr.StartsWith(w)
			}
		}
		return false
	})
}

// markedLate reports whether w was inserted after a longer word it is a prefix of.
func markedLate(w string, inserted []string) bool {
	i := slices.Index(inserted, w)
	return i >= 0 && prefixOfSome(w, inserted[:i])
}

// overwritten reports whether a word that w is a prefix of was inserted before another word:
// the later Insert must have lost it.
func overwritten(w string, inserted []string) bool {
	for i, x := range inserted {
		if strings.HasPrefix(x, w) && slices.ContainsFunc(inserted[i+1:], func(y string) bool { return y != x }) {
			return true
		}
	}
	return false
}
