package randomizedset

import (
	"fmt"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// The reach test checks that GetRandom can answer every member of a set far larger than the
// uniformity tests' 151 values: a GetRandom that draws from the first 1024 or 160 slots only is
// uniform on those, and fails here.
//
// The chance that a correct GetRandom fails: each check draws ReachDraws times per member, so a
// given member of the k = ReachValues is missed with probability (1 - 1/k)^(ReachDraws·k) <
// e^-ReachDraws = e^-40 ≈ 4.2e-18, and some member of the k in one of the two checks with
// probability below 2 · 4096 · 4.2e-18 ≈ 3.5e-14.
//
// What it catches: a GetRandom that never answers some members, whatever decides which: the
// values past slot 1023 (rand.IntN(min(len, 1024))) or past slot 159. A member drawn at half the
// fair rate is still missed only with probability e^-20: biases are the uniformity tests' job.
const (
	// ReachValues is the size of the reach test's set.
	ReachValues = 4096
	// ReachDraws is the reach test's draws per member in each check.
	ReachDraws = 40
)

// reach checks that GetRandom answers every member, on ReachValues values just inserted, and
// again after half of them were removed in random order (the last slots' values moved into the
// holes) and as many new ones inserted.
func reach(t *harness.T, api API) {
	const k = ReachValues
	rng := t.Rand()
	p := newProbe(t, api)
	values := make([]int, 0, k)
	fill := func() {
		for len(values) < k {
			x := rng.IntN(2_000_001) - 1_000_000
			if _, dup := p.members[x]; !dup {
				p.insert(x)
				values = append(values, x)
			}
		}
	}
	fill()
	p.checkReach(ReachDraws)
	rng.Shuffle(len(values), func(i, j int) { values[i], values[j] = values[j], values[i] })
	for _, x := range values[k/2:] {
		p.remove(x)
	}
	values = values[:k/2]
	fill()
	p.checkReach(ReachDraws)
}

// checkReach draws perValue times per member and fails if GetRandom answers a value that is not
// a member, or never answers some member.
func (p *probe) checkReach(perValue int) {
	values, counts := p.count(perValue)
	var missed []int
	for i, c := range counts {
		if c == 0 {
			missed = append(missed, values[i])
		}
	}
	p.t.Logf("GetRandom missed %d of %d members in %d draws", len(missed), len(values), perValue*len(values))
	if len(missed) == 0 {
		return
	}
	p.t.Fail(&record.Failure{
		Verdict: verdict.WrongAnswer,
		Op:      getRandom.Go("s"),
		Message: fmt.Sprintf("GetRandom never returned %d of the %d elements in %d calls, e.g. %s",
			len(missed), len(values), perValue*len(values), harness.Lit(missed[0])),
		Hint: hintReach,
	})
}
