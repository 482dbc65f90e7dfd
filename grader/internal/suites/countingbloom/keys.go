package countingbloom

import (
	"math/rand/v2"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/harness"
)

// mixedShapes cycles through four kinds of keys: little-endian integers, decimal text, random
// bytes of 8 to 47 (never shorter: short random keys would repeat, and a false-positive rate
// needs keys never added), and 32 bytes that differ only in their last eight.
func mixedShapes(rng *rand.Rand) bytekeys.Gen {
	base := rng.Uint64()
	return bytekeys.Cycle(bytekeys.LittleEndian(base), bytekeys.Decimal("user:"), bytekeys.Hashed(base, 8, 40, false),
		bytekeys.PaddedXor(24, base))
}

// oddKeys are keys of every awkward kind: the empty key, the keys of bytekeys.Awkward from a
// random string of 200, and a long key (64 KiB).
func oddKeys(rng *rand.Rand) [][]byte {
	keys := append([][]byte{{}}, bytekeys.Awkward(rng, 200)...)
	return append(keys, bytekeys.Random(rng, 1<<16))
}

// keyPool is a small pool of keys for random sequences, so that keys repeat: nil, empty,
// prefixes of one another, short words, binary keys and long keys.
func keyPool(rng *rand.Rand) [][]byte {
	pool := [][]byte{nil, str("a"), str("b"), str("ab"), str("abc"), {'a', 0}, {0}}
	pool = append(pool, bytekeys.Words(rng, 5, 6)...)
	for range 3 {
		pool = append(pool, bytekeys.Random(rng, 8))
	}
	return append(pool, bytekeys.Random(rng, 200))
}

// keySimplifier is how the suite simplifies its keys: a call printed whole is written again with its new
// key.
var keySimplifier = bytekeys.Simplifier{Rebuild: func(c harness.Call) harness.Call { return keyCall(c.Method, c.Args[0].([]byte)) }}

// simplifyKeys is the suite's Simplify: the keys of a case simplified, as bytekeys does it.
var simplifyKeys = keySimplifier.Simplify
