package bloom

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"kata/grader/internal/fprate"
	"kata/grader/internal/harness"
)

// The suite's own sizing formulas, written from the contract: the fixed and property tests use
// them instead of the reference's.

// mReal is −n·ln p/(ln 2)², the real number OptimalM rounds up.
func mReal(n uint64, p float64) float64 { return -float64(n) * math.Log(p) / (math.Ln2 * math.Ln2) }

// ceilAtLeast1 is ⌈x⌉, at least 1, and at most the largest uint64.
func ceilAtLeast1(x float64) uint64 {
	switch c := math.Ceil(x); {
	case c < 1:
		return 1
	case c >= math.MaxUint64:
		return math.MaxUint64
	default:
		return uint64(c)
	}
}

// optimalM is OptimalM(n, p).
func optimalM(n uint64, p float64) uint64 { return ceilAtLeast1(mReal(n, p)) }

// kCandidates returns the floor and the ceiling of (m/n)·ln 2, each at least 1; n > 0.
func kCandidates(m, n uint64) (lo, hi uint) {
	x := float64(m) / float64(n) * math.Ln2
	return max(uint(math.Floor(x)), 1), max(uint(math.Ceil(x)), 1)
}

// optimalK is OptimalK(m, n).
func optimalK(m, n uint64) uint {
	if n == 0 {
		return 1
	}
	lo, hi := kCandidates(m, n)
	if fprate.Rate(m, n, hi) < fprate.Rate(m, n, lo) {
		return hi
	}
	return lo
}

// sizeWant is an expected OptimalM: want, or another ceiling of the formula within float64
// rounding of it, lo to hi.
type sizeWant struct{ want, lo, hi uint64 }

// How far from −n·ln p/(ln 2)² a right OptimalM may land in float64. Each operation of the
// formula, math.Log and math.Pow included, is off by at most a unit or two in the last place:
// relErr, with room to spare, covers them all, and the suite's own value too. Taking ln of 1/p
// (or another rounded form of p) adds an absolute error of up to 2⁻⁵³ to ln p, the rounding of
// 1/p: absLnErr, with room to spare. Near p = 1, where ln p is near 0, that is a large relative
// error, and several ceilings are right.
const (
	relErr   = 32 * 0x1p-53
	absLnErr = 4 * 0x1p-53
)

// sizeWantOf is the expected OptimalM(n, p) when the reference answered want: every ceiling of
// the formula within float64 rounding of its value, which is want alone wherever the formula is
// well-conditioned and its value not within rounding of a whole number.
func sizeWantOf(n uint64, p float64, want uint64) sizeWant {
	x := mReal(n, p)
	slack := x*relErr + float64(n)*absLnErr/(math.Ln2*math.Ln2)
	return sizeWant{want: want, lo: min(want, ceilAtLeast1(x-slack)), hi: max(want, ceilAtLeast1(x+slack))}
}

// Accepts reports whether got is in the range.
func (w sizeWant) Accepts(got any) bool {
	g, ok := got.(uint64)
	return ok && w.lo <= g && g <= w.hi
}

// Cond is the Go condition of a wrong answer.
func (w sizeWant) Cond(got string) string {
	if w.lo == w.hi {
		return got + " != " + harness.Lit(w.want)
	}
	return fmt.Sprintf("%s < %s || %s > %s", got, harness.Lit(w.lo), got, harness.Lit(w.hi))
}

// String describes the right answers.
func (w sizeWant) String() string {
	if w.lo == w.hi {
		return harness.Lit(w.want)
	}
	return fmt.Sprintf("%s (or any of %s to %s, within float64 rounding)", harness.Lit(w.want), harness.Lit(w.lo), harness.Lit(w.hi))
}

// kWant is an expected OptimalK: want, or alt when the rates at the floor and the ceiling are so
// close that float64 rounding may decide between them.
type kWant struct{ want, alt uint }

// How far apart the two rates an OptimalK compares may be and still be a tie within float64
// rounding. A rate (1 − e^(−t))^k computed in float64, however it is written, is off by a few
// units in the last place of each factor, k times over: tieRelErr per hash function, with room
// to spare, for the two rates together. A rate below 2⁻¹⁰²² is subnormal, with fewer digits:
// it is also off by a few of the smallest float64, tieAbsErr.
const (
	tieRelErr = 32 * 0x1p-53
	tieAbsErr = 16 * 0x1p-1074
)

// expectK is the expected OptimalK(m, n) when the reference answered want.
func expectK(m, n uint64, want uint) kWant {
	w := kWant{want: want, alt: want}
	if n == 0 {
		return w
	}
	lo, hi := kCandidates(m, n)
	a, b := fprate.Rate(m, n, lo), fprate.Rate(m, n, hi)
	if math.Abs(a-b) <= tieRelErr*float64(hi)*max(a, b)+tieAbsErr {
		switch want {
		case lo:
			w.alt = hi
		case hi:
			w.alt = lo
		}
	}
	return w
}

// Accepts reports whether got is want or alt.
func (w kWant) Accepts(got any) bool {
	g, ok := got.(uint)
	return ok && (g == w.want || g == w.alt)
}

// Cond is the Go condition of a wrong answer.
func (w kWant) Cond(got string) string {
	if w.alt == w.want {
		return got + " != " + harness.Lit(w.want)
	}
	return fmt.Sprintf("%s != %s && %s != %s", got, harness.Lit(w.want), got, harness.Lit(w.alt))
}

// String describes the right answers.
func (w kWant) String() string {
	if w.alt == w.want {
		return harness.Lit(w.want)
	}
	return fmt.Sprintf("%s or %s (a tie within float64 rounding)", harness.Lit(w.want), harness.Lit(w.alt))
}

// rateWant is an expected false-positive rate: within a relative 1e-9 of want, or within what
// an error of 1e-15 in the base 1 − e^(−t) makes of want once raised to the power k. The second
// allowance matters only for tiny t, where 1 − math.Exp(−t) loses digits that −math.Expm1(−t)
// keeps: both are accepted. Below 1e-300, where float64 runs out of digits, any rate that close
// to 0 is accepted.
type rateWant struct{ want, lo, hi float64 }

// tinyRate is the distance to want within which any rate is accepted.
const tinyRate = 1e-300

// baseError is the largest error the straightforward formula makes in 1 − e^(−t): a few units in
// the last place of 1.
const baseError = 1e-15

// expectRate is the expected FalsePositiveRate with k hash functions whose exact value is want.
func expectRate(want float64, k uint) rateWant {
	const rel = 1e-9
	if k == 0 {
		return rateWant{want: want, lo: want*(1-rel) - tinyRate, hi: want*(1+rel) + tinyRate}
	}
	b := math.Pow(want, 1/float64(k))
	return rateWant{
		want: want,
		lo:   min(math.Pow(max(b-baseError, 0), float64(k))*(1-rel), want-tinyRate),
		hi:   max(math.Pow(b+baseError, float64(k))*(1+rel), want+tinyRate),
	}
}

// Accepts reports whether got is a float64 in the range.
func (w rateWant) Accepts(got any) bool {
	g, ok := got.(float64)
	return ok && g >= w.lo && g <= w.hi
}

// Cond is the Go condition of a wrong answer (NaN included).
func (w rateWant) Cond(got string) string {
	return fmt.Sprintf("!(%s >= %s && %s <= %s)", got, floatLit(w.lo), got, floatLit(w.hi))
}

// String describes the right answers.
func (w rateWant) String() string { return floatLit(w.want) + " (within float64 rounding)" }

// floatLit formats x as the shortest Go literal that reads back as x.
func floatLit(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// side is one implementation of the sizing functions: the graded package's, or the reference's,
// whose answers become expectations that allow for float64 rounding.
type side struct {
	api API
	ref bool
}

// sizingModel runs the sizing functions; reference-free unless withRef.
func (s *suite) sizingModel(withRef bool) harness.Model[*side] {
	m := harness.Model[*side]{
		New:  func() *side { return &side{api: s.learner} },
		Do:   doSizing,
		Hint: sizingHint,
	}
	if withRef {
		m.Ref = func() *side { return &side{api: s.reference, ref: true} }
	}
	return m
}

// doSizing calls one sizing function.
func doSizing(s *side, c harness.Call) any {
	switch c.Method {
	case "OptimalM":
		n, p := c.Args[0].(uint64), c.Args[1].(float64)
		got := s.api.OptimalM(n, p)
		if s.ref {
			return sizeWantOf(n, p, got)
		}
		return got
	case "OptimalK":
		m, n := c.Args[0].(uint64), c.Args[1].(uint64)
		got := s.api.OptimalK(m, n)
		if s.ref {
			return expectK(m, n, got)
		}
		return got
	case "FalsePositiveRate":
		m, n, k := c.Args[0].(uint64), c.Args[1].(uint64), c.Args[2].(uint)
		got := s.api.FalsePositiveRate(m, n, k)
		if s.ref {
			return expectRate(got, k)
		}
		return got
	}
	panic("bloom suite: unknown function " + c.Method)
}

// fixed checks one call of a sizing function against its expected result, as a case of its own.
func (s *suite) fixed(t *harness.T, c harness.Call, want any) {
	harness.Script(t, s.sizingModel(false), []harness.Step{{Call: c, Want: want}})
}

// The expected values of the fixed tests below were computed independently of any Go code, in
// Python with the decimal module at 60 significant digits: ln and exp of the exact binary value
// of each float64 argument, then the ceiling, the two rates, or the power. The comments give the
// real values. No p is subnormal: math.Log is wrong for subnormals on amd64 (Go issue 56600),
// so no learner could get them right with it.

// optimalMFixed checks OptimalM at known points and its panics.
func (s *suite) optimalMFixed(t *harness.T) {
	for _, c := range []struct {
		n    uint64
		p    float64
		want uint64
	}{
		{1000, 0.01, 9586},           // 9585.058: round and floor give 9585
		{1, 0.5, 2},                  // 1.4427: round and floor give 1
		{0, 0.5, 1},                  // 0, raised to 1
		{0, 1e-9, 1},                 // 0, raised to 1
		{2, 0.9, 1},                  // 0.4386: ceiling 1, round and floor give 0
		{1, 0.999999, 1},             // 0.0000021: p near 1
		{1_000_000, 0.999, 2083},     // 2082.410
		{100, 1e-9, 4314},            // 4313.276
		{7, 0.3, 18},                 // 17.541: floor gives 17
		{12345, 0.05, 76974},         // 76973.843: floor gives 76973
		{1_000_000, 0.001, 14377588}, // 14377587.566: floor gives 14377587
		{1_000_000, 0.01, 9585059},   // 9585058.377
		{50, 0.2, 168},               // 167.492
		{1000, 1e-300, 1437759},      // 1437758.757: p near 0
		{123456789, 0.0001, 2366681060},
		{1_000_000_000_000, 0.01, 9585058377368}, // 9585058377367.439
		// 1680.965, but ln p is ill-conditioned this near 1: n·ln(1/p), with 1/p rounded, is
		// 1681.010 in float64, and 1682 is right too.
		{195051275497767, 0.9999999999958594, 1681},
	} {
		s.fixed(t, fnCall("OptimalM", c.n, c.p), sizeWantOf(c.n, c.p, c.want))
	}
	for _, p := range []float64{0, 1, -0.5, 1.5, math.NaN(), math.Inf(1), math.Inf(-1)} {
		mustPanic(t, fnCall("OptimalM", uint64(1000), floatArg(p)), func() { s.learner.OptimalM(1000, p) },
			"OptimalM panics unless 0 < p < 1 (a comparison with NaN is false: test !(p > 0 && p < 1))")
	}
}

// optimalKFixed checks OptimalK at known points and its panics. x is (m/n)·ln 2; the rates are
// at its floor and its ceiling. Between k and k+1 the ceiling wins from x = 1.4404, 2.4650, ...,
// 6.4866: always below the half, so rounding x is wrong just before k + 0.5.
func (s *suite) optimalKFixed(t *harness.T) {
	for _, c := range []struct {
		m, n uint64
		want uint
	}{
		{9586, 1000, 7},       // x = 6.645: 0.010139 at 6, 0.010035 at 7
		{10, 1, 7},            // x = 6.931
		{2886, 1000, 2},       // x = 2.0004: the floor wins, 0.24993 at 2, 0.27005 at 3
		{2885, 1000, 2},       // x = 1.9997: the ceiling wins, 0.29293 at 1, 0.25005 at 2
		{4328, 1000, 3},       // x = 2.99994: the ceiling wins
		{2100, 1000, 2},       // x = 1.4556: the ceiling wins below the half, 0.378855 at 1, 0.377215 at 2
		{9370, 1000, 7},       // x = 6.4948: the ceiling wins below the half, 0.0111827 at 6, 0.0111768 at 7
		{20, 1, 14},           // x = 13.863
		{64, 3, 15},           // x = 14.787
		{1 << 40, 1 << 37, 6}, // x = 5.545
		// x = 1.44042: the two rates are 0.381966 and differ by 7e-17 in the reals; in float64
		// they are equal whichever way the formula is written: a tie, so the floor.
		{2080999811, 1001401717, 1},
		{1000, 1000, 1}, // x = 0.693: the floor 0 is not allowed
		{1, 1000, 1},    // m < n
		{1, 1, 1},
		{1000, 0, 1}, // no keys
		{1, 0, 1},
	} {
		s.fixed(t, fnCall("OptimalK", c.m, c.n), c.want)
	}
	for _, n := range []uint64{1000, 1} {
		mustPanic(t, fnCall("OptimalK", uint64(0), n), func() { s.learner.OptimalK(0, n) },
			"OptimalK panics if m == 0")
	}
}

// falsePositiveRateFixed checks FalsePositiveRate at known points and its panics.
func (s *suite) falsePositiveRateFixed(t *harness.T) {
	for _, c := range []struct {
		m, n uint64
		k    uint
		want float64
	}{
		{9586, 1000, 7, 0.010034531962677978},
		{10_000_000, 1_000_000, 7, 0.008193722065862417},
		{1000, 1000, 1, 0.6321205588285577}, // 1 − 1/e
		{1000, 100, 20, 0.05457010043109233},
		{1024, 1, 3, 2.503547521898048e-08},
		{1000, 0, 5, 0},  // no keys, no false positives
		{64, 1000, 3, 1}, // saturated: 1 − 1.3e-20
		{1, 1, 1, 0.6321205588285577},
		{1 << 62, 1 << 62, 8, 0.9973194478484829}, // k·n overflows uint64
		{1_000_000_000_000, 1000, 2, 3.999999992e-18},
		{1 << 40, 3, 7, 9.271206987908688e-76},
		{1_000_000_000_000_000_000, 1, 1, 1e-18}, // where 1 − e^(−t) is 0 in float64
	} {
		s.fixed(t, fnCall("FalsePositiveRate", c.m, c.n, c.k), expectRate(c.want, c.k))
	}
	for _, c := range []struct{ n uint64 }{{10}, {0}} {
		mustPanic(t, fnCall("FalsePositiveRate", uint64(0), c.n, uint(3)),
			func() { s.learner.FalsePositiveRate(0, c.n, 3) }, "FalsePositiveRate panics if m == 0")
	}
}

// sizingCalls is how many calls each random sizing test makes.
const sizingCalls = 3000

// randomOptimalM compares OptimalM with the reference's over n up to 10^15 and p from 10^-300
// to just below 1.
func (s *suite) randomOptimalM(t *harness.T) {
	harness.Compare(t, s.sizingModel(true), optimalMCalls(t.Rand()))
}

// optimalMCalls draws the calls of the random OptimalM test.
func optimalMCalls(rng *rand.Rand) []harness.Call {
	return drawCalls(rng, func(rng *rand.Rand) harness.Call {
		return fnCall("OptimalM", wideCount(rng, 1e15), wideP(rng))
	})
}

// randomOptimalK compares OptimalK with the reference's over n up to 10^12 and m from 1 to
// 2000 bits per key, and n == 0. No more bits per key: the best k would pass 1386, where a
// FalsePositiveRate that multiplies k times grows slow and both rates round to 0.
func (s *suite) randomOptimalK(t *harness.T) {
	harness.Compare(t, s.sizingModel(true), optimalKCalls(t.Rand()))
}

// optimalKCalls draws the calls of the random OptimalK test.
func optimalKCalls(rng *rand.Rand) []harness.Call {
	return drawCalls(rng, func(rng *rand.Rand) harness.Call {
		n := wideCount(rng, 1e12)
		m := max(1, uint64(float64(n)*logUniform(rng, 1e-3, 2000)))
		if n == 0 {
			m = wideCount(rng, 1e15) + 1
		}
		return fnCall("OptimalK", m, n)
	})
}

// randomFalsePositiveRate compares FalsePositiveRate with the reference's over m and n up to
// 2^62 and k up to 1000, so that rates from 0 to 1 and tiny ones occur.
func (s *suite) randomFalsePositiveRate(t *harness.T) {
	harness.Compare(t, s.sizingModel(true), rateCalls(t.Rand()))
}

// rateCalls draws the calls of the random FalsePositiveRate test.
func rateCalls(rng *rand.Rand) []harness.Call {
	return drawCalls(rng, func(rng *rand.Rand) harness.Call {
		m := wideCount(rng, 1<<62) + 1
		n := wideCount(rng, 1<<62)
		if rng.IntN(2) == 0 { // around the useful sizes, 1 to 100 bits per key
			n = uint64(float64(m) / logUniform(rng, 1, 100))
		}
		k := uint(1 + rng.IntN(30))
		if rng.IntN(10) == 0 {
			k = uint(1 + rng.IntN(1000))
		}
		return fnCall("FalsePositiveRate", m, n, k)
	})
}

// drawCalls returns the sizingCalls calls of a random sizing test, each drawn by draw from rng.
func drawCalls(rng *rand.Rand, draw func(*rand.Rand) harness.Call) []harness.Call {
	calls := make([]harness.Call, sizingCalls)
	for i := range calls {
		calls[i] = draw(rng)
	}
	return calls
}

// wideCount draws a count from 0 to about hi: now and then 0, often a small or a round number,
// else log-uniform.
func wideCount(rng *rand.Rand, hi float64) uint64 {
	switch r := rng.IntN(100); {
	case r < 3:
		return 0
	case r < 20:
		return uint64(1 + rng.IntN(1000))
	case r < 40:
		return uint64([]float64{1, 2, 5}[rng.IntN(3)] * math.Pow10(rng.IntN(int(math.Log10(hi)))))
	}
	return uint64(logUniform(rng, 1, hi))
}

// wideP draws a false-positive rate in (0, 1): round ones, ones near 1, tiny ones, and
// log-uniform ones.
func wideP(rng *rand.Rand) float64 {
	switch r := rng.IntN(100); {
	case r < 20:
		return []float64{0.5, 0.1, 0.05, 0.01, 0.001, 1e-6, 1e-9}[rng.IntN(7)]
	case r < 40:
		return 1 - logUniform(rng, 1e-12, 0.5)
	case r < 50:
		return logUniform(rng, 1e-300, 1e-10)
	}
	return logUniform(rng, 1e-12, 0.999)
}

// logUniform draws from [lo, hi) with a uniform logarithm.
func logUniform(rng *rand.Rand, lo, hi float64) float64 {
	return math.Exp(math.Log(lo) + rng.Float64()*(math.Log(hi)-math.Log(lo)))
}

// sizingHint names the usual cause of a sizing function's wrong answer.
func sizingHint(f harness.Mismatch) string {
	if f.Panic != nil {
		return ""
	}
	c := f.Calls[len(f.Calls)-1]
	switch c.Method {
	case "OptimalM":
		return optimalMHint(f.Got, f.Want)
	case "OptimalK":
		return optimalKHint(c.Args[0].(uint64), c.Args[1].(uint64), f.Got)
	case "FalsePositiveRate":
		return "FalsePositiveRate(m, n, k) is (1 − e^(−k·n/m))^k, with k·n/m computed in float64: " +
			"float64(k)*float64(n)/float64(m) (k*n can overflow uint64)"
	}
	return ""
}

// optimalMHint names the usual cause of a wrong OptimalM.
func optimalMHint(got, want any) string {
	g, _ := got.(uint64)
	var w uint64
	switch x := want.(type) {
	case uint64:
		w = x
	case sizeWant:
		w = x.want
	}
	switch {
	case w == 1 && g == 0:
		return "OptimalM is at least 1, also when n == 0"
	case g+1 == w:
		return "round up: OptimalM is the ceiling of −n·ln p/(ln 2)², not math.Round or a conversion that truncates"
	}
	return "OptimalM is ⌈−n·ln p/(ln 2)²⌉ with the natural logarithm (math.Log) and math.Ln2 squared"
}

// optimalKHint names the usual cause of a wrong OptimalK.
func optimalKHint(m, n uint64, got any) string {
	g, _ := got.(uint)
	if n == 0 {
		return "OptimalK is 1 when n == 0"
	}
	lo, hi := kCandidates(m, n)
	switch {
	case g == 0:
		return "k is at least 1: when (m/n)·ln 2 is below 1, its floor 0 is not allowed"
	case g == hi && hi != lo:
		return "compare FalsePositiveRate at the floor and at the ceiling of (m/n)·ln 2 and keep the lower, " +
			"the floor on a tie: the ceiling is not always better"
	case g == lo && hi != lo && float64(m)/float64(n)*math.Ln2-float64(lo) >= 0.5:
		// Rounding would have given the ceiling: the floor came from truncating.
		return "the floor of (m/n)·ln 2 is not always the best k (a conversion to uint truncates, and so " +
			"does a k taken as bits per key times 0.69): compare FalsePositiveRate at the floor and at " +
			"the ceiling and keep the lower"
	case g == lo && hi != lo:
		return "the ceiling of (m/n)·ln 2 can win even when its fraction is below .5: " +
			"compare the two rates instead of rounding"
	}
	return "OptimalK is the floor or the ceiling of (m/n)·ln 2, whichever gives the lower FalsePositiveRate"
}
