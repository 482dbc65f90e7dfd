//go:build amd64 || arm64

package randomizedset

// pick maps x, uniform over 64 bits, to [0, n): the high word of x*n.
func pick(x, n uint64) uint64
