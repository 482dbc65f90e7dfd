package cuckoo

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"kata/grader/internal/harness"
	"kata/grader/result"
)

// keeper is a "filter" that keeps its keys in a list: no false positives, O(n) per Lookup and
// Delete.
type keeper struct {
	keys [][]byte
	b    uint64
}

func (f *keeper) Insert(key []byte) bool { f.keys = append(f.keys, bytes.Clone(key)); return true }
func (f *keeper) Lookup(key []byte) bool {
	for _, k := range f.keys {
		if bytes.Equal(k, key) {
			return true
		}
	}
	return false
}
func (f *keeper) Delete(key []byte) bool {
	for i, k := range f.keys {
		if bytes.Equal(k, key) {
			f.keys[i] = f.keys[len(f.keys)-1]
			f.keys = f.keys[:len(f.keys)-1]
			return true
		}
	}
	return false
}
func (f *keeper) Count() uint64   { return uint64(len(f.keys)) }
func (f *keeper) Buckets() uint64 { return f.b }

// counter is a keeper whose Insert first counts the copies already kept: O(n) per Insert.
type counter struct{ keeper }

func (f *counter) Insert(key []byte) bool {
	n := 0
	for _, k := range f.keys {
		if bytes.Equal(k, key) {
			n++
		}
	}
	if n >= 8 {
		return false
	}
	return f.keeper.Insert(key)
}

// scanner is a right filter whose Lookup and Delete also walk every bucket: O(B) per call.
type scanner struct {
	Filter
	b uint64
}

func (f *scanner) walk() {
	n := uint64(0)
	for i := range f.b {
		n += i & 1
	}
	if n > f.b {
		panic("unreachable")
	}
}

func (f *scanner) Lookup(key []byte) bool { f.walk(); return f.Filter.Lookup(key) }
func (f *scanner) Delete(key []byte) bool { f.walk(); return f.Filter.Delete(key) }

// recounter is a right filter whose Insert first counts the used slots by a walk over B: O(B).
type recounter struct{ scanner }

func (f *recounter) Insert(key []byte) bool { f.walk(); return f.Filter.Insert(key) }
func (f *recounter) Lookup(key []byte) bool { return f.Filter.Lookup(key) }
func (f *recounter) Delete(key []byte) bool { return f.Filter.Delete(key) }

// TestPerformanceJudgesGrowth checks that the growth test passes a right filter in another
// style and fails filters that keep their keys in a list, with or without counting the copies
// on Insert. (A filter that scans every bucket on Lookup and Delete, or recounts its slots on
// Insert, is a submission under grader/testdata/cuckoo/time_limit_exceeded, graded end to end.)
func TestPerformanceJudgesGrowth(t *testing.T) {
	keeps := API{New: func(c uint64) Filter { return &keeper{b: bucketsFor(c)} }}
	for _, tc := range []struct {
		name string
		impl API
		ok   bool
	}{
		{"another right filter", withToy(func(*toy) {}), true},
		{"keeps its keys", keeps, false},
		{"counts copies on Insert", API{New: func(c uint64) Filter { return &counter{keeper{b: bucketsFor(c)}} }}, false},
	} {
		end, _ := kit.Perf(t, tc.impl, 9, "performance/growth")
		if got := end.Status == result.Pass; got != tc.ok {
			t.Errorf("%s: passed = %v, want %v: %+v", tc.name, got, tc.ok, end.Failure)
		}
		t.Logf("%s: CPU %v", tc.name, end.Elapsed)
	}
}

// TestLoadDefersToGrowth checks that the load property, which runs before the growth test, leaves
// an Insert or a Lookup that grows with B to the growth test (it passes, within its budget, far
// below the CPU backstop), and that the false-positive property then checks a deferred load.
func TestLoadDefersToGrowth(t *testing.T) {
	recounts := API{New: func(c uint64) Filter {
		return &recounter{scanner{Filter: reference.New(c), b: bucketsFor(c)}}
	}}
	scans := API{New: func(c uint64) Filter { return &scanner{Filter: reference.New(c), b: bucketsFor(c)} }}
	for name, impl := range map[string]API{"recounts on Insert": recounts, "scans on Lookup": scans} {
		_, ends := kit.RunEnds(t, impl, 3, "property/load")
		e := ends["property/load"]
		if e.Status != result.Pass || e.Elapsed > 3*time.Second {
			t.Errorf("%s: property/load %s in %v, want a pass, deferred, within its budget: %+v",
				name, e.Status, e.Elapsed, e.Failure)
		}
	}
	// Deferred, the load is checked by the false-positive property.
	s := &suite{learner: withToy(func(f *toy) { f.oneB = true }), reference: reference, loadDeferred: true}
	log, err := harness.Local(&harness.Suite{Exercise: "cuckoo", Tests: []harness.Test{
		{Name: "property/false-positive-rate", Kind: harness.Property, Run: s.falsePositiveRate}}}, 3)
	if err != nil {
		t.Fatal(err)
	}
	f := log.Ends()["property/false-positive-rate"].Failure
	if f == nil || !strings.Contains(f.Message, "the first Insert failed") {
		t.Errorf("a deferred load is not checked: %+v", f)
	}
}
