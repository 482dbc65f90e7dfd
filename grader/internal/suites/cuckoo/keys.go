package cuckoo

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"kata/grader/internal/bytekeys"
)

// mixedShapes cycles through four kinds of distinct keys: little-endian integers, decimal text,
// random bytes of 9 to 40 (the index in front), and 24 zero bytes followed by a big-endian
// integer: keys that differ only at the end.
func mixedShapes(rng *rand.Rand) bytekeys.Gen {
	base := rng.Uint64()
	return bytekeys.Cycle(bytekeys.LittleEndian(base), bytekeys.Decimal("user:"+strconv.FormatUint(base%1000, 10)+":"),
		bytekeys.Hashed(base, 1, 32, true), bytekeys.PaddedXor(24, base))
}

// keyPool is a small pool of n keys for random sequences, so that keys repeat: nil, empty,
// short words, binary keys and a long key.
func keyPool(rng *rand.Rand, n int) [][]byte {
	pool := [][]byte{nil, {}, str("a"), str("b"), str("ab"), {0}}
	pool = append(pool, zeroKeys()[rng.IntN(len(zeroKeys()))])
	for len(pool) < n-1 {
		w := make([]byte, 1+rng.IntN(8))
		for i := range w {
			w[i] = byte('a' + rng.IntN(26))
		}
		if !slices.ContainsFunc(pool, func(k []byte) bool { return string(k) == string(w) }) {
			pool = append(pool, w)
		}
	}
	pool = append(pool, bytekeys.Random(rng, 200))
	if n < len(pool) {
		pool = pool[len(pool)-n:]
	}
	return pool
}

// zeroKey is a key whose hash, by a hash a learner is likely to use, has 16 zero bits where a
// fingerprint is commonly taken: bits shift to shift+15.
type zeroKey struct {
	key   string
	hash  string // "xxhash.Sum64", "FNV-1a 64" or "FNV-1a 32"
	shift int
}

// zeroKeyList holds, for xxhash.Sum64 and 64-bit FNV-1a at bits 0, 16, 32 and 48, and for 32-bit
// FNV-1a at bits 0 and 16, the first key "zero:i" whose hash has 16 zero bits there (found once
// by a search; TestZeroKeys checks them).
var zeroKeyList = []zeroKey{
	{"zero:118146", "xxhash.Sum64", 0},
	{"zero:21969", "FNV-1a 64", 0},
	{"zero:20710", "xxhash.Sum64", 16},
	{"zero:1873138", "FNV-1a 64", 16},
	{"zero:1468", "xxhash.Sum64", 32},
	{"zero:117778", "FNV-1a 64", 32},
	{"zero:651", "xxhash.Sum64", 48},
	{"zero:625840", "FNV-1a 64", 48},
	{"zero:4049", "FNV-1a 32", 0},
	{"zero:62654", "FNV-1a 32", 16},
}

// zeroKeys returns the keys of zeroKeyList.
func zeroKeys() [][]byte {
	keys := make([][]byte, len(zeroKeyList))
	for i, z := range zeroKeyList {
		keys[i] = []byte(z.key)
	}
	return keys
}

// keySimplifier is how the suite simplifies its keys: whether a case fails depends on where the
// graded hash puts its keys, so a key gets every unused letter to try, not one, and the keys of
// zeroKeys keep their value, which is what may make them fail.
var keySimplifier = bytekeys.Simplifier{EveryLetter: true, Keep: func(k []byte) bool {
	return slices.ContainsFunc(zeroKeyList, func(z zeroKey) bool { return z.key == string(k) })
}}

// simplifyKeys is the suite's Simplify: the keys of a case simplified, as bytekeys does it.
var simplifyKeys = keySimplifier.Simplify
