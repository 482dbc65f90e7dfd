package trie

import (
	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// Performance sizes: the number of words stored (doubling from 3,125 to 200,000), all nine
// letters long over four letters, so that tries of that many words share their prefixes and fit
// in memory; and the length of the words (quadrupling from 31 to 1,984 letters, near the
// contract's 2,000), in tries of PerfLetters letters in all: fewer words as they grow longer,
// so that every trie of the length axis has about as many nodes. An operation costs O(L)
// whatever the number of words. With a fixed number of words, the reference's trie outgrew the
// caches as the words grew longer, its time per letter climbed tenfold, and an O(L²) walk that
// stays in the caches looked no slower at 1,984 letters than at 31.
var (
	PerfWords   = harness.Sizes(3125, 200_000, 2)
	PerfLengths = harness.Sizes(31, 1984, 4)
	PerfLetters = 8192
)

// perfWordLen is the length of the words of the words axis: 4^9 = 262,144 words exist.
const perfWordLen = 9

// performance measures Insert, Search and StartsWith as the number of words grows and as the
// length of the words grows, against the reference.
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		words := countingWords(t, PerfWords[len(PerfWords)-1])
		absent := absentPrefixes(words[:PerfWords[0]], 1000)
		t.SetReceiver("tr")
		byWords := func(m *harness.Meter) []*growth.Series {
			ladder := harness.Ladder[Trie]{
				Sizes: PerfWords, New: learner.New, Ref: reference.New,
				Grow: harness.Grower[Trie]{
					Series: growthOf("Insert", "words",
						"Insert grows with the number of words stored: walk down one child per letter "+
							"from the root, creating the missing ones; never compare with the other words"),
					Run: func(tr Trie, from, to int) {
						for _, w := range words[from:to] {
							tr.Insert(w)
						}
					},
				},
				Queries: []harness.Query[Trie]{
					{
						Series: growthOf("Search", "words",
							"you are scanning every word: follow the word's letters down from the root, "+
								"one child per letter, and answer with the end-of-word marker"),
						Batch: 1000,
						Run: func(tr Trie, n, count, rep int) {
							for i := range count {
								tr.Search(words[(i*7919)%n][:perfWordLen-i&1]) // a word, then a prefix
							}
						},
					},
					{
						Series: growthOf("StartsWith", "words",
							"you are scanning every word: a prefix is a path from the root, so follow "+
								"its letters down and answer whether the path exists"),
						Batch: 1000,
						Run: func(tr Trie, n, count, rep int) {
							for i := range count {
								if i&1 == 0 {
									tr.StartsWith(words[(i*7919)%n][:5])
								} else {
									tr.StartsWith(absent[i%len(absent)])
								}
							}
						},
					},
				},
			}
			return ladder.Measure(m)
		}
		byLength := func(m *harness.Meter) []*growth.Series { return byLength(m, t, learner, reference) }
		harness.JudgeGrowth(t, byWords, byLength)
	}}
}

// absentPrefixes returns count prefixes that no word has: the first four letters of one of
// words, then an 'e', a letter no word holds. StartsWith answers half its calls with them, since
// a scan of the words stops early at a prefix that is there, and reads every word for one that
// is not.
func absentPrefixes(words []string, count int) []string {
	out := make([]string, count)
	for i := range out {
		out[i] = words[i%len(words)][:4] + "e"
	}
	return out
}

// countingWords returns n distinct words of perfWordLen letters a-d, in a random order: the
// numbers 0..n-1 written in base 4.
func countingWords(t *harness.T, n int) []string {
	words := make([]string, n)
	for i, v := range t.Rand().Perm(n) {
		b := make([]byte, perfWordLen)
		for j := range b {
			b[perfWordLen-1-j] = 'a' + byte(v%4)
			v /= 4
		}
		words[i] = string(b)
	}
	return words
}

// byLength measures Insert, Search and StartsWith on fresh tries of random words of each length
// in PerfLengths, PerfLetters letters in all; then StartsWith of the words' first shortPrefix
// letters along W, the length of the words stored in such tries: a cost that grows with W looks
// below the prefix.
func byLength(m *harness.Meter, t *harness.T, learner, reference API) []*growth.Series {
	insert := growthOf("Insert", "L",
		"Insert grows faster than the word's length: do constant work per letter (index the child "+
			"array; do not copy or concatenate the word, or the prefix so far, at every step)")
	search := growthOf("Search", "L",
		"Search grows faster than the word's length: do constant work per letter, without "+
			"building a string letter by letter (the prefix so far) or copying the rest of the word at each step")
	starts := growthOf("StartsWith", "L",
		"StartsWith grows faster than the prefix's length: do constant work per letter")
	below := growthOf("StartsWith", "W",
		"StartsWith of a short prefix grows with the length W of the words stored below it: answer as "+
			"soon as the prefix's path exists (every node on a path is the prefix of a word), without "+
			"looking below it for a word's end")
	harness.Sweep[Trie, string]{
		Sizes: PerfLengths,
		Make: func(length int) (Trie, Trie, []string) {
			return learner.New(), reference.New(), randomWords(t, length)
		},
		Ops: []harness.SweepOp[Trie, string]{
			{Series: insert, Run: func(tr Trie, w string) { tr.Insert(w) }},
			{Series: search, Run: func(tr Trie, w string) { tr.Search(w) }},
			{Series: starts, Run: func(tr Trie, w string) { tr.StartsWith(w[:len(w)/2]) }},
		},
	}.Measure(m)
	harness.Sweep[Trie, string]{
		Sizes: PerfLengths,
		Make: func(length int) (Trie, Trie, []string) {
			words := randomWords(t, length)
			l, r := learner.New(), reference.New()
			for _, w := range words {
				l.Insert(w)
				r.Insert(w)
			}
			// As many calls at every W, so that a batch of them costs far more than its timing.
			prefixes := make([]string, shortPrefixes)
			for i := range prefixes {
				prefixes[i] = words[i%len(words)][:shortPrefix]
			}
			return l, r, prefixes
		},
		Ops: []harness.SweepOp[Trie, string]{
			{Series: below, Run: func(tr Trie, prefix string) { tr.StartsWith(prefix) }},
		},
	}.Measure(m)
	return []*growth.Series{insert, search, starts, below}
}

// randomWords returns PerfLetters/length random words of length letters (at least one).
func randomWords(t *harness.T, length int) []string {
	words := make([]string, max(1, PerfLetters/length))
	for i := range words {
		b := make([]byte, length)
		for j := range b {
			b[j] = 'a' + byte(t.Rand().IntN(26))
		}
		words[i] = string(b)
	}
	return words
}

// StartsWith is asked along W for the first shortPrefix letters of the words stored,
// shortPrefixes times at each W.
const (
	shortPrefix   = 4
	shortPrefixes = 256
)

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation is far slower than the reference without growing faster.
const slowHint = "each call is far slower than the reference: the usual design does constant work per " +
	"letter, indexing an array of 26 children by word[i]-'a'"
