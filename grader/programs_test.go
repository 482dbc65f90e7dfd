package grader

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"kata/grader/exercise"
	"kata/grader/internal/build"
	"kata/grader/internal/catalog"
	"kata/grader/internal/record"
	"kata/grader/result"
)

// TestMergedRuns checks how the runs of a race detector's program and a plain one make one
// result: the plain one runs only the tests before the first fault, and only when one of them is
// more than the probe, the
// verdict comes from the run whose fault comes first in the suite's order, and the tests are
// listed in that order, those no run took as not run, each as it ended in a run that failed it
// if one did.
func TestMergedRuns(t *testing.T) {
	suite := &catalog.Suite{Tests: []catalog.Test{
		{Name: catalog.ImplementedTest, Kind: catalog.Fixed}, {Name: "edge/x", Kind: catalog.Fixed},
		{Name: "performance/growth", Kind: catalog.Performance}, {Name: "property/y", Kind: catalog.Property},
	}}
	checked := program{race: true, mode: catalog.Mode{NoPerf: true}}
	plain := program{mode: catalog.Mode{}}
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

	// What the plain program runs after the detector's, and before which test it stops.
	plan := func(c *child) string {
		p, names, until := unsettled(suite, []*child{c}, plain)
		return fmt.Sprintf("%+v %v until %q", p.mode, names, until)
	}
	passed := run(checked, pass, pass, pass)
	if got, want := plan(passed), `{Verify:false PerfOnly:false NoPerf:false} [implemented edge/x performance/growth property/y] until ""`; got != want {
		t.Errorf("after every test passed: %s, want %s", got, want)
	}
	// edge/x fails before the performance test: nothing the plain program finds can come first.
	early := run(checked, pass, fail, skip)
	if got, want := plan(early), `{Verify:false PerfOnly:true NoPerf:false} [implemented] until "edge/x"`; got != want {
		t.Errorf("after edge/x failed: %s, want %s", got, want)
	}
	// property/y fails after the performance test, which may fail first; edge/x, which the
	// detector's run passed, is not checked again: its failed run stands.
	late := run(checked, pass, pass, fail)
	if got, want := plan(late), `{Verify:false PerfOnly:true NoPerf:false} [implemented performance/growth] until "property/y"`; got != want {
		t.Errorf("after property/y failed: %s, want %s", got, want)
	}
	died := run(checked, pass, "")
	if got, want := plan(died), `{Verify:false PerfOnly:true NoPerf:false} [implemented] until "edge/x"`; got != want {
		t.Errorf("after the process died in edge/x: %s, want %s", got, want)
	}

	slow := run(plain, pass, pass, fail)
	if got := decisive(suite, []*child{late, slow}); got != slow {
		t.Error("a performance test that failed before property/y did not decide the verdict")
	}
	if got := decisive(suite, []*child{passed, run(plain, pass, pass, pass, pass)}); got.prog.race {
		t.Error("with no fault anywhere, the verdict was not read from the last run")
	}
	// A record that lacks its done line is never read as a pass, even with every test ended.
	unfinished := run(plain, pass, pass, pass, pass)
	unfinished.log.Events = unfinished.log.Events[:len(unfinished.log.Events)-1]
	if got := decisive(suite, []*child{passed, unfinished}); got != unfinished {
		t.Error("a run without its done line did not decide the verdict")
	}

	var res result.Result
	fillTests(&res, planned(suite, []program{checked, plain}), []*child{early})
	var got []string
	for _, tc := range res.Tests {
		got = append(got, tc.Name+":"+string(tc.Status))
	}
	want := []string{"implemented:pass", "edge/x:fail", "performance/growth:skip", "property/y:skip"}
	if !slices.Equal(got, want) {
		t.Errorf("tests %v, want %v", got, want)
	}

	// edge/x passes with the detector and fails without it: the plain run decides, lists it
	// failed, and the hint says that the two builds are other code.
	other := run(plain, pass, fail, skip, skip)
	if got := decisive(suite, []*child{passed, other}); got != other {
		t.Error("the plain run's failure of edge/x did not decide the verdict")
	}
	fillTests(&res, planned(suite, []program{checked, plain}), []*child{passed, other})
	if res.Tests[1].Status != result.Fail {
		t.Errorf("edge/x listed as %s, want fail", res.Tests[1].Status)
	}
	// Its hint blames the builds only for a package that can be other code in them; for one that
	// cannot, the failure shows in some interleavings only.
	differs := filepath.Join("testdata", "concurrentset", "wrong_answer", "race-build-differs")
	same := filepath.Join("testdata", "concurrentset", "accepted", "lazy")
	if h := buildsDiffer([]*child{passed, other}, other, differs); !strings.Contains(h, "edge/x passed in the test program built with Go's race detector") {
		t.Errorf("hint %q", h)
	}
	if h := buildsDiffer([]*child{passed, other}, other, same); !strings.Contains(h, "edge/x passed in one run and failed in another") {
		t.Errorf("hint %q", h)
	}
	if h := buildsDiffer([]*child{early, run(plain, pass, fail, skip, skip)}, early, differs); h != "" {
		t.Errorf("a failure in both builds got the hint %q", h)
	}
}

// TestBuildsCanDiffer checks which packages can be other code with and without the race
// detector: one with a file for one build only, or one that reads its build settings; not one of
// the same files that reads nothing of its build.
func TestBuildsCanDiffer(t *testing.T) {
	for dir, want := range map[string]bool{
		"wrong_answer/race-build-differs":    true,
		"wrong_answer/build-settings-differ": true,
		"accepted/lazy":                      false,
		"accepted/lock-free":                 false,
	} {
		if got := buildsCanDiffer(filepath.Join("testdata", "concurrentset", dir)); got != want {
			t.Errorf("%s: %t, want %t", dir, got, want)
		}
	}
}

// TestPrograms checks which programs a race-declared exercise is built as: where the detector
// runs, grading and kata verify take both, the stress command only the plain one; elsewhere one
// plain program runs what was asked.
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
			[]string{"race=true {Verify:false PerfOnly:false NoPerf:true}", "race=false {Verify:false PerfOnly:false NoPerf:false}"},
			[]string{"race=false {Verify:false PerfOnly:false NoPerf:false}"}},
		{"verifying", Request{Exercise: e, Verify: true},
			[]string{"race=true {Verify:true PerfOnly:false NoPerf:true}", "race=false {Verify:true PerfOnly:false NoPerf:false}"},
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
