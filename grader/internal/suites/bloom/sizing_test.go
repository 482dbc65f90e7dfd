package bloom

import (
	"flag"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"kata/grader/internal/harness"
	ref "kata/solutions/bloom"
)

// sizingSeeds is how many seeds TestSizingVariants draws the random sizing calls for: 200 in
// go test ./..., and 10,000 in .ci/run, which runs the test on its own so that its minute of
// arithmetic does not load the machine under the judge's timing tests. Every wrong variant is
// caught on every seed, so the 200 prove each caught, and CI's run proves no right one fails.
var sizingSeeds = flag.Int("bloom.sizing-seeds", 200, "seeds for TestSizingVariants (.ci/run: 10000)")

// The ways a learner writes the sizing formulas. The right ones differ from the reference only
// by float64 rounding, which is large where the formula is ill-conditioned (ln p for p near 1);
// the wrong ones differ in the formula itself.

// mFormula is an OptimalM before the guard on p and the ceiling, at least 1.
type mFormula func(n uint64, p float64) float64

// guardedM is m with OptimalM's guard: a panic unless 0 < p < 1.
func guardedM(m func(n uint64, p float64) uint64) func(uint64, float64) uint64 {
	return func(n uint64, p float64) uint64 {
		if !(p > 0 && p < 1) {
			panic("p")
		}
		return m(n, p)
	}
}

// optimalMOf is an OptimalM that takes the ceiling of f, at least 1.
func optimalMOf(f mFormula) func(uint64, float64) uint64 {
	return guardedM(func(n uint64, p float64) uint64 { return ceilAtLeast1(f(n, p)) })
}

// rightM are OptimalM written the ways a learner would, all right.
var rightM = map[string]func(uint64, float64) uint64{
	"-n*Log(p)/(Ln2*Ln2)":       optimalMOf(func(n uint64, p float64) float64 { return -float64(n) * math.Log(p) / (math.Ln2 * math.Ln2) }),
	"n*Log(1/p)/(Ln2*Ln2)":      optimalMOf(func(n uint64, p float64) float64 { return float64(n) * math.Log(1/p) / (math.Ln2 * math.Ln2) }),
	"-n*Log(p)/Pow(Log(2),2)":   optimalMOf(func(n uint64, p float64) float64 { return -float64(n) * math.Log(p) / math.Pow(math.Log(2), 2) }),
	"n*Log(1/p)/Pow(Log(2),2)":  optimalMOf(func(n uint64, p float64) float64 { return float64(n) * math.Log(1/p) / math.Pow(math.Log(2), 2) }),
	"-n*Log(p)/Ln2/Ln2":         optimalMOf(func(n uint64, p float64) float64 { return -float64(n) * math.Log(p) / math.Ln2 / math.Ln2 }),
	"-Log(p)/(Ln2*Ln2)*n":       optimalMOf(func(n uint64, p float64) float64 { return -math.Log(p) / (math.Ln2 * math.Ln2) * float64(n) }),
	"-n*Log2(p)/Ln2":            optimalMOf(func(n uint64, p float64) float64 { return -float64(n) * math.Log2(p) / math.Ln2 }),
	"n*Log(1/p)*Log2E*Log2E":    optimalMOf(func(n uint64, p float64) float64 { return float64(n) * math.Log(1/p) * math.Log2E * math.Log2E }),
	"n*-Log(p)/(Log(2)*Log(2))": optimalMOf(func(n uint64, p float64) float64 { return float64(n) * -math.Log(p) / (math.Log(2) * math.Log(2)) }),
	"-n*Log10(p)/(Log10E*Ln2^2)": optimalMOf(func(n uint64, p float64) float64 {
		return -float64(n) * math.Log10(p) / (math.Log10E * math.Ln2 * math.Ln2)
	}),
}

// wrongM are OptimalM with the mistakes learners make, each caught.
var wrongM = map[string]func(uint64, float64) uint64{
	"floor": func(n uint64, p float64) uint64 {
		return max(1, uint64(-float64(n)*math.Log(p)/(math.Ln2*math.Ln2)))
	},
	"round": func(n uint64, p float64) uint64 {
		return max(1, uint64(math.Round(-float64(n)*math.Log(p)/(math.Ln2*math.Ln2))))
	},
	"log2 for ln": optimalMOf(func(n uint64, p float64) float64 { return -float64(n) * math.Log2(p) / (math.Ln2 * math.Ln2) }),
	"no minimum of 1": guardedM(func(n uint64, p float64) uint64 {
		return uint64(math.Ceil(-float64(n) * math.Log(p) / (math.Ln2 * math.Ln2)))
	}),
	"bits per key rounded up, times n": guardedM(func(n uint64, p float64) uint64 {
		return max(1, n*uint64(math.Ceil(-math.Log(p)/(math.Ln2*math.Ln2))))
	}),
}

// kRate is a FalsePositiveRate an OptimalK compares.
type kRate func(m, n uint64, k uint) float64

// guardedK is k with OptimalK's guards: a panic on m == 0, and 1 for n == 0.
func guardedK(k func(m, n uint64) uint) func(m, n uint64) uint {
	return func(m, n uint64) uint {
		if m == 0 {
			panic("m")
		}
		if n == 0 {
			return 1
		}
		return k(m, n)
	}
}

// optimalKOf is an OptimalK with (m/n)·ln 2 computed by x, comparing the rates of rate, lower
// first unless strict (then the ceiling wins a tie, which the contract gives the floor).
func optimalKOf(x func(m, n uint64) float64, rate kRate, strict bool) func(m, n uint64) uint {
	return guardedK(func(m, n uint64) uint {
		v := x(m, n)
		lo, hi := max(uint(math.Floor(v)), 1), max(uint(math.Ceil(v)), 1)
		if rate(m, n, lo) < rate(m, n, hi) || !strict && rate(m, n, lo) == rate(m, n, hi) {
			return lo
		}
		return hi
	})
}

// The ways to write (m/n)·ln 2.
func xRef(m, n uint64) float64     { return float64(m) / float64(n) * math.Ln2 }
func xMFirst(m, n uint64) float64  { return float64(m) * math.Ln2 / float64(n) }
func xLog2(m, n uint64) float64    { return math.Log(2) * float64(m) / float64(n) }
func xIntDiv(m, n uint64) float64  { return float64(m/n) * math.Ln2 }
func xInverse(m, n uint64) float64 { return math.Ln2 / (float64(n) / float64(m)) }

// The ways to write FalsePositiveRate, all right.
func rateExpm1(m, n uint64, k uint) float64 { return ref.FalsePositiveRate(m, n, k) }
func ratePlain(m, n uint64, k uint) float64 { return plainRate(m, n, k) }
func rateLog(m, n uint64, k uint) float64 {
	t := float64(k) * float64(n) / float64(m)
	return math.Exp(float64(k) * math.Log(1-math.Exp(-t)))
}
func rateLoop(m, n uint64, k uint) float64 {
	b := 1 - math.Exp(-float64(n)/float64(m)*float64(k))
	r := 1.0
	for range k {
		r *= b
	}
	return r
}
func rateRatio(m, n uint64, k uint) float64 {
	return math.Pow(-math.Expm1(-float64(k)/(float64(m)/float64(n))), float64(k))
}

// rightK are OptimalK written the ways a learner would, all right.
var rightK = map[string]func(m, n uint64) uint{
	"reference":                 optimalKOf(xRef, rateExpm1, false),
	"m*Ln2/n, plain rate":       optimalKOf(xMFirst, ratePlain, false),
	"Log(2)*m/n, rate by Log":   optimalKOf(xLog2, rateLog, false),
	"Ln2/(n/m), rate by a loop": optimalKOf(xInverse, rateLoop, false),
	"m/n*Ln2, rate k/(m/n)":     optimalKOf(xRef, rateRatio, false),
}

// wrongK are OptimalK with the mistakes learners make, each caught.
var wrongK = map[string]func(m, n uint64) uint{
	"m*Ln2/n, plain, strict <": optimalKOf(xMFirst, ratePlain, true),
	"round":                    guardedK(func(m, n uint64) uint { return max(1, uint(math.Round(xRef(m, n)))) }),
	"ceiling":                  guardedK(func(m, n uint64) uint { return max(1, uint(math.Ceil(xRef(m, n)))) }),
	"ceiling on a tie":         optimalKOf(xRef, rateExpm1, true),
	"integer division":         optimalKOf(xIntDiv, rateExpm1, false),
	"round, no minimum of 1":   guardedK(func(m, n uint64) uint { return uint(math.Round(xRef(m, n))) }),
}

// guarded is rate with the panic on m == 0.
func guarded(rate kRate) func(m, n uint64, k uint) float64 {
	return func(m, n uint64, k uint) float64 {
		if m == 0 {
			panic("m")
		}
		return rate(m, n, k)
	}
}

// rightRate are FalsePositiveRate written the ways a learner would, all right.
var rightRate = map[string]func(m, n uint64, k uint) float64{
	"Pow(-Expm1(-t), k)":  guarded(rateExpm1),
	"Pow(1-Exp(-t), k)":   guarded(ratePlain),
	"Exp(k*Log(1-e^-t))":  guarded(rateLog),
	"a loop of k factors": guarded(rateLoop),
	"t = k/(m/n)":         guarded(rateRatio),
}

// wrongRate are FalsePositiveRate with the mistakes learners make, each caught.
var wrongRate = map[string]func(m, n uint64, k uint) float64{
	"k·m/n": guarded(func(m, n uint64, k uint) float64 {
		return math.Pow(1-math.Exp(-float64(k)*float64(m)/float64(n)), float64(k))
	}),
	"k·n in uint64": guarded(func(m, n uint64, k uint) float64 {
		return math.Pow(1-math.Exp(-float64(uint64(k)*n)/float64(m)), float64(k))
	}),
	"no power k": guarded(func(m, n uint64, k uint) float64 {
		return 1 - math.Exp(-float64(k)*float64(n)/float64(m))
	}),
	"integer division": guarded(func(m, n uint64, k uint) float64 {
		return math.Pow(1-math.Exp(-float64(uint64(k)*n/m)), float64(k))
	}),
}

// sizingAPI is the correct API with one sizing function replaced.
func sizingAPI(change func(*API)) API {
	api := correct()
	change(&api)
	return api
}

// TestSizingVariants grades every way of writing each sizing formula, right and wrong, with the
// fixed tests and with the calls of the random tests for many seeds: every right one passes
// everything, and every wrong one fails the fixed tests or the random calls of every seed.
func TestSizingVariants(t *testing.T) {
	seeds := *sizingSeeds
	if testing.Short() {
		seeds = min(seeds, 20)
	}
	t.Run("OptimalM", func(t *testing.T) {
		t.Parallel()
		gradeVariants(t, seeds, "edge/optimal-m", optimalMCalls, rightM, wrongM,
			func(f func(uint64, float64) uint64) API { return sizingAPI(func(a *API) { a.OptimalM = f }) },
			func(c harness.Call) harness.Expect {
				n, p := c.Args[0].(uint64), c.Args[1].(float64)
				return sizeWantOf(n, p, ref.OptimalM(n, p))
			},
			func(f func(uint64, float64) uint64, c harness.Call) any {
				return f(c.Args[0].(uint64), c.Args[1].(float64))
			})
	})
	t.Run("OptimalK", func(t *testing.T) {
		t.Parallel()
		gradeVariants(t, seeds, "edge/optimal-k", optimalKCalls, rightK, wrongK,
			func(f func(m, n uint64) uint) API { return sizingAPI(func(a *API) { a.OptimalK = f }) },
			func(c harness.Call) harness.Expect {
				m, n := c.Args[0].(uint64), c.Args[1].(uint64)
				return expectK(m, n, ref.OptimalK(m, n))
			},
			func(f func(m, n uint64) uint, c harness.Call) any { return f(c.Args[0].(uint64), c.Args[1].(uint64)) })
	})
	t.Run("FalsePositiveRate", func(t *testing.T) {
		t.Parallel()
		gradeVariants(t, seeds, "edge/false-positive-rate", rateCalls, rightRate, wrongRate,
			func(f func(m, n uint64, k uint) float64) API {
				return sizingAPI(func(a *API) { a.FalsePositiveRate = f })
			},
			func(c harness.Call) harness.Expect {
				m, n, k := c.Args[0].(uint64), c.Args[1].(uint64), c.Args[2].(uint)
				return expectRate(ref.FalsePositiveRate(m, n, k), k)
			},
			func(f func(m, n uint64, k uint) float64, c harness.Call) any {
				return f(c.Args[0].(uint64), c.Args[1].(uint64), c.Args[2].(uint))
			})
	})
}

// gradeVariants runs the fixed test of one sizing function on each variant, and checks each on
// the random calls drawn for seeds seeds. A right variant must pass the fixed test and every
// call; a wrong one must fail the fixed test, or some call of every seed.
func gradeVariants[F any](t *testing.T, seeds int, fixed string, draw func(*rand.Rand) []harness.Call,
	right, wrong map[string]F, api func(F) API, want func(harness.Call) harness.Expect, got func(F, harness.Call) any) {
	caughtFixed := map[string]bool{}
	for name, f := range wrong {
		_, ends := kit.RunEnds(t, api(f), 1, fixed)
		caughtFixed[name] = ends[fixed].Failure != nil
	}
	for name, f := range right {
		if _, ends := kit.RunEnds(t, api(f), 1, fixed); ends[fixed].Failure != nil {
			t.Errorf("right variant %s fails %s: %+v", name, fixed, ends[fixed].Failure)
		}
	}
	// The variants in slices, in name order: the loop below runs millions of times, and
	// ranging over a map and indexing counters by name cost more than the formulas.
	type variant struct {
		name string
		f    F
	}
	listOf := func(m map[string]F) []variant {
		var out []variant
		for _, name := range slices.Sorted(maps.Keys(m)) {
			out = append(out, variant{name, m[name]})
		}
		return out
	}
	rights, wrongs := listOf(right), listOf(wrong)
	rejected := make([]int, len(rights))    // calls of a right variant rejected
	missedSeeds := make([]int, len(wrongs)) // seeds where a wrong variant passed every call
	caught := make([]bool, len(wrongs))
	for seed := range uint64(seeds) {
		calls := draw(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
		clear(caught)
		for _, c := range calls {
			w := want(c)
			for i, v := range rights {
				if !w.Accepts(got(v.f, c)) {
					if rejected[i] == 0 {
						t.Errorf("right variant %s rejected at %s (seed %d)", v.name, c.Short(), seed)
					}
					rejected[i]++
				}
			}
			for i, v := range wrongs {
				if !caught[i] && !w.Accepts(got(v.f, c)) {
					caught[i] = true
				}
			}
		}
		for i := range wrongs {
			if !caught[i] {
				missedSeeds[i]++
			}
		}
	}
	for i, v := range rights {
		t.Logf("right %-28s rejected on %d of %d calls", v.name, rejected[i], seeds*sizingCalls)
	}
	for i, v := range wrongs {
		t.Logf("wrong %-28s caught by %s: %v; passed the random calls of %d of %d seeds",
			v.name, fixed, caughtFixed[v.name], missedSeeds[i], seeds)
		if !caughtFixed[v.name] && missedSeeds[i] > 0 {
			t.Errorf("wrong variant %s passes %s and the random calls of %d seeds", v.name, fixed, missedSeeds[i])
		}
	}
}
