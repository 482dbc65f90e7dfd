package trie

import (
	"strings"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
)

// wordList keeps its words in a slice and scans them: O(n·L) per operation.
type wordList struct{ words []string }

func (w *wordList) Insert(word string) {
	if !w.Search(word) {
		w.words = append(w.words, word)
	}
}

func (w *wordList) Search(word string) bool {
	for _, x := range w.words {
		if x == word {
			return true
		}
	}
	return false
}

func (w *wordList) StartsWith(prefix string) bool {
	for _, x := range w.words {
		if strings.HasPrefix(x, prefix) {
			return true
		}
	}
	return false
}

// rewalking is the reference with a Search that builds every prefix of the word as a new
// string and walks it from the root again, to check each one exists: O(L²).
type rewalking struct{ Trie }

func (r rewalking) Search(word string) bool {
	prefix := ""
	for i := 0; i < len(word); i++ {
		prefix += word[i : i+1]
		if !r.Trie.StartsWith(prefix) {
			return false
		}
	}
	return r.Trie.Search(word)
}

func perfRun(t *testing.T, learner API) record.Event {
	t.Helper()
	s := &harness.Suite{Exercise: "trie", Tests: []harness.Test{performance(learner, reference)}}
	log, err := harness.Local(s, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range log.Judgements() {
		t.Logf("%s/%s: ok=%v %s (growth %.2f, slope %.2f)", c.Op, c.Axis, c.OK(), c.Reason, c.Growth, c.Slope)
	}
	return log.Ends()["performance/growth"]
}

func TestPerformanceJudgesGrowth(t *testing.T) {
	for _, tc := range []struct {
		name string
		impl API
		ok   bool
	}{
		{"reference", reference, true},
		{"word list", API{New: func() Trie { return &wordList{} }}, false},
		{"re-walks every prefix", API{New: func() Trie { return rewalking{reference.New()} }}, false},
	} {
		end := perfRun(t, tc.impl)
		if got := end.Status == result.Pass; got != tc.ok {
			t.Errorf("%s: passed = %v, want %v: %+v", tc.name, got, tc.ok, end.Failure)
		}
		t.Logf("%s: CPU %v", tc.name, end.Elapsed)
	}
}
