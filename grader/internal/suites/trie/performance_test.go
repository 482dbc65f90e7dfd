package trie

import (
	"testing"

	"kata/grader/result"
	"kata/grader/verdict"
)

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

// TestPerformanceJudgesGrowth checks that the growth test fails a Search that walks every
// prefix of the word again from the root, O(L²). (A list of words, a sorted slice of them and a
// Search that builds its prefix letter by letter are submissions under
// grader/testdata/trie/time_limit_exceeded, graded end to end.)
func TestPerformanceJudgesGrowth(t *testing.T) {
	end, _ := kit.Perf(t, API{New: func() Trie { return rewalking{reference.New()} }}, 5, "performance/growth")
	if end.Status != result.Fail || end.Failure.Verdict != verdict.TimeLimitExceeded {
		t.Errorf("re-walks every prefix: want time_limit_exceeded, got %s %+v", end.Status, end.Failure)
	}
}
