package bloom

import "math"

func OptimalM(n uint64, p float64) uint64 {
	if !(p > 0 && p < 1) {
		panic("bloom: p must be in (0, 1)")
	}
	m := math.Ceil(-float64(n) * math.Log(p) / (math.Ln2 * math.Ln2))
	if m < 1 {
		return 1
	}
	return uint64(m)
}

func OptimalK(m, n uint64) uint {
	if m == 0 {
		panic("bloom: m == 0")
	}
	if n == 0 {
		return 1
	}
	x := float64(m) / float64(n) * math.Ln2
	f, c := math.Floor(x), math.Ceil(x)
	if f < 1 {
		f = 1
	}
	if c < 1 {
		c = 1
	}
	kf, kc := uint(f), uint(c)
	if FalsePositiveRate(m, n, kc) < FalsePositiveRate(m, n, kf) {
		return kc
	}
	return kf
}

func FalsePositiveRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("bloom: m == 0")
	}
	return math.Pow(1-math.Exp(-float64(k)*float64(n)/float64(m)), float64(k))
}

func NewWithEstimates(n uint64, p float64) *Filter {
	m := OptimalM(n, p)
	return New(m, OptimalK(m, n))
}
