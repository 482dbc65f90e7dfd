package harness

import (
	"math"
	"math/rand/v2"
)

// WideInt draws an int for a random case from the whole range: math.MinInt and math.MaxInt one
// time in a hundred each, a small int in [-small, small] up to smallPercent times in a hundred
// (values that repeat and sit next to each other), and any int otherwise.
func WideInt(r *rand.Rand, small, smallPercent int) int {
	switch p := r.IntN(100); {
	case p == 0:
		return math.MinInt
	case p == 1:
		return math.MaxInt
	case p < smallPercent:
		return r.IntN(2*small+1) - small
	}
	return int(r.Uint64())
}
