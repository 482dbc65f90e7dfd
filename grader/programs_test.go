package grader

import (
	"fmt"
	"slices"
	"testing"

	"kata/grader/exercise"
	"kata/grader/internal/build"
	"kata/grader/internal/catalog"
	"kata/grader/internal/record"
	"kata/grader/result"
)

// TestMergedRuns checks how the runs of a race detector's program and a plain one make one
// result: the plain one runs only when a test of its own comes before the first fault, the
// verdict comes from the run whose fault comes first in the suite's order, and the tests are
// listed in that order, those no run took as not run.
func TestMergedRuns(t *testing.T) {
	suite := &catalog.Suite{Tests: []catalog.Test{
		{Name: catalog.ImplementedTest, Kind: catalog.Fixed}, {Name: "edge/x", Kind: catalog.Fixed},
		{Name: "performance/growth", Kind: catalog.Performance}, {Name: "property/y", Kind: catalog.Property},
	}}
	checked := program{race: true, mode: catalog.Mode{NoPerf: true}}
	costs := program{mode: catalog.Mode{PerfOnly: true}}
	run := func(p program, statuses ...result.Status) *child {
		c := &child{prog: p, nonce: "n", tests: suite.Names(p.mode), log: &record.Log{}}
		c.log.Events = append(c.log.Events, record.Event{Kind: record.Hello, Nonce: "n"})
		for i, s := range statuses {
			c.log.Events = append(c.log.Events, record.Event{Kind: record.Start, Test: c.tests[i]})
			if s != "" { // "": the process died in this test
				c.log.Events = append(c.log.Events, record.Event{Kind: record.End, Test: c.tests[i], Status: s})
			}
		}
		if len(statuses) == len(c.tests) && statuses[len(statuses)-1] != "" {
			c.log.Events = append(c.log.Events, record.Event{Kind: record.Done, Nonce: "n"})
		}
		return c
	}
	pass, fail, skip := result.Pass, result.Fail, result.Skip

	passed := run(checked, pass, pass, pass)
	if !needed(suite, []*child{passed}, costs) {
		t.Error("the performance tests were not run after every other test passed")
	}
	// edge/x fails before the performance test: nothing the plain program finds can come first.
	early := run(checked, pass, fail, skip)
	if needed(suite, []*child{early}, costs) {
		t.Error("the performance tests were run after edge/x, which comes before them, failed")
	}
	// property/y fails after the performance test, which may fail first.
	late := run(checked, pass, pass, fail)
	if !needed(suite, []*child{late}, costs) {
		t.Error("the performance tests were not run after property/y, which comes after them, failed")
	}
	died := run(checked, pass, "")
	if needed(suite, []*child{died}, costs) {
		t.Error("the performance tests were run after the process died in edge/x")
	}

	slow := run(costs, pass, fail)
	if got := decisive(suite, []*child{late, slow}); got != slow {
		t.Error("a performance test that failed before property/y did not decide the verdict")
	}
	if got := decisive(suite, []*child{passed, run(costs, pass, pass)}); got.prog.race {
		t.Error("with no fault anywhere, the verdict was not read from the last run")
	}
	// A record that lacks its done line is never read as a pass, even with every test ended.
	unfinished := run(costs, pass, pass)
	unfinished.log.Events = unfinished.log.Events[:len(unfinished.log.Events)-1]
	if got := decisive(suite, []*child{passed, unfinished}); got != unfinished {
		t.Error("a run without its done line did not decide the verdict")
	}

	var res result.Result
	fillTests(&res, planned(suite, []program{checked, costs}), []*child{early})
	var got []string
	for _, tc := range res.Tests {
		got = append(got, tc.Name+":"+string(tc.Status))
	}
	want := []string{"implemented:pass", "edge/x:fail", "performance/growth:skip", "property/y:skip"}
	if !slices.Equal(got, want) {
		t.Errorf("tests %v, want %v", got, want)
	}
}

// TestPrograms checks which programs a race-declared exercise is built as: where the detector
// runs, grading takes both, kata verify only the detector's, the stress command only the plain
// one; elsewhere one plain program runs what was asked.
func TestPrograms(t *testing.T) {
	e := exercise.Must("concurrentset")
	if !e.Race {
		t.Fatal("the concurrent set is not declared Race")
	}
	suite, _ := catalog.For(e.Name)
	describe := func(ps []program) []string {
		var out []string
		for _, p := range ps {
			out = append(out, fmt.Sprintf("race=%v %+v", p.race, p.mode))
		}
		return out
	}
	for _, c := range []struct {
		reason string
		r      Request
		race   []string // where the detector runs
		plain  []string // where it does not
	}{
		{"grading", Request{Exercise: e},
			[]string{"race=true {Verify:false PerfOnly:false NoPerf:true}", "race=false {Verify:false PerfOnly:true NoPerf:false}"},
			[]string{"race=false {Verify:false PerfOnly:false NoPerf:false}"}},
		{"verifying", Request{Exercise: e, Verify: true},
			[]string{"race=true {Verify:true PerfOnly:false NoPerf:true}"},
			[]string{"race=false {Verify:true PerfOnly:false NoPerf:false}"}},
		{"measuring", Request{Exercise: e, PerfOnly: true},
			[]string{"race=false {Verify:false PerfOnly:true NoPerf:false}"},
			[]string{"race=false {Verify:false PerfOnly:true NoPerf:false}"}},
	} {
		want := c.race
		if build.RaceUnavailable() != "" {
			want = c.plain
		}
		if got := describe(programs(c.r, suite)); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", c.reason, got, want)
		}
	}
}
