package randomizedset

import (
	"fmt"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// The independence check: GetRandom must give each member the same chance on every call,
// whatever it answered before, so successive draws are independent. A GetRandom that walks the
// slice in turn (round robin), or never answers the value it answered last, gives every member
// its share of the draws and passes the uniformity tests, yet its next answer follows from the
// last one.
//
// On a set of k values, numbered 0 to k-1 in increasing order, the check draws n+1 times and
// counts the steps between successive draws, (next - last) mod k: 0 for a repeat. For a right
// GetRandom the draws are independent and uniform, and so are the n steps (the first draw and
// the steps give back the draws, one to one), so the steps' counts have exactly the
// distribution of n uniform draws' counts, and are judged by the same chi-square test at the
// same level Alpha. property/uniform-small runs it on its set of 3 with n = 30,000 steps, the
// very distribution of its uniformity test's counts: summing the exact multinomial probabilities
// of every count with X² above the cut (36.84) gives 1.0e-8, the chance that the check fails a
// right set (and 200,000 simulated runs on math/rand/v2 fell below p = 1e-2 and 1e-3 at 0.95
// times those rates). With the uniformity test before it, property/uniform-small fails a right set less
// than twice in 10⁸ runs.
//
// What it catches, on the set of 3 and its 30,000 steps: round robin makes every step the same,
// X² = 2n = 60,000; drawing again while the answer is the last one never steps 0, X² = n/2 =
// 15,000; a shuffled copy of the slice dealt out in order and shuffled again when used up
// repeats only across two deals, one step in 9, X² = 2n/9 ≈ 6,700. It does not see a dependence
// that keeps the steps uniform, which no usual mistake makes.

// checkIndependent draws perStep times per member, and once more, and fails if GetRandom
// answers a value that is not a member, or if the steps between successive draws fail the
// chi-square test at level Alpha. The number of members must be odd (chiSquareTail).
func (p *probe) checkIndependent(perStep int) {
	values, slot := p.sorted()
	k := len(values)
	// follows[i][j] is how many times the j-th value came right after the i-th, for the message.
	follows := make([][]int, k)
	for i := range follows {
		follows[i] = make([]int, k)
	}
	after := make([]int, k) // how many draws came right after the i-th value
	steps := make([]int, k)
	last := p.draw(slot)
	for range perStep * k {
		next := p.draw(slot)
		follows[last][next]++
		after[last]++
		steps[(next-last+k)%k]++
		last = next
	}
	stat := chiSquare(steps, float64(perStep))
	pValue := chiSquareTail(k-1, stat)
	p.t.Logf("independence: chi-square %.1f with %d degrees of freedom: p = %.3g", stat, k-1, pValue)
	if pValue >= Alpha {
		return
	}
	// Name the pair whose count strays furthest from its share, 1 in k, of the draws after the
	// first value of the pair.
	a, b, far := 0, 0, -1
	for i, row := range follows {
		for j, c := range row {
			if d := abs(k*c - after[i]); d > far {
				a, b, far = i, j, d
			}
		}
	}
	p.t.Fail(&record.Failure{
		Verdict: verdict.WrongAnswer,
		Op:      getRandom.Go("s"),
		Message: fmt.Sprintf("GetRandom() depends on its last answer: in %d draws from %s, %s came right after %s "+
			"%d times out of the %d draws that followed %s, where about 1 in %d should",
			perStep*k+1, describe(values), harness.Lit(values[b]), harness.Lit(values[a]), follows[a][b], after[a],
			harness.Lit(values[a]), k),
		Hint: hintIndependent,
	})
}

// abs returns |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
