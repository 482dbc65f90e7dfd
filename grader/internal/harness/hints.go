package harness

import (
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// NegativeIndex reports whether a panic value is an index out of range at a negative index.
func NegativeIndex(p any) bool {
	return strings.Contains(PanicText(p), "index out of range [-")
}

// outOfRange matches an index out of range, with the length where the runtime gives one.
var outOfRange = regexp.MustCompile(`index out of range \[(-?\d+)\](?: with length (\d+))?`)

// OutOfRange reads the index and the length of an "index out of range [i] with length n" panic
// value; length is -1 where the message gives none (a negative index), and ok is false for any
// other panic. What slice was indexed shows in its length: a hint about one slice is given only
// for a panic whose length is that slice's.
func OutOfRange(p any) (index, length int, ok bool) {
	m := outOfRange.FindStringSubmatch(PanicText(p))
	if m == nil {
		return 0, 0, false
	}
	index, _ = strconv.Atoi(m[1])
	length = -1
	if m[2] != "" {
		length, _ = strconv.Atoi(m[2])
	}
	return index, length, true
}

// Holds reports whether a slice of n elements can be the storage of m items of bits bits each,
// packed in elements of 8 to 64 bits, or one item an element (a bool or a byte per bit), or
// nearly: one element short, as a size rounded down makes it. An index out of range of such a
// length is an index into the items.
func Holds(n int, m, bits uint64) bool {
	if n < 0 {
		return false
	}
	for _, size := range []uint64{1, 8, 16, 32, 64} {
		per := max(1, size/bits)
		if need := (m + per - 1) / per; uint64(n) <= need && uint64(n)+1 >= need {
			return true
		}
	}
	return false
}

// Evidence runs check, a hint's replay on fresh structures of the graded code, and returns what it
// found. A panic of the graded code is no evidence: Evidence is then false, and the hint names
// another cause.
func Evidence(check func() bool) (found bool) {
	defer func() {
		if recover() != nil {
			found = false
		}
	}()
	return check()
}

// LeavesGoroutines runs call, one call of the graded code, and reports whether it returned with
// more goroutines running than before it: work it left to another goroutine.
func LeavesGoroutines(call func()) bool {
	before := runtime.NumGoroutine()
	call()
	return runtime.NumGoroutine() > before
}

// LateWait is how long a hint's replay lets work that the graded code left to other goroutines
// finish.
const LateWait = 50 * time.Millisecond

// lateWaits is how many times LateWork waits LateWait at the most, a second in all.
const lateWaits = 20

// LateWork reports whether the failing case f goes away when the graded code is given time:
// replayed through the do that fresh returns (on a fresh structure), some call of f leaves a
// goroutine running behind it, and the last call answers what f wants when each call that does
// is followed by a pause of LateWait. Then a call returns before its work is done, and whether
// the next call sees that work is the machine's doing: the hint is that, not a wrong table or a
// kept key, which a replay made while that goroutine runs may show by chance. A case that needs
// more than lateWaits pauses is no evidence.
func LateWork(f Mismatch, fresh func() func(Call) any) bool {
	return Evidence(func() bool {
		do := fresh()
		waits := 0
		var got any
		for i, c := range f.Calls {
			if !LeavesGoroutines(func() { got = do(c) }) || i == len(f.Calls)-1 {
				continue
			}
			if waits++; waits > lateWaits {
				return false
			}
			time.Sleep(LateWait)
		}
		return waits > 0 && f.Answers(got)
	})
}

// LateHint is the hint of a failure that LateWork explains: changes, the calls that change the
// structure ("an Add or a Remove"), must change its state ("the counters") before they return,
// for reads ("a Test or a Count") right after them to see it.
func LateHint(changes, state, reads string) string {
	return "the case passes when each call that leaves a goroutine running is given a moment before the " +
		"next: " + changes + " must change " + state + " before it returns, not in a goroutine it starts (" +
		reads + " right after it must see its work)"
}
