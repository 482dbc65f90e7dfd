package harness

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestWideInt(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var minInt, maxInt, small, other int
	for range 10_000 {
		switch v := WideInt(r, 100, 30); {
		case v == math.MinInt:
			minInt++
		case v == math.MaxInt:
			maxInt++
		case v >= -100 && v <= 100:
			small++
		default:
			other++
		}
	}
	// Expected 100, 100, 2,800 and 7,000: each count within a wide margin of its share.
	if minInt < 50 || maxInt < 50 || small < 2400 || small > 3200 || other < 6500 {
		t.Errorf("MinInt %d, MaxInt %d, small %d, other %d of 10,000 draws", minInt, maxInt, small, other)
	}
}
