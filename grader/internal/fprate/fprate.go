// Package fprate holds the false-positive rate of a Bloom filter, counting or not, the range in
// which a right filter's count of false positives falls, and the hints for a rate out of it: what
// the suites of both filters compare a measured rate with, and tell a learner. It also holds the
// limit on a count of false positives at a bounded rate ([Limit]), which the cuckoo and quotient
// filters' suites set.
package fprate

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"

	"kata/grader/internal/harness"
)

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

// Count is a count of false positives among probes keys never added, with the range a right
// filter's count falls in.
type Count struct {
	Positives int
	Probes    uint64
	// Want is the filter's Rate; Lo and Hi are its Bounds.
	Want, Lo, Hi float64
}

// Counted calls probe(0) to probe(probes-1), each testing a key never added in a filter of m bits
// or counters and k hash functions holding n keys, and counts the keys that test true.
func Counted(m, n uint64, k uint, probes uint64, probe func(i uint64) bool) Count {
	c := Count{Probes: probes, Want: Rate(m, n, k)}
	for i := range probes {
		if probe(i) {
			c.Positives++
		}
	}
	c.Lo, c.Hi = Bounds(m, n, k, float64(probes))
	return c
}

// RightOnRandomKeys reports whether a filter of m bits or counters and k hash functions, given
// by its add and test, holding n random 16-byte keys, has no fewer false positives among probes
// other random keys than Bounds allows. A filter too low on the judge's patterned keys but right
// on random ones has positions that follow the keys' patterns (a weak hash), not more bits or
// stored keys. The keys are the same for the same m and n, one buffer holding each in turn.
func RightOnRandomKeys(m, n uint64, k uint, probes uint64, add func([]byte), test func([]byte) bool) bool {
	c := onRandomKeys(m, n, k, probes, add, test)
	return float64(c.Positives) >= c.Lo
}

// onRandomKeys adds n random 16-byte keys to a filter of m bits or counters, given by its add and
// test, and counts the false positives among probes other random keys against those of k hash
// functions. The keys are the same for the same m and n, one buffer holding each in turn.
func onRandomKeys(m, n uint64, k uint, probes uint64, add func([]byte), test func([]byte) bool) Count {
	rng := rand.New(rand.NewPCG(m, n))
	key := make([]byte, 16)
	next := func() []byte {
		binary.LittleEndian.PutUint64(key, rng.Uint64())
		binary.LittleEndian.PutUint64(key[8:], rng.Uint64())
		return key
	}
	for range n {
		add(next())
	}
	return Counted(m, n, k, probes, func(uint64) bool { return test(next()) })
}

// Filter is a Bloom filter, counting or not, as a hint's replay calls it.
type Filter interface {
	Add(key []byte)
	Test(key []byte) bool
}

// Units names what a filter's m positions are, in its hints: [Bits] or [Counters].
type Units struct {
	plural string // "bits"
	unset  string // what one of them is when no key uses it: "clear"
}

// The units of a Bloom filter and of a counting one.
var (
	Bits     = Units{plural: "bits", unset: "clear"}
	Counters = Units{plural: "counters", unset: "0"}
)

// LowHint is the hint for a filter of m units and k hash functions holding n keys that has fewer
// false positives than Bounds allows, a rate got. A fresh newFilter(m, k) holding random keys
// (probes probes; a panic counts as no evidence) tells the causes apart. Where got is the rate of
// fewer hash functions k' (only more than the best number give a rate that fewer would lower)
// and the filter has the rate of k' on random keys too, it uses k' positions, not k. Otherwise,
// right on random keys (RightOnRandomKeys), its positions follow the patterns of the test's keys;
// still too low there, it has more than M() units or stores keys.
func LowHint[F Filter](u Units, newFilter func(m uint64, k uint) F, m, n uint64, k uint, probes uint64, got float64) string {
	fewer := nearestPositions(m, n, k, got)
	if fewer > 0 && harness.Evidence(func() bool {
		f := newFilter(m, k)
		return onRandomKeys(m, n, fewer, probes, f.Add, f.Test).Within()
	}) {
		return fmt.Sprintf("as many false positives as %d hash functions give, not %d: Add and Test must use "+
			"all k positions however large k is (no array of positions or mask of a fixed size, no cap on k)",
			fewer, k)
	}
	random := harness.Evidence(func() bool {
		f := newFilter(m, k)
		return RightOnRandomKeys(m, n, k, probes, f.Add, f.Test)
	})
	if random {
		return "fewer false positives than m " + u.plural + " and k hash functions allow on these keys, and as " +
			"many as they allow on random keys: your positions follow the keys' patterns (a weak hash, or the " +
			"halves of one hash, which keys that differ only at the end share), so keys of other patterns " +
			"get more false positives. Derive the k positions by double hashing h1 + i·h2 from two " +
			"well-mixed 64-bit hashes"
	}
	return "fewer false positives than m " + u.plural + " and k hash functions allow: use exactly M() " +
		u.plural + ", and store no keys"
}

// nearestPositions returns the number of hash functions k' < k whose Rate(m, n, k') is nearest
// got, when it is within 10% of got, or 0.
func nearestPositions(m, n uint64, k uint, got float64) uint {
	best, gap := uint(0), 0.1
	for kk := uint(1); kk < k; kk++ {
		if d := math.Abs(got-Rate(m, n, kk)) / Rate(m, n, kk); d < gap {
			best, gap = kk, d
		}
	}
	return best
}

// SaturatedHint is the hint for a filter in which nearly every key never added tests true.
func SaturatedHint(u Units) string {
	return "nearly every key never added tests true: the keys' positions fall on few " + u.plural + " (a hash of " +
		"few distinct values, such as a sum of bytes, or positions reduced by too small a modulus), or Test " +
		"does not check them all. Derive the positions from a well-mixed 64-bit hash of the whole key, " +
		"mod m, and return false as soon as one of the k " + u.plural + " is " + u.unset
}

// PartHint is the hint for a large filter whose rate is that of a filter of fewer units, said by
// like ("far fewer counters"): its positions reach only part of the m units.
func PartHint(u Units, like string) string {
	return "as many false positives as a filter of " + like + ": the positions reach only part of the m " +
		u.plural + ". Reduce the full 64-bit h1 + i·h2 with % m (or a multiply-shift), with no mask or " +
		"narrower hash before it"
}

// Within reports whether the count lies in its range.
func (c Count) Within() bool { return float64(c.Positives) >= c.Lo && float64(c.Positives) <= c.Hi }

// Got is the measured rate.
func (c Count) Got() float64 { return float64(c.Positives) / float64(c.Probes) }

// String is the count against its range as a failure says it: "600 of 200000 keys never added
// tested true: a rate of 0.3%, want 0.25% (0.22% to 0.28%)".
func (c Count) String() string {
	return fmt.Sprintf("%d of %d keys never added tested true: a rate of %.3g%%, want %.3g%% (%.3g%% to %.3g%%)",
		c.Positives, c.Probes, 100*c.Got(), 100*c.Want, 100*c.Lo/float64(c.Probes), 100*c.Hi/float64(c.Probes))
}

// Limit is the least count c with P(X >= c) <= odds for X binomial(n, p), summed in log space:
// the count of false positives among n probes, each one with odds at most p, that a right filter
// reaches with odds below odds.
func Limit(n int, p, odds float64) int {
	lg := func(x float64) float64 { v, _ := math.Lgamma(x); return v }
	nf := float64(n)
	logPMF := func(k int) float64 {
		kf := float64(k)
		return lg(nf+1) - lg(kf+1) - lg(nf-kf+1) + kf*math.Log(p) + (nf-kf)*math.Log1p(-p)
	}
	sd := math.Sqrt(nf * p * (1 - p))
	for c := int(nf * p); ; c++ {
		tail := 0.0
		for k := c; k <= n && k < c+int(40*sd)+40; k++ {
			tail += math.Exp(logPMF(k))
		}
		if tail <= odds {
			return c
		}
	}
}
