package trie

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

func TestLeetCodeExample(t *testing.T) {
	tr := New()
	tr.Insert("apple")
	check(t, tr.Search("apple"), true, `Search("apple")`)
	check(t, tr.Search("app"), false, `Search("app")`)
	check(t, tr.StartsWith("app"), true, `StartsWith("app")`)
	tr.Insert("app")
	check(t, tr.Search("app"), true, `Search("app") after Insert("app")`)
}

func check(t *testing.T, got, want bool, what string) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func TestEdgeWords(t *testing.T) {
	tr := New()
	check(t, tr.Search("a"), false, `Search("a") on an empty trie`)
	check(t, tr.StartsWith("a"), false, `StartsWith("a") on an empty trie`)

	tr.Insert("z")
	tr.Insert("a")
	check(t, tr.Search("a"), true, `Search("a")`)
	check(t, tr.Search("z"), true, `Search("z")`)
	check(t, tr.Search("b"), false, `Search("b")`)
	check(t, tr.StartsWith("za"), false, `StartsWith("za")`)

	long := strings.Repeat("abcdefghijklmnopqrstuvwxyz", 77)[:2000]
	tr.Insert(long)
	check(t, tr.Search(long), true, "Search(2000 letters)")
	check(t, tr.StartsWith(long), true, "StartsWith(the 2000-letter word)")
	check(t, tr.StartsWith(long[:1999]), true, "StartsWith(its first 1999 letters)")
	check(t, tr.Search(long[:1999]), false, "Search(its first 1999 letters)")
	check(t, tr.Search(long[:1999]+"a"), false, "Search(2000 letters, last one changed)")

	zs := strings.Repeat("z", 2000)
	check(t, tr.StartsWith(zs), false, "StartsWith(2000 z) before inserting it")
	tr.Insert(zs)
	tr.Insert(zs) // twice: no change
	check(t, tr.Search(zs), true, "Search(2000 z)")
	check(t, tr.Search("zz"), false, `Search("zz")`)
}

// TestAgainstMap inserts random short words over a small alphabet, so that
// words share prefixes and are often prefixes of each other, and compares
// Search and StartsWith with a set of words and a set of all their prefixes.
func TestAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, 1+rng.IntN(6))
		for i := range b {
			b[i] = "abcz"[rng.IntN(4)]
		}
		return string(b)
	}
	tr := New()
	words, prefixes := map[string]bool{}, map[string]bool{}
	for op := range 100_000 {
		w := word()
		switch rng.IntN(3) {
		case 0:
			tr.Insert(w)
			words[w] = true
			for i := 1; i <= len(w); i++ {
				prefixes[w[:i]] = true
			}
		case 1:
			if got := tr.Search(w); got != words[w] {
				t.Fatalf("op %d: Search(%q) = %v, want %v", op, w, got, words[w])
			}
		case 2:
			if got := tr.StartsWith(w); got != prefixes[w] {
				t.Fatalf("op %d: StartsWith(%q) = %v, want %v", op, w, got, prefixes[w])
			}
		}
	}
}

// plainTrie is the anchor of the benchmarks: the textbook array-children trie,
// as a learner would write it.
type plainTrie struct {
	next  [26]*plainTrie
	isEnd bool
}

func (p *plainTrie) Insert(word string) {
	cur := p
	for _, r := range word {
		i := r - 'a'
		if cur.next[i] == nil {
			cur.next[i] = &plainTrie{}
		}
		cur = cur.next[i]
	}
	cur.isEnd = true
}

func (p *plainTrie) find(s string) *plainTrie {
	cur := p
	for _, r := range s {
		cur = cur.next[r-'a']
		if cur == nil {
			return nil
		}
	}
	return cur
}

func (p *plainTrie) Search(word string) bool {
	n := p.find(word)
	return n != nil && n.isEnd
}

func (p *plainTrie) StartsWith(prefix string) bool { return p.find(prefix) != nil }

// The benchmarks run the reference and plainTrie side by side on 10^5 random
// words of 8 to 12 letters, as BenchmarkX/impl=kata and BenchmarkX/impl=plain.

const benchN = 100_000

type trie interface {
	Insert(string)
	Search(string) bool
	StartsWith(string) bool
}

var impls = []struct {
	name string
	new  func() trie
}{
	{"kata", func() trie { return New() }},
	{"plain", func() trie { return &plainTrie{} }},
}

func randomWords(seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 0))
	words := make([]string, n)
	for i := range words {
		b := make([]byte, 8+rng.IntN(5))
		for j := range b {
			b[j] = byte('a' + rng.IntN(26))
		}
		words[i] = string(b)
	}
	return words
}

func filled(newTrie func() trie, words []string) trie {
	tr := newTrie()
	for _, w := range words {
		tr.Insert(w)
	}
	return tr
}

// BenchmarkInsert fills an empty trie with n words, starting over off the
// clock every n insertions.
func BenchmarkInsert(b *testing.B) {
	words := randomWords(1, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			var tr trie
			i := 0
			for b.Loop() {
				if i%benchN == 0 {
					b.StopTimer()
					tr = nil
					runtime.GC() // collect the last trie off the clock
					tr = impl.new()
					b.StartTimer()
				}
				tr.Insert(words[i%benchN])
				i++
			}
		})
	}
}

// benchmarkLookup runs op on a trie of n words over n probes: the words
// themselves (hits) for Search, their first 4 to 11 letters for StartsWith,
// and n other random words (almost all misses) in between.
func benchmarkLookup(b *testing.B, op func(trie, string) bool, probes []string) {
	words := randomWords(1, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			tr := filled(impl.new, words)
			hits, i := 0, 0
			for b.Loop() {
				if op(tr, probes[i%len(probes)]) {
					hits++
				}
				i++
			}
			if hits < i/2 {
				b.Fatalf("%d hits of %d probes, want at least half", hits, i)
			}
		})
	}
}

func mixed(present []string) []string {
	absent := randomWords(2, len(present))
	probes := make([]string, 0, 2*len(present))
	for i := range present {
		probes = append(probes, present[i], absent[i])
	}
	return probes
}

func BenchmarkSearch(b *testing.B) {
	benchmarkLookup(b, trie.Search, mixed(randomWords(1, benchN)))
}

func BenchmarkStartsWith(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 0))
	prefixes := randomWords(1, benchN)
	for i, w := range prefixes {
		prefixes[i] = w[:4+rng.IntN(len(w)-4)]
	}
	benchmarkLookup(b, trie.StartsWith, mixed(prefixes))
}
