//go:build !amd64 && !arm64

package randomizedset

import "math/bits"

// pick maps x, uniform over 64 bits, to [0, n): the high word of x*n.
func pick(x, n uint64) uint64 {
	hi, _ := bits.Mul64(x, n)
	return hi
}
