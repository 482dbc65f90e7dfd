package harness

import (
	"fmt"
	"strings"
)

// NegativeModHint names the usual cause of an index out of range at a negative index in a hash
// table of the learner's own (hashset, or a randomizedset that hashes its values itself): in Go,
// the remainder keeps the sign of the dividend. The judge shows it only for a package that uses
// %, and NegativeIndexHint otherwise.
const NegativeModHint = "in Go, key % n is negative for a negative key: mask or make the hash " +
	"non-negative (convert with uint64(key) first)"

// NegativeIndexHint replaces NegativeModHint for a package with no % operator: a negative key
// became a negative index some other way (the key itself as the index, say).
const NegativeIndexHint = "a negative key became a negative index: keys are any int, so turn each " +
	"key into a valid index first (convert with uint64(key), then reduce it to the table's size)"

// NegativeIndex reports whether a panic value is an index out of range at a negative index.
func NegativeIndex(p any) bool {
	return strings.Contains(fmt.Sprint(p), "index out of range [-")
}
