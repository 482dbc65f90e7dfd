package cuckoo

import (
	"cmp"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strconv"

	"kata/grader/internal/harness"
)

// keyGen writes key number i over buf and returns it: the same i gives the same key.
type keyGen func(buf []byte, i uint64) []byte

// mix is the splitmix64 finalizer: a well-mixed function of x, to draw key bytes from an index.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// littleEndian is the 8-byte little-endian encoding of base + i.
func littleEndian(base uint64) keyGen {
	return func(buf []byte, i uint64) []byte { return binary.LittleEndian.AppendUint64(buf[:0], base+i) }
}

// decimal is prefix followed by i in decimal: text keys of varying length.
func decimal(prefix string) keyGen {
	return func(buf []byte, i uint64) []byte { return strconv.AppendUint(append(buf[:0], prefix...), i, 10) }
}

// mixedShapes cycles through four kinds of distinct keys: little-endian integers, decimal text,
// random bytes of 9 to 40 (the index in front), and 24 zero bytes followed by a big-endian
// integer: keys that differ only at the end.
func mixedShapes(rng *rand.Rand) keyGen {
	base := rng.Uint64()
	text := decimal("user:" + strconv.FormatUint(base%1000, 10) + ":")
	return func(buf []byte, i uint64) []byte {
		switch i % 4 {
		case 0:
			return binary.LittleEndian.AppendUint64(buf[:0], base+i)
		case 1:
			return text(buf, i)
		case 2:
			h := mix(base ^ i)
			buf = binary.BigEndian.AppendUint64(buf[:0], i)
			for j := range 1 + h%32 {
				buf = append(buf, byte(mix(h+j)))
			}
			return buf
		}
		return binary.BigEndian.AppendUint64(append(buf[:0], make([]byte, 24)...), base^i)
	}
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
	long := make([]byte, 200)
	for i := range long {
		long[i] = byte(rng.Uint32())
	}
	pool = append(pool, long)
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

// simplifyKeys proposes simpler keys for a failing sequence, simplest first: every key renamed
// to a letter in order of first appearance (keys of zeroKeys keep their value, which is what
// may make them fail), then each key, the longest first, replaced everywhere by the empty key, an
// unused letter or its first half. A key never takes the value of another key of the sequence, and
// the keys of zeroKeys are kept.
func simplifyKeys(calls []harness.Call) [][]harness.Call {
	var keys []string
	seen := map[string]bool{}
	for _, c := range calls {
		for _, a := range c.Args {
			if k, ok := a.([]byte); ok && !seen[string(k)] {
				seen[string(k)] = true
				keys = append(keys, string(k))
			}
		}
	}
	if len(keys) == 0 {
		return nil
	}
	zero := map[string]bool{}
	for _, z := range zeroKeys() {
		zero[string(z)] = true
	}
	names := map[string][]byte{}
	for i, k := range keys {
		names[k] = letterName(i)
	}
	cands := [][]harness.Call{mapKeys(calls, func(k []byte) []byte {
		if len(k) == 0 || zero[string(k)] {
			return k
		}
		return names[string(k)]
	})}
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	for _, k := range keys {
		if k == "" || zero[string(k)] {
			continue
		}
		// Whether a case fails depends on where the graded hash puts its keys, so a key gets
		// every unused letter to try, not one.
		repl := [][]byte{{}}
		for c := byte('a'); c <= 'z'; c++ {
			repl = append(repl, []byte{c})
		}
		for _, r := range append(repl, []byte(k[:len(k)/2])) {
			if seen[string(r)] || len(r) >= len(k) && string(r) > k {
				continue
			}
			cands = append(cands, mapKeys(calls, func(x []byte) []byte {
				if string(x) == k {
					return r
				}
				return x
			}))
		}
	}
	return cands
}

// letterName is the i-th short key: "a" to "z", then "a26", "a27", ...
func letterName(i int) []byte {
	if i < 26 {
		return []byte{byte('a' + i)}
	}
	return strconv.AppendInt([]byte("a"), int64(i), 10)
}

// mapKeys copies calls with every key replaced by f of it.
func mapKeys(calls []harness.Call, f func([]byte) []byte) []harness.Call {
	out := make([]harness.Call, len(calls))
	for i, c := range calls {
		out[i] = c
		args := make([]any, len(c.Args))
		for j, a := range c.Args {
			if k, ok := a.([]byte); ok {
				args[j] = f(k)
			} else {
				args[j] = a
			}
		}
		out[i].Args = args
	}
	return out
}
