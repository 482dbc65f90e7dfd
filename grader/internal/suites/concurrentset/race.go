package concurrentset

import (
	"fmt"
	"strings"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// RaceUnchecked says why races are not checked in a test program built without the race detector.
const RaceUnchecked = "not checked: the test program was built without Go's race detector, which needs " +
	"cgo and a C compiler (gcc or clang) on a platform the detector supports (linux, darwin, windows or freebsd " +
	"on amd64 or arm64, among others); install one and grade again"

// raceTest fails when the race detector reported a data race during the tests so far.
func raceTest() harness.Test {
	return harness.Test{Name: "race", Kind: harness.Property, Run: func(t *harness.T) {
		if !raceChecked {
			t.Note(RaceUnchecked)
			return
		}
		if f := raceFailure(); f != nil {
			t.Fail(f)
		}
		t.Note("checked by Go's race detector during the concurrent tests: none found")
	}}
}

// raceFirst makes a failure of test, a test of goroutines calling the set at once, the data race
// the race detector reported while it ran, if it reported one: a racy program's answers follow
// from its race (a count changed without synchronisation loses updates, and Len is then wrong),
// and the detector's report names both accesses, where the test's failure shows only an answer.
func raceFirst(test harness.Test) harness.Test {
	run := test.Run
	test.Run = func(t *harness.T) {
		defer func() {
			p := recover()
			if p == nil {
				return
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

// raceFailure is the failure for the races the detector reported so far, or nil.
func raceFailure() *record.Failure {
	n := raceErrors()
	if n == 0 {
		return nil
	}
	what := "see the program's output for the two accesses"
	if first := firstRace(raceReport()); first != "" {
		what = first
	}
	return &record.Failure{Verdict: verdict.RuntimeError, Op: "data race",
		Message: fmt.Sprintf("data race: Go's race detector reported %d race(s) while goroutines called the set at once; the first: %s", n, what),
		Hint: "every field one goroutine writes while another reads it needs sync/atomic (atomic.Pointer for the " +
			"links, atomic.Bool for marked and fullyLinked, atomic.Int64 for the count) or the same lock on both sides"}
}

// firstRace summarises the first report of the race detector's log: each of the two accesses
// with the first frame of the graded code (or the first outside the runtime) in its stack, at
// its file's full path, which the judge turns into the graded file's path in the learner's folder.
func firstRace(log string) string {
	_, rest, ok := strings.Cut(log, "WARNING: DATA RACE")
	if !ok {
		return ""
	}
	block, _, _ := strings.Cut(rest, "==================")
	var accesses []string
	lines := strings.Split(block, "\n")
	for i := 0; i < len(lines); i++ {
		head := strings.TrimSpace(lines[i])
		if !strings.Contains(head, " at 0x") || !strings.HasSuffix(head, ":") {
			continue
		}
		kind, _, _ := strings.Cut(head, " at 0x")
		_, by, _ := strings.Cut(head, " by ")
		where := ""
		for j := i + 1; j+1 < len(lines) && strings.TrimSpace(lines[j]) != ""; j += 2 {
			fn := strings.TrimSpace(lines[j])
			if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "sync/atomic.") ||
				strings.HasPrefix(fn, "kata/grader/internal/suites/") || strings.HasPrefix(fn, "internal/") {
				continue
			}
			fn, file := frame(fn, lines[j+1])
			fn = strings.TrimPrefix(fn, "learner.") // the graded package's own functions go by their names
			where = fmt.Sprintf("%s (%s)", file, fn)
			break
		}
		accesses = append(accesses, fmt.Sprintf("%s at %s %s", strings.ToLower(kind), where, strings.TrimSuffix(by, ":")))
		if len(accesses) == 2 {
			break
		}
	}
	return strings.Join(accesses, ", and ")
}
