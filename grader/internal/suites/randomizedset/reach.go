package randomizedset

import (
	"fmt"
	"math"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// The reach test checks that GetRandom can answer every member of a set far larger than the
// uniformity tests' 151 values: a GetRandom that draws from the first 1024 or 160 slots only is
// uniform on those, and fails here.
//
// The chance that a correct GetRandom fails: each of the first two checks draws ReachDraws times
// per member, so a given member of the k = ReachValues is missed with probability
// (1 - 1/k)^(ReachDraws·k) < e^-ReachDraws = e^-40 ≈ 4.2e-18, and some member of the k in one of
// the two checks with probability below 2 · 4096 · 4.2e-18 ≈ 3.5e-14.
//
// What it catches: a GetRandom that never answers some members, whatever decides which: the
// values past slot 1023 (rand.IntN(min(len, 1024))) or past slot 159. A member drawn at half the
// fair rate is still missed only with probability e^-20: biases are the uniformity tests' job.
//
// The last check grows the set to ReachLarge members, past 2^16, and counts the members that
// ReachLargeDraws·ReachLarge calls return: a GetRandom that draws the index as a C program does,
// rand() % n with a rand() of 15 or 16 bits (RAND_MAX 32767), never returns the members past
// slot 32,767 or 65,535, which a set of 4096 cannot show. Drawing every member of so large a set
// would take millions of calls; a uniform GetRandom returns 1 − e^−2 of them, 86,466 give or take
// 90 (one standard deviation), in two calls per member, so fewer than ReachLargeShare of them,
// 80,000, is a block of members it cannot return, not chance.
const (
	// ReachValues is the size of the reach test's set in its first two checks.
	ReachValues = 4096
	// ReachDraws is the reach test's draws per member in each of those checks.
	ReachDraws = 40
	// ReachLarge is the size the set grows to for the last check.
	ReachLarge = 100_000
	// ReachLargeDraws is the last check's draws per member.
	ReachLargeDraws = 2
	// ReachLargeShare is the least share of the members the last check's draws must return.
	ReachLargeShare = 0.8
)

// reach checks that GetRandom answers every member, on ReachValues values just inserted, and
// again after half of them were removed in random order (the last slots' values moved into the
// holes) and as many new ones inserted; then that it answers most members of the set grown to
// ReachLarge.
func reach(t *harness.T, api API) {
	rng := t.Rand()
	p := newProbe(t, api)
	values := make([]int, 0, ReachLarge)
	fill := func(k int) {
		for len(values) < k {
			x := rng.IntN(2_000_001) - 1_000_000
			if _, dup := p.members[x]; !dup {
				p.insert(x)
				values = append(values, x)
			}
		}
	}
	fill(ReachValues)
	p.checkReach(ReachDraws)
	rng.Shuffle(len(values), func(i, j int) { values[i], values[j] = values[j], values[i] })
	for _, x := range values[ReachValues/2:] {
		p.remove(x)
	}
	values = values[:ReachValues/2]
	fill(ReachValues)
	p.checkReach(ReachDraws)
	fill(ReachLarge)
	p.checkShare(ReachLargeDraws, ReachLargeShare)
}

// checkShare draws perValue times per member and fails if GetRandom answers a value that is not
// a member, or returns fewer than the share least of the members.
func (p *probe) checkShare(perValue int, least float64) {
	values, counts := p.count(perValue)
	seen := 0
	for _, c := range counts {
		if c > 0 {
			seen++
		}
	}
	fair := float64(len(values)) * (1 - math.Exp(-float64(perValue)))
	p.t.Logf("GetRandom returned %d of %d members in %d draws (about %.0f expected)", seen, len(values),
		perValue*len(values), fair)
	if float64(seen) >= least*float64(len(values)) {
		return
	}
	p.t.Fail(&record.Failure{
		Verdict: verdict.WrongAnswer,
		Op:      getRandom.Go("s"),
		Message: fmt.Sprintf("GetRandom returned only %d of the %d elements in %d calls, where a uniform draw "+
			"returns about %.0f of them: it cannot reach some", seen, len(values), perValue*len(values), fair),
		Hint: hintReach,
	})
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
