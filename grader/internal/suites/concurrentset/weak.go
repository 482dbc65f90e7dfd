package concurrentset

import (
	"fmt"
	"slices"
)

// weaklyConsistent checks one run of a Range(lo, hi) sequence that yielded seen, on a set that
// held the keys start when the run began and in which only the keys changed were added or
// removed while it ran. It returns what the contract's weak consistency forbids in seen, or "":
// keys out of [lo, hi], out of strictly ascending order or yielded twice, a key in the set for
// the whole run (in start, not changed) missing, a key absent for the whole run (not in start,
// not changed) yielded.
func weaklyConsistent(seen []int, lo, hi int, start, changed map[int]bool) string {
	for i, k := range seen {
		if k < lo || k > hi {
			return fmt.Sprintf("%d is outside [%d, %d]", k, lo, hi)
		}
		if i > 0 && k <= seen[i-1] {
			return fmt.Sprintf("%d came after %d: the keys must come in strictly ascending order, each once", k, seen[i-1])
		}
		if !start[k] && !changed[k] {
			return fmt.Sprintf("%d was yielded but was never in the set while the loop ran", k)
		}
	}
	var missing []int
	for k := range start {
		if lo <= k && k <= hi && !changed[k] && !slices.Contains(seen, k) {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return fmt.Sprintf("it left out %v, in the set for the whole loop", missing)
	}
	return ""
}
