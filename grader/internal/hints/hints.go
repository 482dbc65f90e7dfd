// Package hints holds the hints that both sides of the judge name: the hidden tests give them
// inside the test program, and the judge, which alone reads the graded package's source,
// replaces one with a better one for that source. It imports nothing, so the judge compares
// them without linking the tests.
package hints

// NegativeMod names the usual cause of an index out of range at a negative index in a hash
// table of the learner's own (hashset, or a randomizedset that hashes its values itself): in Go,
// the remainder keeps the sign of the dividend. The judge shows it only for a package that uses
// %, and NegativeIndex otherwise.
const NegativeMod = "in Go, key % n is negative for a negative key: mask or make the hash " +
	"non-negative (convert with uint64(key) first)"

// NegativeIndex replaces NegativeMod for a package with no % operator: a negative key became a
// negative index some other way (the key itself as the index, say).
const NegativeIndex = "a negative key became a negative index: keys are any int, so turn each " +
	"key into a valid index first (convert with uint64(key), then reduce it to the table's size)"
