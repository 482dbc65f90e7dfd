package grader

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"kata/grader/internal/build"
	"kata/grader/internal/catalog"
	"kata/grader/result"
)

// program is one test program built for a graded package, and the hidden tests it runs.
type program struct {
	binary string
	race   bool         // built with Go's race detector
	mode   catalog.Mode // which of the suite's tests it runs
}

// programs returns the test programs a request needs, without their binaries, in the order they
// run. An exercise that declares Race is built twice where the detector is available: with it
// for every test but the performance tests (a race is a fault whatever the costs), and without it
// for every test again when the detector's run passed, the performance tests among them, whose
// timings the detector's slowdown of five to fifteen times would distort and whose two
// goroutines it would serialise (only those when it failed, and only before its fault: see
// unsettled). The plain build runs the other tests too because it is other code: a file built
// only without the detector (//go:build !race), or code that reads its own build settings,
// answers there as the race build never showed. Elsewhere one plain build runs every test, as
// for any other exercise, and the suite says that races went unchecked.
func programs(r Request, suite *catalog.Suite) []program {
	mode := catalog.Mode{Verify: r.Verify, PerfOnly: r.PerfOnly}
	if !r.Exercise.Race || build.RaceUnavailable() != "" {
		return []program{{mode: mode}}
	}
	checked := mode
	checked.NoPerf = true
	var ps []program
	if beyondProbe(suite.Names(checked)) {
		ps = append(ps, program{race: true, mode: checked})
	}
	if beyondProbe(suite.Names(mode)) {
		ps = append(ps, program{mode: mode})
	}
	if len(ps) == 0 {
		return []program{{race: true, mode: mode}}
	}
	return ps
}

// beyondProbe reports whether names hold a test besides the probe, which every run takes.
func beyondProbe(names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return n != catalog.ImplementedTest })
}

// buildPrograms builds the binaries of ps at once, each in its own scratch folder when there are
// several (the go command's build cache serves them all: they differ only in -race). The result
// that decides the static verdict is the first failed build's, the plain one's before the race
// detector's (the same compile error reads the same, and the plain build needs no C compiler),
// or the first build's when none failed.
func buildPrograms(ctx context.Context, spec build.Spec, ps []program) (*build.Result, error) {
	results := make([]*build.Result, len(ps))
	errs := make([]error, len(ps))
	var wg sync.WaitGroup
	for i := range ps {
		s := spec
		s.Race = ps[i].race
		if len(ps) > 1 {
			s.Work = filepath.Join(spec.Work, "plain")
			if s.Race {
				s.Work = filepath.Join(spec.Work, "race")
				if s.Output != "" {
					s.Output += "-race"
				}
			}
			if err := os.Mkdir(s.Work, 0o700); err != nil {
				return nil, err
			}
		}
		wg.Go(func() { results[i], errs[i] = build.Build(ctx, s) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	decisive := results[0]
	for i, b := range results {
		if b.Failed && (!decisive.Failed || !ps[i].race) {
			decisive = b
		}
	}
	for i := range ps {
		ps[i].binary = results[i].Binary
	}
	return decisive, nil
}

// planned lists, in the suite's order, every test that one of ps runs.
func planned(suite *catalog.Suite, ps []program) []string {
	var names []string
	for _, t := range suite.Tests {
		if slices.ContainsFunc(ps, func(p program) bool { return p.mode.Runs(t.Name, t.Kind) }) {
			names = append(names, t.Name)
		}
	}
	return names
}

// firstFault is the position, in the suite's order, of the first test of run c that failed or
// did not finish, or len(suite.Tests)+1 when every test passed or was skipped and the record is
// complete. An incomplete record that shows no such test faults after the last test: it is never
// read as a pass.
func firstFault(suite *catalog.Suite, c *child) int {
	ends := c.log.Ends()
	for i, t := range suite.Tests {
		if !slices.Contains(c.tests, t.Name) {
			continue
		}
		if e, ok := ends[t.Name]; !ok || e.Status == result.Fail {
			return i
		}
	}
	if c.log.Incomplete(c.nonce, c.tests) != "" {
		return len(suite.Tests)
	}
	return len(suite.Tests) + 1
}

// unsettled returns program p as it still needs to run after runs, the tests it takes, and the
// first test of the suite it must not take ("": none). It takes only tests before, in the suite's
// order, the first fault the runs showed: a fault of p's at that test or later could not come
// first, as the earlier run decides a tie. After a fault, it takes again none of the tests the
// runs took, only the probe and the performance tests: the plain build re-checks the answers of a
// race detector's run that passed, while a failed one stands (a racy program's answers follow
// from its race, which only the detector's run names). The probe alone means that p is not
// needed.
func unsettled(suite *catalog.Suite, runs []*child, p program) (program, []string, string) {
	first := len(suite.Tests) + 1
	for _, c := range runs {
		first = min(first, firstFault(suite, c))
	}
	until := ""
	if first < len(suite.Tests) {
		until = suite.Tests[first].Name
	}
	if first <= len(suite.Tests) {
		p.mode.PerfOnly = true
	}
	var names []string
	for _, t := range suite.Tests[:min(first, len(suite.Tests))] {
		if p.mode.Runs(t.Name, t.Kind) {
			names = append(names, t.Name)
		}
	}
	return p, names, until
}

// decisive is the run whose first fault comes first in the suite's order (the earlier run on a
// tie), or the last run when none faulted.
func decisive(suite *catalog.Suite, runs []*child) *child {
	best, at := runs[len(runs)-1], len(suite.Tests)+1
	for _, c := range runs {
		if f := firstFault(suite, c); f < at {
			best, at = c, f
		}
	}
	return best
}

// raceOptions is the race detector's options for a run, as the GORACE variable: its reports go
// to a file per process whose path starts with prefix (PREFIX.PID), which the suite reads back
// to name a race's two accesses and the judge reads to explain a run the detector itself ended;
// a history of 3 (128K memory accesses per goroutine) keeps the earlier of two racing accesses'
// stack in a long test.
func raceOptions(prefix string) string {
	return `GORACE=log_path="` + prefix + `" history_size=3`
}

// raceLogs returns what the race detector wrote to the log files starting with prefix, or ""
// when prefix is "" (a run without the detector).
func raceLogs(prefix string) string {
	if prefix == "" {
		return ""
	}
	files, _ := filepath.Glob(prefix + ".*")
	var b strings.Builder
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil {
			b.Write(data)
		}
	}
	return b.String()
}
