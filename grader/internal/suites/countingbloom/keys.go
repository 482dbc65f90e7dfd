package countingbloom

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

// padded is a fixed prefix followed by i in big-endian: long keys that differ only at the end.
func padded(prefix []byte) keyGen {
	return func(buf []byte, i uint64) []byte { return binary.BigEndian.AppendUint64(append(buf[:0], prefix...), i) }
}

// randomBytes returns n bytes drawn from rng.
func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// mixedShapes cycles through four kinds of keys: little-endian integers, decimal text, random
// bytes of 8 to 47 (never shorter: short random keys would repeat, and a false-positive rate
// needs keys never added), and 32 bytes that differ only in their last eight.
func mixedShapes(rng *rand.Rand) keyGen {
	base := rng.Uint64()
	text := decimal("user:")
	return func(buf []byte, i uint64) []byte {
		switch i % 4 {
		case 0:
			return binary.LittleEndian.AppendUint64(buf[:0], base+i)
		case 1:
			return text(buf, i)
		case 2:
			h := mix(base ^ i)
			buf = buf[:0]
			for j := range 8 + h%40 {
				buf = append(buf, byte(mix(h+j)))
			}
			return buf
		}
		return binary.BigEndian.AppendUint64(append(buf[:0], make([]byte, 24)...), base^i)
	}
}

// oddKeys are keys of every awkward kind: the empty key, all 256 single bytes, every prefix of
// a random string, one letter followed by 1 to 16 zero bytes, and a long key (64 KiB).
func oddKeys(rng *rand.Rand) [][]byte {
	keys := [][]byte{{}}
	for b := range 256 {
		keys = append(keys, []byte{byte(b)})
	}
	s := randomBytes(rng, 200)
	for i := 2; i <= len(s); i++ {
		keys = append(keys, s[:i])
	}
	for i := 1; i <= 16; i++ {
		keys = append(keys, append([]byte("z"), make([]byte, i)...))
	}
	return append(keys, randomBytes(rng, 1<<16))
}

// fromList generates the keys of a list.
func fromList(keys [][]byte) keyGen {
	return func(buf []byte, i uint64) []byte { return append(buf[:0], keys[i]...) }
}

// keyPool is a small pool of keys for random sequences, so that keys repeat: nil, empty,
// prefixes of one another, short words, binary keys and long keys.
func keyPool(rng *rand.Rand) [][]byte {
	pool := [][]byte{nil, str("a"), str("b"), str("ab"), str("abc"), {'a', 0}, {0}}
	for range 5 {
		w := make([]byte, 1+rng.IntN(6))
		for i := range w {
			w[i] = byte('a' + rng.IntN(26))
		}
		pool = append(pool, w)
	}
	for range 3 {
		pool = append(pool, randomBytes(rng, 8))
	}
	return append(pool, randomBytes(rng, 200))
}

// simplifyKeys proposes simpler keys for a failing sequence, simplest first: every key renamed
// to a letter in order of first appearance, then each key, the longest first, replaced
// everywhere by the empty key, an unused letter or its first half. A key never takes the value
// of another key of the sequence, so the calls stay about the same keys.
func simplifyKeys(calls []harness.Call) [][]harness.Call {
	var keys []string
	seen := map[string]bool{}
	for _, c := range calls {
		if len(c.Args) > 0 && !seen[string(c.Args[0].([]byte))] {
			k := string(c.Args[0].([]byte))
			seen[k] = true
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	names := map[string][]byte{}
	for i, k := range keys {
		names[k] = letterName(i)
	}
	cands := [][]harness.Call{mapKeys(calls, func(k []byte) []byte {
		if len(k) == 0 {
			return k
		}
		return names[string(k)]
	})}
	free := freeLetter(seen)
	slices.SortStableFunc(keys, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	for _, k := range keys {
		if k == "" {
			continue
		}
		for _, r := range [][]byte{{}, free, []byte(k[:len(k)/2])} {
			if r == nil || seen[string(r)] {
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

// freeLetter returns a one-letter key not in seen, or nil.
func freeLetter(seen map[string]bool) []byte {
	for c := byte('a'); c <= 'z'; c++ {
		if !seen[string(c)] {
			return []byte{c}
		}
	}
	return nil
}

// mapKeys copies calls with every key replaced by f of it (and a call printed whole, written
// again with its new key).
func mapKeys(calls []harness.Call, f func([]byte) []byte) []harness.Call {
	out := make([]harness.Call, len(calls))
	for i, c := range calls {
		if len(c.Args) == 0 {
			out[i] = c
			continue
		}
		out[i] = keyCall(c.Method, f(c.Args[0].([]byte)))
	}
	return out
}
