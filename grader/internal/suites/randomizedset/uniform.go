package randomizedset

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// The uniformity tests build a set by a history of inserts and removals, draw from it many
// times, and judge the counts with Pearson's chi-square test of goodness of fit: the statistic
// X² = Σ (count - mean)² / mean over the k values, which for a uniform GetRandom follows the
// chi-square distribution with k-1 degrees of freedom.
//
// The chance that a correct GetRandom fails: each test fails when that distribution gives X² a
// p-value below Alpha = 1e-8. The chi-square distribution is the limit of the statistic's as the
// draws grow, and both tests expect at least 1000 draws per value, where the limit is close:
// for the small test's 3 values and 30,000 draws, summing the exact multinomial probabilities of
// every count with X² above the cut gives 1.0e-8; for the large test's 151 values and 151,000
// draws, 700,000 simulated runs on a uniform source fell below p = 1e-2, 1e-3, 1e-4 and 1e-5 at
// 1.02, 1.08, 0.97 and 0.86 times those rates. Even were the limit off by a factor of 50 in the
// large test's far tail, the two tests together would fail a correct set less than once in a
// million runs.
//
// What they catch, with the large test's 151 values and 151,000 draws (its cut, X² > 268.3, sits
// 118 above the mean of 150): a value never drawn (rand.IntN(len-1)) adds about 1000 to X²; one
// value kept twice in the slice, 1000; the first value favoured by 1%, about 2300; an index
// taken modulo 1000, about 800; the first key of a map range, thousands. The small test sees
// the same at a glance for a set of 3.
const (
	// Alpha is the p-value below which a uniformity test fails.
	Alpha = 1e-8
	// UniformValues is the size of the large test's set; odd, so that the degrees of freedom are
	// even and the chi-square tail has the closed form chiSquareTail uses.
	UniformValues = 151
	// UniformDraws is the large test's draws per value.
	UniformDraws = 1000
	// SmallDraws is the small test's draws per value.
	SmallDraws = 10_000
)

// uniformSmall checks GetRandom's counts on a set of 3 left by removals: one of the first slot,
// one of the last (which swap-with-last swaps with itself), and one removed and inserted again.
// Then it checks that successive draws are independent (independent.go).
func uniformSmall(t *harness.T, api API) {
	p := newProbe(t, api)
	for _, x := range []int{10, 20, 30, 40, 50} {
		p.insert(x)
	}
	p.insert(20)
	p.remove(10)
	p.remove(40)
	p.remove(30)
	p.insert(30)
	p.checkUniform(SmallDraws)
	p.checkIndependent(SmallDraws)
}

// uniform checks GetRandom's counts on a set of UniformValues values from ±10⁶, left by a
// history that moves many of them: 2k distinct values inserted, a tenth of them inserted a
// second time (which must change nothing), k + k/5 of them removed in random order (the first
// and the last inserted among them), and k/5 of those inserted again.
func uniform(t *harness.T, api API) {
	const k = UniformValues
	rng := t.Rand()
	p := newProbe(t, api)
	values := make([]int, 0, 2*k)
	for len(values) < 2*k {
		x := rng.IntN(2_000_001) - 1_000_000
		if _, dup := p.members[x]; !dup {
			p.insert(x)
			values = append(values, x)
		}
	}
	for _, i := range rng.Perm(len(values))[:k/10] {
		p.insert(values[i])
	}
	middle := values[1 : len(values)-1]
	rng.Shuffle(len(middle), func(i, j int) { middle[i], middle[j] = middle[j], middle[i] })
	gone := append([]int{values[0], values[len(values)-1]}, middle[:k+k/5-2]...)
	rng.Shuffle(len(gone), func(i, j int) { gone[i], gone[j] = gone[j], gone[i] })
	for _, x := range gone {
		p.remove(x)
	}
	for _, x := range gone[:k/5] {
		p.insert(x)
	}
	p.checkUniform(UniformDraws)
}

// probe drives one graded set directly, each call through t.Invoke, and knows the members the
// set must hold.
type probe struct {
	t       *harness.T
	api     API
	set     RandomizedSet
	members memberSet
	calls   []harness.Call // the inserts and removals so far, for the hint
}

func newProbe(t *harness.T, api API) *probe {
	set := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return api.New() })
	return &probe{t: t, api: api, set: set.(RandomizedSet), members: memberSet{}}
}

// insert inserts x and checks the answer.
func (p *probe) insert(x int) {
	c := call("Insert", x)
	got := p.t.Invoke(c, func() any { return p.set.Insert(x) }).(bool)
	_, present := p.members[x]
	p.members[x] = struct{}{}
	p.check(c, got, !present)
}

// remove removes x and checks the answer.
func (p *probe) remove(x int) {
	c := call("Remove", x)
	got := p.t.Invoke(c, func() any { return p.set.Remove(x) }).(bool)
	_, present := p.members[x]
	delete(p.members, x)
	p.check(c, got, present)
}

// check fails the test if the call c answered got instead of want.
func (p *probe) check(c harness.Call, got, want bool) {
	p.calls = append(p.calls, c)
	if got == want {
		return
	}
	p.t.Fail(&record.Failure{
		Verdict: verdict.WrongAnswer,
		Op:      c.Go("s"),
		Message: fmt.Sprintf("%s returned %t, want %t%s", c.Short(), got, want, p.after()),
		Hint:    hint(harness.Mismatch{Calls: p.calls, Got: got, Want: want}),
	})
}

// after says how many calls came before the last one: " (after 12 operations)".
func (p *probe) after() string {
	return fmt.Sprintf(" (after %d operations)", len(p.calls)-1)
}

// checkUniform draws perValue times per member and fails if GetRandom answers a value that is not
// a member, or if the counts fail the chi-square test at level Alpha.
func (p *probe) checkUniform(perValue int) {
	values, counts := p.count(perValue)
	n := perValue * len(values)
	stat := chiSquare(counts, float64(perValue))
	pValue := chiSquareTail(len(values)-1, stat)
	p.t.Logf("chi-square %.1f with %d degrees of freedom: p = %.3g", stat, len(values)-1, pValue)
	if pValue >= Alpha {
		return
	}
	hint := hintUniform
	if slices.ContainsFunc(p.calls, func(c harness.Call) bool { return c.Method == "Remove" }) && p.uniformFresh(values, perValue) {
		hint = hintHoles
	}
	lo, hi := 0, 0
	for i, c := range counts {
		if c < counts[lo] {
			lo = i
		}
		if c > counts[hi] {
			hi = i
		}
	}
	p.t.Fail(&record.Failure{
		Verdict: verdict.WrongAnswer,
		Op:      getRandom.Go("s"),
		Message: fmt.Sprintf("GetRandom() is not uniform: in %d draws from %s, %s came up %d times and %s came up %d times, "+
			"where each should come up about %d times", n, describe(values), harness.Lit(values[lo]), counts[lo],
			harness.Lit(values[hi]), counts[hi], perValue),
		Hint: hint,
	})
}

// uniformFresh reports whether GetRandom passes the same test on a fresh set of the same values
// made by Inserts alone: then the removals made it biased.
func (p *probe) uniformFresh(values []int, perValue int) bool {
	q := newProbe(p.t, p.api)
	for _, x := range values {
		q.insert(x)
	}
	_, counts := q.count(perValue)
	return chiSquareTail(len(values)-1, chiSquare(counts, float64(perValue))) >= Alpha
}

// count draws perValue times per member, and returns the members in order with the number of
// times each came up. It fails the test if GetRandom answers a value that is not a member.
func (p *probe) count(perValue int) (values, counts []int) {
	values, slot := p.sorted()
	counts = make([]int, len(values))
	for range perValue * len(values) {
		counts[p.draw(slot)]++
	}
	return values, counts
}

// sorted returns the members in order, and each one's place in that order.
func (p *probe) sorted() (values []int, slot map[int]int) {
	values = slices.Sorted(maps.Keys(p.members))
	slot = make(map[int]int, len(values))
	for i, x := range values {
		slot[x] = i
	}
	return values, slot
}

// draw calls GetRandom once and returns its answer's place in slot. It fails the test if the
// answer is not a member.
func (p *probe) draw(slot map[int]int) int {
	x := p.t.Invoke(getRandom, p.callGetRandom).(int)
	i, ok := slot[x]
	if !ok {
		p.calls = append(p.calls, getRandom)
		p.t.Fail(&record.Failure{
			Verdict: verdict.WrongAnswer,
			Op:      getRandom.Go("s"),
			Message: fmt.Sprintf("GetRandom() returned %s, which is not in the set%s", harness.Lit(x), p.after()),
			Hint:    hintStale,
		})
	}
	return i
}

// callGetRandom is the call draw makes, in the form t.Invoke takes.
func (p *probe) callGetRandom() any { return p.set.GetRandom() }

// describe names a set for a message: "{2, 3, 5}" when small, "a set of 151 values" otherwise.
func describe(values []int) string {
	if len(values) > 5 {
		return fmt.Sprintf("a set of %d values", len(values))
	}
	parts := make([]string, len(values))
	for i, x := range values {
		parts[i] = harness.Lit(x)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// chiSquare returns Pearson's statistic for counts that should each be about mean.
func chiSquare(counts []int, mean float64) float64 {
	var x float64
	for _, c := range counts {
		d := float64(c) - mean
		x += d * d / mean
	}
	return x
}

// chiSquareTail returns the probability that a chi-square variable with df degrees of freedom is
// at least x, for even df = 2m. It is then exactly the chance that a Poisson variable of mean
// h = x/2 is below m, e^-h Σ_{j<m} h^j / j!, summed here from the terms' logarithms so that
// none underflows.
func chiSquareTail(df int, x float64) float64 {
	if df <= 0 || df%2 != 0 {
		panic(fmt.Sprintf("randomizedset suite: chiSquareTail needs even degrees of freedom, not %d", df))
	}
	h := x / 2
	if h <= 0 {
		return 1
	}
	logs := make([]float64, df/2)
	for j := range logs {
		logFact, _ := math.Lgamma(float64(j + 1))
		logs[j] = -h + float64(j)*math.Log(h) - logFact
	}
	top := slices.Max(logs)
	var sum float64
	for _, l := range logs {
		sum += math.Exp(l - top)
	}
	return min(1, math.Exp(top)*sum)
}
