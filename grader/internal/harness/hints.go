package harness

import (
	"regexp"
	"strconv"
	"strings"
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
