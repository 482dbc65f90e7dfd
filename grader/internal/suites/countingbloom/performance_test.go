package countingbloom

import (
	"bytes"
	"testing"

	"kata/grader/result"
	"kata/grader/verdict"
)

// keeper is a counting filter that also keeps its keys, and answers Test by looking for the key
// among them: right answers, O(n) per Test.
type keeper struct {
	Filter
	keys [][]byte
}

func (f *keeper) Add(key []byte) { f.Filter.Add(key); f.keys = append(f.keys, bytes.Clone(key)) }
func (f *keeper) Test(key []byte) bool {
	for _, k := range f.keys {
		if bytes.Equal(k, key) {
			return true
		}
	}
	return f.Filter.Test(key)
}

// TestPerformanceJudgesGrowth checks that the growth test fails a filter that also keeps its
// keys and answers Test by looking for the key among them, naming Test. (A Count or a Remove
// that scans the counters, an Add that recounts them and a Test that scans for an empty filter
// are submissions under grader/testdata/countingbloom/time_limit_exceeded, graded end to end.)
func TestPerformanceJudgesGrowth(t *testing.T) {
	keeps := API{New: func(m uint64, k uint) Filter { return &keeper{Filter: reference.New(m, k)} }}
	end, _ := kit.Perf(t, keeps, 9, "performance/growth")
	if end.Status != result.Fail || end.Failure.Verdict != verdict.TimeLimitExceeded || end.Failure.Op != "Test" {
		t.Errorf("Test compares keys: want time_limit_exceeded naming Test, got %s %+v", end.Status, end.Failure)
	}
}
