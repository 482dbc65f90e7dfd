package bloom

import (
	"bytes"
	"math/rand/v2"

	"kata/grader/internal/bytekeys"
)

// mixedShapes cycles through five kinds of keys: little-endian integers, decimal text, random
// bytes of 1 to 48, prefixes of one random string of 512 (so also the empty key, and repeats),
// and 32 bytes that differ only in their last eight.
func mixedShapes(rng *rand.Rand) bytekeys.Gen {
	base := rng.Uint64()
	long := bytekeys.Random(rng, 512)
	return bytekeys.Cycle(bytekeys.LittleEndian(base), bytekeys.Decimal("user:"), bytekeys.Hashed(base, 1, 48, false),
		bytekeys.Prefixes(long), bytekeys.PaddedXor(24, base))
}

// oddKeys are keys of every awkward kind: nil, empty, the keys of bytekeys.Awkward from a random
// string of 300, and long keys (1 MiB) that differ only in their last byte.
func oddKeys(rng *rand.Rand) [][]byte {
	keys := append([][]byte{nil, {}}, bytekeys.Awkward(rng, 300)...)
	long := bytekeys.Random(rng, 1<<20)
	return append(keys, long, append(bytes.Clone(long[:len(long)-1]), ^long[len(long)-1]), long[:1<<16])
}

// keyPool is a small pool of keys for random sequences, so that keys repeat: nil, empty,
// prefixes of one another, short words, binary keys and long keys.
func keyPool(rng *rand.Rand) [][]byte {
	pool := [][]byte{nil, {}, str("a"), str("b"), str("ab"), str("abc"), {'a', 0}, {0}}
	pool = append(pool, bytekeys.Words(rng, 6, 6)...)
	for range 3 {
		pool = append(pool, bytekeys.Random(rng, 8))
	}
	return append(pool, bytekeys.Random(rng, 200), bytekeys.Random(rng, 200))
}

// simplifyKeys is the suite's Simplify: the keys of a case simplified, as bytekeys does it.
var simplifyKeys = bytekeys.Simplifier{}.Simplify
