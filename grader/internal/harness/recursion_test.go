package harness

import (
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// recursionLimit is the time a call may run in those runs before the watchdog looks at it.
const recursionLimit = time.Second

// TestEndlessRecursionOverflows runs an endless recursion whose stack reaches MaxStack later
// than the call's time limit, as one does on a machine busy with other work, in a child process
// with the watchdog on: it must end as the stack overflow it is (a crash the judge calls a
// runtime error), never as "an endless loop" (time_limit_exceeded), even when its last levels
// cost more CPU than its first, as they do when other processes share its cores. A recursion
// that stops deepening and loops where it is is still an endless loop.
func TestEndlessRecursionOverflows(t *testing.T) {
	if isChild(runRecursionCase) {
		return
	}
	if testing.Short() {
		t.Skip("starts two child processes that each run for a second or two")
	}
	for _, c := range []struct {
		name     string
		overflow bool
	}{
		{"deepens", true},
		{"deepens-slower", true},
		{"loops-at-depth", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			log, out := inChild(t, "TestEndlessRecursionOverflows", c.name)
			abort, aborted := log.Find(record.Abort)
			switch {
			case c.overflow && aborted:
				t.Fatalf("an endless recursion was stopped before its stack overflowed: %+v", abort.Failure)
			case c.overflow && !strings.Contains(string(out), "stack overflow"):
				t.Fatalf("the recursion did not end as a stack overflow:\n%.2000s", out)
			case !c.overflow && (!aborted || abort.Failure.Verdict != verdict.TimeLimitExceeded ||
				!strings.Contains(abort.Failure.Message, "an endless loop?")):
				t.Fatalf("a loop at the bottom of a recursion was not called an endless loop: %+v\n%.2000s", abort, out)
			}
		})
	}
}

// runRecursionCase is the child's side: a one-test suite whose one call recurses, each level
// taking a while, until its stack overflows ("deepens", and "deepens-slower", whose levels take
// four times as long in the last stack) or until it is 8 MiB deep, where it loops
// ("loops-at-depth"); then it exits as the harness's Main does.
func runRecursionCase(name string) {
	debug.SetMaxStack(MaxStack)
	loopAtDepth = name == "loops-at-depth"
	slowerInLastStack = name == "deepens-slower"
	body := func(t *T) {
		t.enter(&Call{Method: "Search", Args: []any{"a"}})
		recurse(0, new([levelFrame / 8]uint64))
		t.leave()
	}
	runChild(body, record.Config{Seed: 1, OpLimit: recursionLimit})
}

// A level of recurse has a frame of about 1 KiB, so MaxStack holds 64Ki levels; 20 µs each
// makes the overflow come after about 1.5 s, and the stack's last doubling (to 64 MiB) half-way
// there: within the limit of the doubling, past the limit of the call.
const levelFrame, levelTime = 1 << 10, 20 * time.Microsecond

// loopAtDepth makes recurse loop for ever once its stack is 8 MiB deep.
var loopAtDepth bool

// slowerInLastStack makes each level past MaxStack/2 take four times levelTime: the stack's
// last half then takes twice the CPU of the doubling rule's allowance.
var slowerInLastStack bool

// recurse calls itself for ever, up being the caller's frame.
func recurse(depth int, up *[levelFrame / 8]uint64) uint64 {
	var frame [levelFrame / 8]uint64
	frame[depth%len(frame)] = up[depth%len(up)] + 1
	spin := levelTime
	if slowerInLastStack && depth*levelFrame >= MaxStack/2 {
		spin *= 4
	}
	for start := time.Now(); time.Since(start) < spin; {
	}
	if loopAtDepth && depth*levelFrame >= 8<<20 {
		for {
			frame[0]++
		}
	}
	return recurse(depth+1, &frame) + frame[1]
}
