// Package fprate holds the false-positive rate of a Bloom filter, counting or not, and the
// range in which a right filter's count of false positives falls: what the suites of both
// filters compare a measured rate with.
package fprate

import "math"

// Rate is the false-positive rate of a filter of m bits or counters and k hash functions
// holding n keys: (1 − e^(−k·n/m))^k, with 1 − e^(−t) as −expm1(−t).
func Rate(m, n uint64, k uint) float64 {
	t := float64(k) * float64(n) / float64(m)
	return math.Pow(-math.Expm1(-t), float64(k))
}

// Bounds returns the range in which the number of false positives among probes keys never
// added lies, for a right filter of m bits or counters and k hash functions holding n keys,
// except with a chance below 10⁻⁷ at the suites' sizes: 6 standard deviations around probes·p,
// p = Rate(m, n, k), plus 1% of it and 3 for the formula, an approximation. The variance has two
// parts: the binomial one of probes tests at a rate p, and that of the rate itself, which moves
// with the number of positions the n keys happened to use (k times its relative deviation).
// That number's variance is m·q·(1 − (1 + c)·q), c = k·n/m and q = e^(−c) the chance a position
// stays unused.
func Bounds(m, n uint64, k uint, probes float64) (lo, hi float64) {
	p := Rate(m, n, k)
	c := float64(k) * float64(n) / float64(m)
	q := math.Exp(-c)
	sdUsed := math.Sqrt(float64(m)*q*(1-(1+c)*q)) / float64(m)
	rateSd := float64(k) * sdUsed / (1 - q) * probes * p
	sd := math.Sqrt(probes*p*(1-p) + rateSd*rateSd)
	slack := 6*sd + 0.01*probes*p + 3
	return probes*p - slack, probes*p + slack
}
