package concurrentset

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// RaceUnchecked says why races are not checked in a test program built without the race detector.
const RaceUnchecked = "not checked: the test program was built without Go's race detector, which needs " +
	"cgo and a C compiler (gcc or clang) on a platform the detector supports (linux, darwin, windows or freebsd " +
	"on amd64 or arm64, among others); install one and grade again"

// raceTest fails when the race detector reported a data race during the tests so far, or during
// probeRaces, which it runs when the detector has reported none.
func raceTest(learner API) harness.Test {
	return harness.Test{Name: "race", Kind: harness.Property, Run: func(t *harness.T) {
		if !harness.Race {
			t.Note(RaceUnchecked)
			return
		}
		if raceErrors() == 0 {
			probeRaces(learner, t.Rand())
		}
		if f := raceFailure(); f != nil {
			t.Fail(f)
		}
		t.Note("checked by Go's race detector during the concurrent tests and a second of calls from goroutines " +
			"nothing else synchronises: none found")
	}}
}

// raceFirst makes a failure of test, a test of goroutines calling the set at once, the data race
// the race detector reported while it ran, if it reported one: a racy program's answers follow
// from its race (a count changed without synchronisation loses updates, and Len is then wrong),
// and the detector's report names both accesses, where the test's failure shows only an answer.
// When the detector reported none, probeRaces gives it another look first.
func raceFirst(learner API, test harness.Test) harness.Test {
	run := test.Run
	test.Run = func(t *harness.T) {
		defer func() {
			p := recover()
			if p == nil {
				return
			}
			if harness.Race && raceErrors() == 0 {
				probeRaces(learner, t.Rand())
			}
			if race := raceFailure(); race != nil {
				t.Fail(race)
			}
			panic(p)
		}()
		run(t)
	}
	return test
}

// RaceProbe is how long probeRaces calls the set, at most: a race it can see shows within
// milliseconds, on a loaded machine too.
const RaceProbe = time.Second

// probeRaces calls fresh sets from Goroutines goroutines at once, each making random calls of
// every method on a few keys, until the race detector reports a race or RaceProbe has passed;
// a call that panics or never returns ends the probe, and its answers are not checked. The
// tests' own goroutines take a tick of the history's clock, an atomic, at every call and
// return, and the detector takes an atomic for synchronisation: it sees a race only between
// two calls that overlapped in time, which a loaded machine makes rare. Here nothing of the
// judge's comes between the goroutines, so two accesses of one field without the set's own
// synchronisation make a report however the goroutines were scheduled. It runs, with the detector
// on and silent so far, after a test of goroutines failed (nothing runs after it), so that a
// racy program's failure is its race whatever the load, and in the race test.
func probeRaces(learner API, r *rand.Rand) {
	deadline := time.Now().Add(RaceProbe)
	for raceErrors() == 0 && time.Now().Before(deadline) {
		seeds := make([]uint64, Goroutines)
		for i := range seeds {
			seeds[i] = r.Uint64()
		}
		made := make(chan bool, 1)
		go func() {
			var s Set
			func() {
				defer func() { _ = recover() }()
				s = learner.New()
			}()
			made <- s != nil
			if s == nil {
				return
			}
			var wg sync.WaitGroup
			for _, seed := range seeds {
				wg.Go(func() {
					defer func() { _ = recover() }()
					calls(s, rand.New(rand.NewPCG(seed, 0)))
				})
			}
			wg.Wait()
			close(made)
		}()
		select {
		case ok := <-made:
			if !ok {
				return // New panicked
			}
		case <-time.After(time.Until(deadline)):
			return
		}
		select {
		case <-made: // every call returned
		case <-time.After(time.Until(deadline)):
			return
		}
	}
}

// calls makes 64 random calls of every method of s on the keys 0 to 7.
func calls(s Set, r *rand.Rand) {
	for range 64 {
		k := r.IntN(8)
		switch r.IntN(5) {
		case 0:
			s.Add(k)
		case 1:
			s.Remove(k)
		case 2:
			s.Contains(k)
		case 3:
			s.Len()
		default:
			for range s.Range(k-2, k+2) {
			}
		}
	}
}

// raceFailure is the failure for the races the detector reported so far, or nil.
func raceFailure() *record.Failure {
	n := raceErrors()
	if n == 0 {
		return nil
	}
	what := "see the program's output for the two accesses"
	first, shared := firstRace(raceReport())
	if first != "" {
		what = first
	}
	hint := "every field one goroutine writes while another reads it needs sync/atomic (atomic.Pointer for the " +
		"links, atomic.Bool for marked and fullyLinked, atomic.Int64 for the count) or the same lock on both sides"
	if shared != "" {
		hint = fmt.Sprintf("both accesses are inside the standard library's %s, on one value of it that your "+
			"goroutines share: most of its values are not safe for goroutines at once (a *rand.Rand or its "+
			"source, a strings.Builder). Give each goroutine its own, guard it with a lock, or call what is "+
			"safe (math/rand/v2's top-level functions, such as rand.Uint64, are)", shared)
	}
	return &record.Failure{Verdict: verdict.RuntimeError, Op: "data race",
		Message: fmt.Sprintf("data race: Go's race detector reported %d race(s) while goroutines called the set at once; the first: %s", n, what),
		Hint:    hint}
}

// firstRace summarises the first report of the race detector's log: each of the two accesses
// with the first frame of the graded code (or the first outside the runtime) in its stack, at
// its file's full path, which the judge turns into the graded file's path in the learner's folder.
// An access made inside another package (the standard library's) names that frame, then the
// graded code's that called it; shared is that package when both accesses were made inside it.
func firstRace(log string) (summary, shared string) {
	_, rest, ok := strings.Cut(log, "WARNING: DATA RACE")
	if !ok {
		return "", ""
	}
	block, _, _ := strings.Cut(rest, "==================")
	var accesses, inside []string
	lines := strings.Split(block, "\n")
	for i := 0; i < len(lines); i++ {
		head := strings.TrimSpace(lines[i])
		if !strings.Contains(head, " at 0x") || !strings.HasSuffix(head, ":") {
			continue
		}
		kind, _, _ := strings.Cut(head, " at 0x")
		_, by, _ := strings.Cut(head, " by ")
		where, pkg := "", ""
		for j := i + 1; j+1 < len(lines) && strings.TrimSpace(lines[j]) != ""; j += 2 {
			line := strings.TrimSpace(lines[j])
			if strings.HasPrefix(line, "runtime.") || strings.HasPrefix(line, "sync/atomic.") ||
				strings.HasPrefix(line, "kata/grader/internal/suites/") || strings.HasPrefix(line, "internal/") {
				continue
			}
			fn, file := frame(line, lines[j+1])
			graded := strings.HasPrefix(fn, "learner.")
			fn = strings.TrimPrefix(fn, "learner.") // the graded package's own functions go by their names
			at := fmt.Sprintf("%s (%s)", file, fn)
			switch {
			case where == "" && !graded:
				where, pkg = at, packageOf(line)
				continue
			case where == "":
				where = at
			case !graded:
				continue
			default:
				where += ", called from " + at
			}
			break
		}
		accesses = append(accesses, fmt.Sprintf("%s at %s %s", strings.ToLower(kind), where, strings.TrimSuffix(by, ":")))
		inside = append(inside, pkg)
		if len(accesses) == 2 {
			break
		}
	}
	if len(inside) == 2 && inside[0] != "" && inside[0] == inside[1] {
		shared = inside[0]
	}
	return strings.Join(accesses, ", and "), shared
}

// packageOf returns the import path of the function a stack line names:
// "math/rand/v2.(*PCG).next()" is in "math/rand/v2".
func packageOf(fnLine string) string {
	slash := strings.LastIndexByte(fnLine, '/') + 1
	dot := strings.IndexByte(fnLine[slash:], '.')
	if dot < 0 {
		return ""
	}
	return fnLine[:slash+dot]
}
