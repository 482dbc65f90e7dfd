package bloom

import (
	"bytes"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
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

// scanner is a filter whose Test also counts the set bits: right answers, O(m) per Test.
type scanner struct {
	Filter
	bits []uint64
}

func (f *scanner) Test(key []byte) bool {
	n := 0
	for _, w := range f.bits {
		if w != 0 {
			n++
		}
	}
	return f.Filter.Test(key) && n >= 0
}

func perfRun(t *testing.T, learner API) record.Event {
	t.Helper()
	s := &harness.Suite{Exercise: "bloom", Tests: []harness.Test{performance(learner, reference)}}
	log, err := harness.Local(s, 9)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range log.Judgements() {
		t.Logf("%s/%s: ok=%v %s (growth %.2f, slope %.2f)", c.Op, c.Axis, c.OK(), c.Reason, c.Growth, c.Slope)
	}
	return log.Ends()["performance/growth"]
}

func TestPerformanceJudgesGrowth(t *testing.T) {
	if testing.Short() {
		t.Skip("measures the growth of several wrong implementations, seconds each; go test without -short runs it")
	}
	keeps := reference
	keeps.New = func(m uint64, k uint) Filter { return &keeper{m: m, k: k} }
	scans := reference
	scans.New = func(m uint64, k uint) Filter {
		return &scanner{Filter: reference.New(m, k), bits: make([]uint64, (m+63)/64)}
	}
	for _, tc := range []struct {
		name string
		impl API
		ok   bool
	}{
		{"reference", reference, true},
		{"stores its keys", keeps, false},
		{"scans its bits", scans, false},
	} {
		end := perfRun(t, tc.impl)
		if got := end.Status == result.Pass; got != tc.ok {
			t.Errorf("%s: passed = %v, want %v: %+v", tc.name, got, tc.ok, end.Failure)
		}
		t.Logf("%s: CPU %v", tc.name, end.Elapsed)
	}
}
