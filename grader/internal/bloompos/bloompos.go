// Package bloompos gives the k positions of a key in a Bloom filter of m bits or counters, the
// right way and the usual wrong ones: the hashes of the toy filters with which the tests of the
// plain and counting Bloom filter suites plant their bugs. Only those tests import it.
package bloompos

import (
	"hash/fnv"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/suitetest"
)

// Func returns the k positions of key in a filter of m bits or counters.
type Func func(key []byte, m uint64, k uint) []uint64

// Stepping returns h1 + i·h2 mod m for i < k: double hashing when h1 and h2 are independent and
// h2 mod m is not 0, correlated positions otherwise.
func Stepping(h1, h2, m uint64, k uint) []uint64 {
	out := make([]uint64, k)
	for i := range out {
		out[i] = (h1 + uint64(i)*h2) % m
	}
	return out
}

// Consecutive takes k consecutive positions, h + i, from a well-mixed hash of the key: positions
// correlated, which the false-positive rate shows.
func Consecutive(key []byte, m uint64, k uint) []uint64 {
	return Stepping(bytekeys.Mix(suitetest.FNV64(key)), 1, m, k)
}

// FNV1Halves steps by the two 32-bit halves of one FNV-1 hash, lower + i·upper, as a well-known
// Go library does: keys that differ only at the end share most of the upper half.
func FNV1Halves(key []byte, m uint64, k uint) []uint64 {
	h := fnv.New64()
	h.Write(key)
	sum := h.Sum64()
	return Stepping(sum&(1<<32-1), sum>>32, m, k)
}
