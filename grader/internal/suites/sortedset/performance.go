package sortedset

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// PerfSizes are the set sizes the growth along n is measured at: doubling from 3,125 to
// 200,000, a span of 64. A sorted slice of 24-byte members shifts 2.4 MB per Remove at the
// top: far past any skip list's cost there, and proven wrong over the span.
var PerfSizes = harness.Sizes(3125, 200_000, 2)

// RangeLen is how many members each range returns along n.
const RangeLen = 8

// RangeN is the set's size while the ranges are measured along r.
const RangeN = 16384

// RangeSizes are the numbers of members a range returns along r: doubling from 16 to 2,048,
// a span of 128.
var RangeSizes = harness.Sizes(16, 2048, 2)

// rangeMembers is about how many members a timed batch of ranges returns along r, whatever r:
// a third of a millisecond of copying for the reference, long enough to time well.
const rangeMembers = 1 << 15

// perfBatch is the number of calls in a timed query batch along n.
const perfBatch = 1000

// perfNames draws n distinct names of 8 letters, and perfBatch more that differ from them
// all: the i-th is offset + i·step modulo 26⁸ written in base 26, step coprime with 26⁸ (odd, and
// no multiple of 13), so that all are distinct with no set to check them against, and
// neighbours in the list are far apart in the order.
func perfNames(rng *rand.Rand, n int) (present, absent []string) {
	const space = 26 * 26 * 26 * 26 * 26 * 26 * 26 * 26
	step := uint64(1 + 2*rng.IntN(space/4))
	for step%13 == 0 {
		step += 2
	}
	offset := rng.Uint64N(space)
	name := func(i int) string {
		v := (offset + uint64(i)*step) % space
		var b [8]byte
		for j := range b {
			b[j] = 'a' + byte(v%26)
			v /= 26
		}
		return string(b[:])
	}
	present, absent = make([]string, n), make([]string, perfBatch)
	for i := range present {
		present[i] = name(i)
	}
	for i := range absent {
		absent[i] = name(n + i)
	}
	return present, absent
}

// scoreAt is the score of the member at position p of the measured sets: members are added in
// increasing score, so p is also its rank.
func scoreAt(p int) float64 { return float64(2 * p) }

// performance measures every operation as the set grows, and the ranges as the members they
// return grow, against the reference, and fails when one grows faster than expected.
//
// The set grows by Add in increasing score, each new member at the end of the order: that is
// cheap for every right structure, and for a sorted slice too, so that the ladder reaches the
// sizes where a Remove from the middle of a slice, a Θ(n) shift, shows. Remove, Score, Rank and
// the ranges then work on members from the middle of the order, neighbours in it, so that a
// walk from either end covers half the set, and a batch touches as many cache lines in any
// right structure whatever its size (see harness.Keyed). Each range returns RangeLen members.
//
// Along r the set holds RangeN members and each range returns r of them from the middle: a
// range that finds its start in O(log n) and then walks r members grows like the reference.
func performance(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/growth", Kind: harness.Performance, Run: func(t *harness.T) {
		names, absent := perfNames(t.Rand(), PerfSizes[len(PerfSizes)-1])
		ladder := &harness.Ladder[SortedSet]{
			Sizes: PerfSizes, New: learner.New, Ref: reference.New,
			// The set grows by Adds at the end of the order, which must be O(log n) too; the Adds
			// from the middle of the order are Query's, and their row is the one shown.
			Grow: harness.Grower[SortedSet]{
				Series: growthOf("Add", "n", addHint),
				Run: func(s SortedSet, from, to int) {
					for p := from; p < to; p++ {
						s.Add(names[p], scoreAt(p))
					}
				},
			},
			Queries: []harness.Query[SortedSet]{
				{Series: growthOf("Add", "n", addHint),
					Batch: perfBatch,
					Run: func(s SortedSet, n, count, rep int) {
						for i := range count {
							p := mid(n, 5+rep, i)
							switch i % 4 {
							case 0, 1: // a new name, between the members at p and p+1
								s.Add(absent[i], scoreAt(p)+1)
							case 2: // a present name, moved a quarter of the order away
								s.Add(names[p], scoreAt((p+n/4)%n)+1)
							case 3: // a present name, to a score that leaves it in its place
								s.Add(names[p], scoreAt(p)+0.5)
							}
						}
					},
					Undo: func(s SortedSet, n, count, rep int) {
						for i := range count {
							p := mid(n, 5+rep, i)
							if i%4 < 2 {
								s.Remove(absent[i])
							} else {
								s.Add(names[p], scoreAt(p))
							}
						}
					}},
				{Series: growthOf("Remove", "n",
					"Remove walks the order member by member, or shifts "+
						"the members after it in a slice (Θ(n) per call): find the node with a top-down "+
						"search by (score, name), keeping the update vector, and unlink it on each of its "+
						"levels, fixing the spans"), Batch: perfBatch,
					Run: func(s SortedSet, n, count, rep int) {
						for i := range count {
							s.Remove(names[mid(n, 1+rep, i)])
						}
					},
					Undo: func(s SortedSet, n, count, rep int) {
						for i := range count {
							p := mid(n, 1+rep, i)
							s.Add(names[p], scoreAt(p))
						}
					}},
				{Series: growthOf("Score", "n",
					"Score searches for the name: keep a map from name to "+
						"score (or to the member's node) beside the order, and answer from it in O(1)"),
					Batch: perfBatch, Run: func(s SortedSet, n, count, rep int) {
						for i := range count {
							if i&1 == 0 {
								s.Score(names[mid(n, 0, i)])
							} else {
								s.Score(absent[i])
							}
						}
					}},
				rankQuery(growthOf("Rank", "n",
					"Rank walks the bottom level (or sorts the set) to count the "+
						"members before the name: give each link a span (the members it jumps) and sum the "+
						"spans of the links followed on a top-down search"), names),
				{Series: growthOf("Len", "n",
					"Len counts the members: keep the count in the set, "+
						"one more on each Add of a new name, one less on each Remove"), Batch: perfBatch,
					Run: func(s SortedSet, n, count, rep int) {
						for range count {
							s.Len()
						}
					}},
				rankRangeQuery(growthOf("RangeByRank", "n", rankHint)),
				{Series: growthOf("RangeByScore", "n", scoreHint), Batch: perfBatch,
					Run: func(s SortedSet, n, count, rep int) {
						for i := range count {
							start := window(n, i, RangeLen)
							s.RangeByScore(scoreAt(start), scoreAt(start+RangeLen-1))
						}
					}},
			},
		}
		byRank := growthOf("RangeByRank", "r",
			"RangeByRank costs more than O(1) per member returned: "+
				"find position start once, then walk the bottom level, appending each member to a slice "+
				"made with the range's length")
		byScore := growthOf("RangeByScore", "r",
			"RangeByScore costs more than O(1) per member returned: "+
				"find the first member scored at least min once, then walk the bottom level while the "+
				"score is at most max")
		// The growth along n decides first: an operation proven wrong or too slow there is
		// the verdict, and the sets of RangeN members the ranges need would take that
		// operation's time again (a Θ(n) Add fills them in Θ(n²)).
		var along []*growth.Series
		for _, q := range ladder.Queries {
			along = append(along, q.Series)
		}
		failed := func() bool {
			for _, s := range along {
				if d := growth.Decide(s); d.Status == growth.Wrong || d.Status == growth.Slow {
					return true
				}
			}
			return false
		}
		harness.JudgeGrowth(t, func(m *harness.Meter) []*growth.Series {
			return ladder.Measure(m)[1:] // the queries, not the growth by Adds at the end
		}, func(m *harness.Meter) []*growth.Series {
			if failed() {
				return []*growth.Series{byRank, byScore}
			}
			return ranges(t, m, learner, reference, names, byRank, byScore)
		}, func(m *harness.Meter) []*growth.Series {
			if failed() {
				return nil
			}
			return ties(learner, reference, names, absent).Measure(m)[1:]
		})
		rankAfterChange(t, learner, names, absent)
	}}
}

// ChangedSize, ChangedRanks, ChangedFactor and ChangedFloor make the check of Ranks after
// changes: on a set of ChangedSize members, ChangedRanks Ranks each made just after an Add of a
// new member in the middle of the order (and before its Remove) may take ChangedFactor times as
// long as the same Ranks with nothing in between, and ChangedFloor per Rank more. A right set's
// Rank costs about the same either way (its caches hold other lines after a write), a few
// microseconds at most; one answered from ranks cached at an earlier call and rebuilt once the
// set changed walks all 50,000 members after each change, milliseconds, where the growth test,
// which times Ranks with nothing between them, found it faster than the reference's.
const (
	ChangedSize   = 50_000
	ChangedRanks  = 64
	ChangedFactor = 20
	ChangedFloor  = 20 * time.Microsecond
)

// took formats a time per call.
func took(d time.Duration) string {
	switch {
	case d < time.Microsecond:
		return fmt.Sprintf("%d ns", d.Nanoseconds())
	case d < 10*time.Microsecond:
		return fmt.Sprintf("%.1f µs", float64(d)/1e3)
	}
	return fmt.Sprintf("%.0f µs", float64(d)/1e3)
}

// rankAfterChange fails a set whose Rank costs far more just after a change of the set than
// with none before it, measured on the graded set alone as the least of three rounds.
func rankAfterChange(t *harness.T, learner API, names, absent []string) {
	s := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return learner.New() }).(SortedSet)
	t.Invoke(harness.Call{Method: "Add", Text: "50,000 calls of s.Add", Batch: true}, func() any {
		for p := range ChangedSize {
			s.Add(names[p], scoreAt(p))
		}
		return nil
	})
	at := func(i int) int { return ChangedSize/4 + i*(ChangedSize/2/ChangedRanks) }
	round := func(rank, change bool) time.Duration {
		c := harness.Call{Method: "Rank", Text: "s.Rank", Batch: true}
		var d time.Duration
		t.Invoke(c, func() any {
			start := harness.ThreadCPU()
			for i := range ChangedRanks {
				p := at(i)
				if change {
					s.Add(absent[i], scoreAt(p+1)-1) // between the members at p and p+1
				}
				if rank {
					s.Rank(names[p])
				}
				if change {
					s.Remove(absent[i])
				}
			}
			d = harness.ThreadCPU() - start
			return nil
		})
		return d
	}
	least := func(rank, change bool) time.Duration {
		d := round(rank, change)
		for range 2 {
			d = min(d, round(rank, change))
		}
		return d
	}
	changes, alone, both := least(false, true), least(true, false), least(true, true)
	after := max(both-changes, 0) / ChangedRanks
	if after <= ChangedFactor*alone/ChangedRanks+ChangedFloor {
		return
	}
	t.Fail(&record.Failure{Verdict: verdict.TimeLimitExceeded, Op: "Rank",
		Message: fmt.Sprintf("Rank takes %s just after an Add and before its Remove, on a set of 50,000 members, "+
			"and %s with no change before it: Rank grows like O(n) once the set changes, expected O(log n)",
			took(after), took(alone/ChangedRanks)),
		Hint: "Rank answers from something an Add or Remove throws away (ranks cached at an earlier call, " +
			"a sorted copy) and rebuilds it, Θ(n), at the first Rank after each change: give each link of " +
			"the skip list a span (the members it jumps), keep the spans right on every Add and Remove, and " +
			"sum the spans of the links followed on a top-down search"})
}

// TieSizes are the set sizes the growth among ties is measured at: doubling from 3,125 to
// 50,000, a span of 16. A walk along the members of equal score is proven wrong over it, and
// is far past the time limit at its top.
var TieSizes = harness.Sizes(3125, 50_000, 2)

// tieScore is the score every member has in the measurements among ties.
const tieScore = 7.0

// ties measures Add, Remove, Rank and RangeByRank on sets whose members all have one score, as
// the set grows: ordered by name alone. A search that compares by score, then walks the
// members of equal score one by one, costs Θ(n) there; on distinct scores it is as fast as a
// right one. The axis is called "ties", apart from n, so that each ladder keeps its own rows.
//
// The set grows by Adds of names in increasing order, each at the end of the order (not
// judged). Add adds new names, which fall anywhere among the others, and moves present names
// from the middle of the order to another score (undone after); Remove, Rank and RangeByRank
// work on the names from the middle of the order, neighbours in it.
func ties(learner, reference API, names, absent []string) *harness.Ladder[SortedSet] {
	sorted := slices.Sorted(slices.Values(names[:TieSizes[len(TieSizes)-1]]))
	return &harness.Ladder[SortedSet]{
		Sizes: TieSizes, New: learner.New, Ref: reference.New,
		Grow: harness.Grower[SortedSet]{
			Series: growthOf("Add", "ties", "Add walks the members of equal score one by one: "+tieSearch),
			Run: func(s SortedSet, from, to int) {
				for _, nm := range sorted[from:to] {
					s.Add(nm, tieScore)
				}
			},
		},
		Queries: []harness.Query[SortedSet]{
			{Series: growthOf("Add", "ties",
				"Add walks the members of equal score one by one: "+tieSearch), Batch: perfBatch,
				Run: func(s SortedSet, n, count, rep int) {
					for i := range count {
						if i%2 == 0 {
							s.Add(absent[i], tieScore)
						} else {
							s.Add(sorted[mid(n, 1+rep, i)], tieScore+1)
						}
					}
				},
				Undo: func(s SortedSet, n, count, rep int) {
					for i := range count {
						if i%2 == 0 {
							s.Remove(absent[i])
						} else {
							s.Add(sorted[mid(n, 1+rep, i)], tieScore)
						}
					}
				}},
			{Series: growthOf("Remove", "ties",
				"Remove walks the members of equal score one by one: "+tieSearch), Batch: perfBatch,
				Run: func(s SortedSet, n, count, rep int) {
					for i := range count {
						s.Remove(sorted[mid(n, 5+rep, i)])
					}
				},
				Undo: func(s SortedSet, n, count, rep int) {
					for i := range count {
						s.Add(sorted[mid(n, 5+rep, i)], tieScore)
					}
				}},
			rankQuery(growthOf("Rank", "ties",
				"Rank walks the members of equal score one by one: "+tieSearch), sorted),
			rankRangeQuery(growthOf("RangeByRank", "ties",
				"RangeByRank walks the members of equal score one by one to reach "+
					"position start: follow the links top-down by the spans, whatever the scores")),
		},
	}
}

// mid is the position of the i-th member of the batch j at size n: batches of perfBatch members,
// neighbours in the order, from the middle of the order on.
func mid(n, j, i int) int { return (n/2 + j*perfBatch + i) % n }

// window is the first position of the i-th of the ranges of r members timed at size n: in the
// middle half of the order, a different one each call.
func window(n, i, r int) int { return n/4 + (r*i)%(n/2) }

// rankQuery times Rank of the members of batch 0 (see mid); order holds the set's names by
// position.
func rankQuery(series *growth.Series, order []string) harness.Query[SortedSet] {
	return harness.Query[SortedSet]{Series: series, Batch: perfBatch, Run: func(s SortedSet, n, count, rep int) {
		for i := range count {
			s.Rank(order[mid(n, 0, i)])
		}
	}}
}

// rankRangeQuery times RangeByRank of RangeLen members from the middle half of the order.
func rankRangeQuery(series *growth.Series) harness.Query[SortedSet] {
	return harness.Query[SortedSet]{Series: series, Batch: perfBatch, Run: func(s SortedSet, n, count, rep int) {
		for i := range count {
			start := window(n, i, RangeLen)
			s.RangeByRank(start, start+RangeLen-1)
		}
	}}
}

// tieSearch is how a search passes members of equal score.
const tieSearch = "compare by score, then by name, at every level of the top-down search (not by " +
	"score alone, then along the bottom level), so that the upper links jump over members of equal " +
	"scores too"

// ranges measures RangeByRank and RangeByScore on sets of RangeN members as the members they
// return grow through RangeSizes.
func ranges(t *harness.T, m *harness.Meter, learner, reference API, names []string, byRank, byScore *growth.Series) []*growth.Series {
	series := []*growth.Series{byRank, byScore}
	fill := func(s SortedSet) SortedSet {
		for p := range RangeN {
			s.Add(names[p], scoreAt(p))
		}
		return s
	}
	l := t.Invoke(harness.Call{Method: "Add"}, func() any { return fill(learner.New()) }).(SortedSet)
	ref := fill(reference.New())
	// start is the i-th window of r members: from the middle of the order, a different one
	// each call.
	start := func(i int) int { return RangeN/4 + (i*37)%(RangeN/2) }
	rankRun := func(s SortedSet, r int) func(count, rep int) {
		return func(count, rep int) {
			for i := range count {
				p := start(i)
				s.RangeByRank(p, p+r-1)
			}
		}
	}
	scoreRun := func(s SortedSet, r int) func(count, rep int) {
		return func(count, rep int) {
			for i := range count {
				p := start(i)
				s.RangeByScore(scoreAt(p), scoreAt(p+r-1))
			}
		}
	}
	// A first run of each side's code, untimed: page faults and the allocator's first spans.
	t.Invoke(harness.Call{Method: "RangeByRank"}, func() any { rankRun(l, 64)(16, 0); return nil })
	t.Invoke(harness.Call{Method: "RangeByScore"}, func() any { scoreRun(l, 64)(16, 0); return nil })
	rankRun(ref, 64)(16, 0)
	scoreRun(ref, 64)(16, 0)
	stopped := [2]bool{}
	for _, r := range RangeSizes {
		ops := max(16, rangeMembers/r)
		for k, run := range []func(SortedSet, int) func(int, int){rankRun, scoreRun} {
			if stopped[k] {
				continue
			}
			stopped[k] = !m.PairAt(series[k], r, ops, run(l, r), run(ref, r), nil, nil)
		}
		if m.Proven(series...) {
			break
		}
	}
	return series
}

// addHint is said when Add grows with n.
const addHint = "Add walks the order member by member (or shifts a slice) to find the place of a new " +
	"name, or the entry of a name already present whose score changes: search top-down through the " +
	"skip list's levels by (score, name), keeping the update vector, and link the new node there; " +
	"for a name already present, find its entry by the same search with its old score (from the " +
	"map), unlink it, and link it again at its new place"

// rankHint and scoreHint are said when a range grows with n, in its time or in the bytes it
// allocates per call.
const (
	rankHint = "RangeByRank walks (or sorts) the whole set to reach position start, or allocates room " +
		"for the whole set: follow the links top-down, taking one whenever the positions passed plus its " +
		"span stay within start+1, then walk the bottom level for the members wanted, into a result " +
		"sized for them: O(log n + r)"
	scoreHint = "RangeByScore walks (or sorts) the whole set to reach min, or allocates room for the " +
		"whole set: search top-down for the last member scored below min, then walk the bottom level " +
		"while the score is at most max, into a result sized for the members it returns (append grows " +
		"it as needed): O(log n + r)"
)

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual " +
	"design keeps one map from name to node, and nodes whose links and spans live in the node (one " +
	"allocation per Add), with levels drawn from a fast random source"
