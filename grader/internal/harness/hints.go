package harness

import (
	"fmt"
	"strings"
)

// NegativeModHint names the usual cause of an index out of range at a negative index in a hash
// table of the learner's own (hashset, or a randomizedset that hashes its values itself): in Go,
// the remainder keeps the sign of the dividend.
const NegativeModHint = "in Go, key % n is negative for a negative key: mask or make the hash " +
	"non-negative (convert with uint64(key) first)"

// NegativeIndex reports whether a panic value is an index out of range at a negative index.
func NegativeIndex(p any) bool {
	return strings.Contains(fmt.Sprint(p), "index out of range [-")
}
