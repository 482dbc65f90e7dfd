// Package crash explains how a test process died from what the Go runtime printed on its way
// out. It only explains: whether a package is accepted never depends on this text, which the
// graded code could print itself.
package crash

import (
	"fmt"
	"regexp"
	"strings"

	"kata/grader/internal/sandbox"
)

// Kind is a way for the test process to die.
type Kind int

// The kinds of crashes.
const (
	// Exit: the process exited by itself (os.Exit) with no runtime message.
	Exit Kind = iota
	// Panic: a panic nobody recovered, in a goroutine the graded code started.
	Panic
	// StackOverflow: endless recursion, fatal in Go.
	StackOverflow
	// OutOfMemory: the runtime could not get memory (the address-space limit, or the machine's).
	OutOfMemory
	// Deadlock: every goroutine was blocked.
	Deadlock
	// ConcurrentMap: unsynchronised map access from several goroutines, fatal in Go.
	ConcurrentMap
	// Fatal: another fatal runtime error.
	Fatal
	// Signal: the process was killed by a signal it did not catch.
	Signal
	// RaceDetector: Go's race detector (ThreadSanitizer) itself gave up, most often for want
	// of address space for its shadow memory under the judge's limit: not the graded code's fault.
	RaceDetector
)

// Crash is an explanation of a dead test process.
type Crash struct {
	Kind   Kind
	Reason string // one line a learner understands
	Value  string // the panic value or the runtime's message
	Where  string // the graded code's function at fault, when the stack shows it: "(*Skiplist).Add"
	Frames []string
}

var (
	panicLine = regexp.MustCompile(`(?m)^panic: (.*)$`)
	fatalLine = regexp.MustCompile(`(?m)^fatal error: (.*)$`)
	createdBy = regexp.MustCompile(`(?m)^created by (\S+)`)
	// signalLine is the Go runtime's first line when a signal it does not turn into a panic
	// ends the program: "SIGSEGV: segmentation violation" for one sent by kill, "SIGABRT: abort".
	signalLine = regexp.MustCompile(`(?m)^(SIG[A-Z]+: .*)$`)
	// harnessLine is what the judge's harness in the test process says when it cannot go on,
	// before it exits with status 3: the record cannot be written, the key was not there.
	harnessLine = regexp.MustCompile(`(?m)^kata harness: (.*)$`)
	frameLine   = regexp.MustCompile(`(?m)^(\S+)\(.*\)\n\t(\S+?:\d+)`)
	// goroutineLine starts one goroutine's trace.
	goroutineLine = regexp.MustCompile(`(?m)^goroutine \d+ `)
	runtimeOOM    = regexp.MustCompile(`(?m)^(fatal error: (runtime: )?out of memory|runtime: out of memory|fatal error: failed to reserve page summary memory|runtime: cannot allocate memory|fatal error: runtime: cannot allocate memory)`)
	stackExceed   = regexp.MustCompile(`(?m)^runtime: goroutine stack exceeds`)
	// raceFailed is the race detector's own last words: its runtime's (out of shadow memory,
	// exit status 66) and the Go runtime's when it cannot place the heap where the detector needs.
	raceFailed = regexp.MustCompile(`(?m)^(?:==\d+==)?(?:ERROR|FATAL): ThreadSanitizer.*$|^fatal error: too many address space collisions for -race mode$`)
	raceNoRoom = regexp.MustCompile(`failed to allocate|address space collisions`)
)

// Analyze explains a crash from the process's stderr, its exit code and the signal that killed
// it (if any). learnerPkg is the import path the graded package was built under; stack frames
// in it are shown as the learner's.
func Analyze(stderr string, exit int, signal sandbox.Signal, learnerPkg string) Crash {
	var c Crash
	c.Frames, c.Where = frames(stderr, learnerPkg)
	fatal := ""
	if m := fatalLine.FindStringSubmatch(stderr); m != nil {
		fatal = strings.TrimSpace(m[1])
	}
	switch {
	case raceFailed.MatchString(stderr):
		c.Kind, c.Value = RaceDetector, strings.TrimSpace(raceFailed.FindString(stderr))
		c.Reason = "Go's race detector itself failed (" + c.Value + ")"
		if raceNoRoom.MatchString(c.Value) {
			c.Reason = "Go's race detector ran out of address space for its shadow memory (" + c.Value + "): " +
				"a limit of the judge's, not a fault of the graded code unless it allocates gigabytes"
		}
	case stackExceed.MatchString(stderr) || fatal == "stack overflow":
		c.Kind, c.Value = StackOverflow, "stack overflow"
		c.Reason = "stack overflow" + c.in() + ": a recursion that never stops (or goes far too deep)"
	case runtimeOOM.MatchString(stderr):
		c.Kind, c.Value = OutOfMemory, "out of memory"
		c.Reason = "the runtime ran out of memory" + c.in()
	case strings.HasPrefix(fatal, "all goroutines are asleep"):
		c.Kind, c.Value = Deadlock, fatal
		c.Reason = "deadlock: every goroutine is blocked" + c.in() + " (a lock taken twice, or a channel nobody serves)"
	case strings.Contains(fatal, "concurrent map"):
		c.Kind, c.Value = ConcurrentMap, fatal
		c.Reason = fatal + c.in() + ": goroutines touch a map without a lock"
	case fatal != "":
		c.Kind, c.Value = Fatal, fatal
		c.Reason = "fatal runtime error" + c.in() + ": " + fatal
	case panicLine.MatchString(stderr):
		m := panicLine.FindStringSubmatch(stderr)
		c.Kind, c.Value = Panic, strings.TrimSpace(strings.TrimSuffix(m[1], " [recovered]"))
		where := c.in()
		if by := createdBy.FindStringSubmatch(stderr); by != nil && strings.HasPrefix(by[1], learnerPkg) {
			where = " in a goroutine started by " + short(by[1], learnerPkg)
		}
		c.Reason = "panic" + where + ": " + c.Value
	case exit == 2 && signalLine.MatchString(stderr):
		c.Kind, c.Value = Signal, strings.TrimSpace(signalLine.FindStringSubmatch(stderr)[1])
		c.Reason = "the test process ended on a signal" + c.in() + ": " + c.Value
	case signal != "":
		c.Kind, c.Value = Signal, string(signal)
		c.Reason = "the test process was ended by a signal (" + string(signal) + ")"
		if signal.Killed() {
			c.Reason = "the test process was killed (SIGKILL): by the system's out-of-memory killer, or by another process"
		}
	case exit == 3 && harnessLine.MatchString(stderr):
		c.Kind, c.Value = Exit, strings.TrimSpace(harnessLine.FindStringSubmatch(stderr)[1])
		c.Reason = "the judge's harness in the test process could not go on (" + c.Value + "): the graded code " +
			"must leave the process's files, standard input and limits alone"
	default:
		c.Kind = Exit
		c.Reason = fmt.Sprintf("the test process exited with status %d before the hidden tests finished: "+
			"the graded code must not call os.Exit or log.Fatal", exit)
	}
	return c
}

// in names the graded function at fault for a reason: " in (*Skiplist).Add", or "".
func (c Crash) in() string {
	if c.Where == "" {
		return ""
	}
	return " in " + c.Where
}

// frames lists the graded package's frames of the first goroutine trace, innermost first, and
// returns the innermost one's function. A frame repeated in a row (endless recursion) is listed
// once with its count, and past eight entries only the outermost is kept: the graded method the
// test called.
func frames(stderr, learnerPkg string) ([]string, string) {
	if learnerPkg == "" {
		return nil, ""
	}
	trace := stderr
	if loc := goroutineLine.FindStringIndex(trace); loc != nil {
		if j := goroutineLine.FindStringIndex(trace[loc[1]:]); j != nil {
			trace = trace[:loc[1]+j[0]]
		}
	}
	type repeat struct {
		frame string
		n     int
	}
	var runs []repeat
	where := ""
	for _, m := range frameLine.FindAllStringSubmatch(trace, -1) {
		if !strings.HasPrefix(m[1], learnerPkg+".") {
			continue
		}
		fn := short(m[1], learnerPkg)
		if where == "" {
			where = fn
		}
		f := fn + " at " + m[2]
		if len(runs) > 0 && runs[len(runs)-1].frame == f {
			runs[len(runs)-1].n++
			continue
		}
		runs = append(runs, repeat{frame: f, n: 1})
	}
	more := ""
	if strings.Contains(trace, "frames elided") {
		more = " or more" // the runtime left out the middle of a deep stack
	}
	var out []string
	for i, r := range runs {
		if i == 7 && len(runs) > 8 {
			out = append(out, fmt.Sprintf("... %d more", len(runs)-8))
			r = runs[len(runs)-1]
		} else if i > 7 {
			break
		}
		if r.n > 1 {
			r.frame += fmt.Sprintf(" (%d times in a row%s)", r.n, more)
		}
		out = append(out, r.frame)
	}
	return out, where
}

// short drops the package path from a function name: "(*Skiplist).Add".
func short(fn, pkg string) string {
	return strings.TrimPrefix(fn, pkg+".")
}
