package countingbloom

import (
	"bytes"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
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

// scanner is a filter whose Count (or Remove) also counts the counters in use: right answers,
// O(m) per call.
type scanner struct {
	Filter
	words      []uint64
	scanCount  bool
	scanRemove bool
	used       int
}

func (f *scanner) scan() {
	f.used = 0
	for _, w := range f.words {
		if w != 0 {
			f.used++
		}
	}
}

func (f *scanner) Count(key []byte) uint {
	if f.scanCount {
		f.scan()
	}
	return f.Filter.Count(key)
}

func (f *scanner) Remove(key []byte) bool {
	if f.scanRemove {
		f.scan()
	}
	return f.Filter.Remove(key)
}

// emptyScan is a right filter whose Test first scans the counter words for one above 0, to
// answer false at once in an empty filter: O(m/(n·k)) per Test, O(m) while empty.
type emptyScan struct{ *toy }

func (f emptyScan) Test(key []byte) bool {
	for _, w := range f.words {
		if w != 0 {
			return f.toy.Test(key)
		}
	}
	return false
}

func perfRun(t *testing.T, learner API) record.Event {
	t.Helper()
	s := &harness.Suite{Exercise: "countingbloom", Tests: []harness.Test{performance(learner, reference)}}
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
	scans := func(count, remove bool) API {
		return API{New: func(m uint64, k uint) Filter {
			return &scanner{Filter: reference.New(m, k), words: make([]uint64, (m+15)/16), scanCount: count, scanRemove: remove}
		}}
	}
	keeps := API{New: func(m uint64, k uint) Filter { return &keeper{Filter: reference.New(m, k)} }}
	for _, tc := range []struct {
		name string
		impl API
		ok   bool
		op   string
	}{
		{"reference", reference, true, ""},
		{"Count scans the counters", scans(true, false), false, "Count"},
		{"Remove scans the counters", scans(false, true), false, "Remove"},
		{"Test compares keys", keeps, false, "Test"},
		{"Test scans for an empty filter", withNew(func(m uint64, k uint) Filter { return emptyScan{newToy(m, k)} }), false, "Test"},
	} {
		end := perfRun(t, tc.impl)
		if got := end.Status == result.Pass; got != tc.ok {
			t.Errorf("%s: passed = %v, want %v: %+v", tc.name, got, tc.ok, end.Failure)
		}
		if !tc.ok && end.Failure != nil && end.Failure.Op != tc.op {
			t.Errorf("%s: failed on %s, want %s", tc.name, end.Failure.Op, tc.op)
		}
		t.Logf("%s: CPU %v", tc.name, end.Elapsed)
	}
}
