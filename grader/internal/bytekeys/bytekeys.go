// Package bytekeys makes the byte keys that the suites of filters over []byte keys (a Bloom
// filter, a counting one, a cuckoo filter, any filter or store keyed by bytes) feed the graded
// code, calls a filter with copies of them that it must not keep ([Caller]), and simplifies
// the keys of a failing case. It also holds what those suites share around the keys: the steps
// of their scripts ([StepOf]), their memory property ([Measure]), and the growth of a filter
// along the number of keys it holds ([FilterLadder]).
//
// A [Gen] numbers keys: the same index always gives the same key, so a suite can add keys
// 0..n-1, probe with keys n and beyond (never added), and print any of them again in a case.
// The generators below are the shapes a filter must hash well: integers in either byte order,
// decimal text, long keys that differ only at the end, random lengths, prefixes of one another.
// A suite mixes them with [Cycle]. Everything random is drawn from the suite's seeded
// generator, so one seed gives the same keys on every run.
package bytekeys

import (
	"encoding/binary"
	"math/rand/v2"
	"strconv"
)

// Gen writes key number i over buf (reusing its storage) and returns it: the same i gives the
// same key.
type Gen func(buf []byte, i uint64) []byte

// Mix is the splitmix64 finalizer: a well-mixed function of x, to draw key bytes from an
// index.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// LittleEndian is the 8-byte little-endian encoding of base + i: keys that differ in their
// first bytes.
func LittleEndian(base uint64) Gen {
	return func(buf []byte, i uint64) []byte { return binary.LittleEndian.AppendUint64(buf[:0], base+i) }
}

// BigEndian is the 8-byte big-endian encoding of i·stride, stride made odd: keys that differ in
// their last bytes first.
func BigEndian(stride uint64) Gen {
	return func(buf []byte, i uint64) []byte { return binary.BigEndian.AppendUint64(buf[:0], i*(stride|1)) }
}

// Decimal is prefix followed by i in decimal: text keys of varying length.
func Decimal(prefix string) Gen {
	return func(buf []byte, i uint64) []byte { return strconv.AppendUint(append(buf[:0], prefix...), i, 10) }
}

// Padded is a fixed prefix followed by i in big-endian: long keys that differ only at the end.
func Padded(prefix []byte) Gen {
	return func(buf []byte, i uint64) []byte { return binary.BigEndian.AppendUint64(append(buf[:0], prefix...), i) }
}

// PaddedXor is n zero bytes followed by base^i in big-endian: long keys that differ only in
// their last eight bytes, in no order of i.
func PaddedXor(n int, base uint64) Gen {
	zeros := make([]byte, n)
	return func(buf []byte, i uint64) []byte {
		return binary.BigEndian.AppendUint64(append(buf[:0], zeros...), base^i)
	}
}

// Hashed is minLen to minLen+spread-1 bytes drawn from Mix of base^i, its length drawn too:
// random-looking keys of random length, the same for the same i. With indexed set, the keys
// start with i in big-endian, so that no two are equal, however short the random part.
func Hashed(base, minLen, spread uint64, indexed bool) Gen {
	return func(buf []byte, i uint64) []byte {
		h := Mix(base ^ i)
		buf = buf[:0]
		if indexed {
			buf = binary.BigEndian.AppendUint64(buf, i)
		}
		for j := range minLen + h%spread {
			buf = append(buf, byte(Mix(h+j)))
		}
		return buf
	}
}

// Prefixes is the prefix of s of length i mod (len(s)+1): the empty key, and keys that are
// prefixes of one another, each coming back every len(s)+1 indices.
func Prefixes(s []byte) Gen {
	return func(buf []byte, i uint64) []byte { return append(buf[:0], s[:i%uint64(len(s)+1)]...) }
}

// List generates the keys of a list, in order; a nil key stays nil.
func List(keys [][]byte) Gen {
	return func(buf []byte, i uint64) []byte {
		if keys[i] == nil {
			return nil
		}
		return append(buf[:0], keys[i]...)
	}
}

// Cycle takes key i from gens[i mod len(gens)], at the same index i: the shapes in turn.
func Cycle(gens ...Gen) Gen {
	return func(buf []byte, i uint64) []byte { return gens[i%uint64(len(gens))](buf, i) }
}

// Random returns n bytes drawn from rng.
func Random(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// Words returns n short words of 1 to maxLen lowercase letters drawn from rng (they may
// repeat).
func Words(rng *rand.Rand, n, maxLen int) [][]byte {
	words := make([][]byte, n)
	for i := range words {
		w := make([]byte, 1+rng.IntN(maxLen))
		for j := range w {
			w[j] = byte('a' + rng.IntN(26))
		}
		words[i] = w
	}
	return words
}

// Awkward are keys of the awkward kinds a hash meets badly, the empty and nil keys aside: all
// 256 single bytes, every prefix of 2 bytes or more of a random string of n bytes (keys that
// share their start), and "z" followed by 1 to 16 zero bytes (keys that differ only in length).
func Awkward(rng *rand.Rand, n int) [][]byte {
	var keys [][]byte
	for b := range 256 {
		keys = append(keys, []byte{byte(b)})
	}
	s := Random(rng, n)
	for i := 2; i <= len(s); i++ {
		keys = append(keys, s[:i])
	}
	for i := 1; i <= 16; i++ {
		keys = append(keys, append([]byte("z"), make([]byte, i)...))
	}
	return keys
}
