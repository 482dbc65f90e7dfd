package bytekeys

import (
	"bytes"
	"fmt"

	"kata/grader/internal/harness"
)

// TwinLargeFilter is the filter Twin's holds is meant to build: one so large (2^20 bits or
// counters, 7 hash functions) that a key it holds alone makes another test true by chance with
// odds below (7/2^20)^7 ≈ 10⁻³⁶.
const TwinLargeFilter = "New(1<<20, 7)"

// Twin returns a key among the first 20 of gen's first n keys, other than key, whose positions
// are key's: holds(other, key) reports whether key tests true in a TwinLargeFilter holding only
// other.
func Twin(key []byte, gen Gen, n uint64, holds func(other, key []byte) bool) ([]byte, bool) {
	key = bytes.Clone(key)
	for i := range min(n, 20) {
		other := gen(nil, i)
		if !bytes.Equal(other, key) && holds(other, key) {
			return other, true
		}
	}
	return nil, false
}

// PartOfKeyHint is the hint of two distinct keys that get the same positions, as Twin finds
// them: other alone in a TwinLargeFilter, and key, which tests true. Long keys are told by their
// length and the bytes they share, not printed.
func PartOfKeyHint(other, key []byte) string {
	const advice = "Your hash reads only part of the key: every byte must count, to the last"
	if shared := commonPrefix(other, key); len(key) > 32 && len(other) == len(key) {
		return fmt.Sprintf("distinct keys get the same positions: in %s holding only one key of %d bytes, "+
			"another that shares its first %d bytes tests true. %s", TwinLargeFilter, len(key), shared, advice)
	}
	return fmt.Sprintf("distinct keys get the same positions: in %s holding only %s, %s tests true. %s",
		TwinLargeFilter, harness.Lit(other), harness.Lit(key), advice)
}

// commonPrefix is how many bytes a and b share from their start.
func commonPrefix(a, b []byte) int {
	n := 0
	for n < min(len(a), len(b)) && a[n] == b[n] {
		n++
	}
	return n
}

// PartOfKey is the hint of a false-positive rate too high because distinct keys get the same
// positions (PartOfKeyHint), when the first of gen's probes after its total keys added that
// tests true in the filter measured has a Twin among those keys; tests asks that filter.
func PartOfKey(gen Gen, total, probes uint64, tests func(key []byte) bool,
	holds func(other, key []byte) bool) (string, bool) {
	for i := range probes {
		probe := gen(nil, total+i)
		if !tests(probe) {
			continue
		}
		other, ok := Twin(probe, gen, total, holds)
		if !ok {
			return "", false
		}
		return PartOfKeyHint(other, probe), true
	}
	return "", false
}
