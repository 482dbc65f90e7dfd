package bloom

import (
	"bytes"
	"testing"

	"kata/grader/result"
	"kata/grader/verdict"
)

// keeper is a "filter" that stores its keys: no false positives, O(n) per Test.
type keeper struct {
	keys [][]byte
	m    uint64
	k    uint
}

func (f *keeper) Add(key []byte) { f.keys = append(f.keys, bytes.Clone(key)) }
func (f *keeper) Test(key []byte) bool {
	for _, k := range f.keys {
		if bytes.Equal(k, key) {
			return true
		}
	}
	return false
}
func (f *keeper) M() uint64 { return f.m }
func (f *keeper) K() uint   { return f.k }

// TestPerformanceJudgesGrowth checks that the growth test fails a filter that stores its keys,
// with right answers and O(n) per Test. (A Test that scans the bits, and an Add that recounts
// them, are submissions under grader/testdata/bloom/time_limit_exceeded, graded end to end.)
// The operation named may be Add as well as Test: each Add clones its key onto a heap that
// grows with n, against a reference Add of a few nanoseconds, and on a loaded machine its ratio
// has grown just past the tenfold that proves a growth.
func TestPerformanceJudgesGrowth(t *testing.T) {
	keeps := reference
	keeps.New = func(m uint64, k uint) Filter { return &keeper{m: m, k: k} }
	end, _ := kit.Perf(t, keeps, 9, "performance/growth")
	if end.Status != result.Fail || end.Failure.Verdict != verdict.TimeLimitExceeded ||
		end.Failure.Op != "Test" && end.Failure.Op != "Add" {
		t.Errorf("a filter that stores its keys: want time_limit_exceeded naming Test (or Add), got %s %+v", end.Status, end.Failure)
	}
}
