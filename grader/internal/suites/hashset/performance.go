package hashset

import (
	"fmt"

	kgrowth "kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfSizes are the set sizes the performance test measures at: doubling from 15,625 to
// 1,000,000, a span of 64. A table that never grows, chained through linked lists, is only
// clearly slow at the top of it.
var PerfSizes = harness.Sizes(15_625, 1_000_000, 2)

// performance measures Add (over whole doubling windows while the set grows), Contains and
// Remove against the reference, and fails when one grows faster than O(1).
func performance(learner, reference API) harness.Test {
	return harness.KeyedGrowth(PerfSizes, learner.New, reference.New, func() harness.Keyed[HashSet] {
		return harness.Keyed[HashSet]{
			Insert: func(s HashSet, v int) { s.Add(v) },
			Lookup: func(s HashSet, v int) { s.Contains(v) },
			Delete: func(s HashSet, v int) { s.Remove(v) },
			// Remove finds present keys; Contains times absent ones, which walk a whole chain.
			AbsentLookups: true,
			InsertSeries:  growthOf("Add", "n", addHint),
			LookupSeries: growthOf("Contains", "n",
				"your table never grows: with a fixed number of buckets, chains grow like n. "+
					"Double the buckets when the load passes a threshold, so chains stay short"),
			DeleteSeries: growthOf("Remove", "n",
				"Remove grows with the number of keys: it must look only in the key's bucket, "+
					"and the table must grow so that bucket stays short"),
		}
	})
}

// PatternSizes are the set sizes the patterned-keys test measures at: doubling from 4,096 to
// 262,144, a span of 64. A hash that ignores some of the key's bits puts a quarter of the keys
// in one bucket, so that a quarter of the lookups walk a quarter of the set: over a span of 16
// that grew only 9× on a loaded machine, where the other three quarters' constant cost still
// counted, and over 64 it grows far past what memory effects explain.
var PatternSizes = harness.Sizes(4096, 262_144, 2)

// keyPattern is a family of keys of the patterned-keys test: its keys differ only in Bits bits
// from bit Shift up, and agree on every other bit (all zero, or all one for Negative), so a
// hash that ignores those bits puts the whole family in one bucket.
type keyPattern struct {
	Shift, Bits uint
	Negative    bool
}

// keyPatterns cover every range of an int's bits: the low 32 (small keys, as most tests use),
// the middle (multiples of 2^20), the high 32 (multiples of 2^32, which a hash of the low 32
// bits sends to one bucket), and negative keys, whose high bits are all set.
var keyPatterns = []keyPattern{
	{Shift: 0, Bits: 32},
	{Shift: 20, Bits: 24},
	{Shift: 32, Bits: 31},
	{Shift: 0, Bits: 32, Negative: true},
}

// key is the family's key for the random number r.
func (p keyPattern) key(r uint64) int {
	v := int(r&(1<<p.Bits-1)) << p.Shift
	if p.Negative {
		return -1 - v
	}
	return v
}

// patterned measures Add (as the set grows) and Contains against the reference on keys drawn in
// turn from each of keyPatterns, and fails when either grows faster than O(1): a hash that
// drops some range of the key's bits puts the family that varies only there in one bucket, a
// quarter of the keys. Contains looks up absent keys of every family in turn, the same ones at
// every size: the reference's lookups of them stay in the caches however large the set grows,
// while a lookup in the piled-up bucket walks all of it (a present key may sit at its front). The axis is
// called "keys", apart from the growth test's n, so that each test's measurements keep their
// own rows.
func patterned(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/patterned-keys", Kind: harness.Performance, Run: func(t *harness.T) {
		keys := patternedKeys(t, PatternSizes[len(PatternSizes)-1]+harness.KeyedBatch)
		values, absent := keys[:PatternSizes[len(PatternSizes)-1]], keys[PatternSizes[len(PatternSizes)-1]:]
		patternGrowth := harness.SeriesOf(ex, mixHint) // mixHint whether they grow wrongly or only slowly
		harness.JudgeGrowth(t, func(m *harness.Meter) []*kgrowth.Series {
			k := harness.Keyed[HashSet]{
				Insert:       func(s HashSet, v int) { s.Add(v) },
				InsertSeries: patternGrowth("Add", "keys", mixHint),
				Extra: []harness.Query[HashSet]{{
					Series: patternGrowth("Contains", "keys", mixHint),
					Batch:  harness.KeyedBatch,
					Run: func(s HashSet, n, count, rep int) {
						for i := range count {
							s.Contains(absent[i])
						}
					},
				}},
			}
			series := k.Ladder(PatternSizes, values, learner.New, reference.New).Measure(m)
			// The series of the first pass are kept, and later passes add their samples to them:
			// the hint reads the lookups' samples when Add is judged.
			add, contains := series[0], series[1]
			add.HintNow = func() string {
				if h := sizeHint(t); h != "" {
					return h
				}
				return patternHint(contains)
			}
			contains.HintNow = func() string {
				if h := sizeHint(t); h != "" {
					return h
				}
				return mixHint
			}
			return series
		})
	}}
}

// patternHint is the hint for an Add too slow on patterned keys, by what the lookups of absent
// patterned keys showed over the span that decides a growth: too slow, or their ratio to the
// reference growing past DoubtGrowth (judged or not: the measuring may stop on Add first), a
// family of keys shares a bucket; their ratio flat, no bucket piled up and Add is slow on any
// keys; measured over less, it could be either.
func patternHint(contains *kgrowth.Series) string {
	d := kgrowth.Decide(contains)
	wide := len(contains.Samples) >= 2 &&
		contains.Samples[len(contains.Samples)-1].Size >= kgrowth.DecideSpan*contains.Samples[0].Size
	switch {
	case d.Status.Failed(), wide && d.Growth >= kgrowth.DoubtGrowth:
		return mixHint
	case wide:
		return addHint
	}
	return growOrMixHint
}

// sizeHint is the hint for patterned keys too slow when the growth test, earlier in the run, saw
// lookups of random keys slow down as the set grew (their ratio to the reference proven wrong,
// too slow, or grown past DoubtGrowth though within what memory layouts explain): then keys of
// every pattern slow down because the chains grow, not because some of the key's bits are
// ignored. It is "" when the growth test did not judge those lookups or saw them flat.
func sizeHint(t *harness.T) string { return sizeHintFor(t.Judged("Contains", "n")) }

// sizeHintFor is sizeHint by the growth test's decision d on lookups of random keys, if judged.
func sizeHintFor(d kgrowth.Decision, judged bool) string {
	if !judged || !d.Status.Failed() && d.Growth < kgrowth.DoubtGrowth {
		return ""
	}
	return fmt.Sprintf("lookups of random keys slowed down too as the set grew (their ratio to the reference "+
		"grew %.1f× in performance/growth), so the keys' bits are not the cause: your table never grows, "+
		"or too little, and its chains grow with n. Double the buckets when the load passes a threshold, "+
		"so chains stay short", d.Growth)
}

// patternedKeys draws n distinct keys, taking each from the next of keyPatterns in turn.
func patternedKeys(t *harness.T, n int) []int {
	seen := make(map[int]bool, n)
	out := make([]int, 0, n)
	for i := 0; len(out) < n; i++ {
		v := keyPatterns[i%len(keyPatterns)].key(t.Rand().Uint64())
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// mixHint is said when keys with a pattern make an operation slow.
const mixHint = "keys that differ only in some of their bits (only the low 32, only bits 20 to 43, or only " +
	"the high 32: multiples of 2^32) pile into one bucket: your hash ignores part of the key. Mix every " +
	"bit of the key into the index, for example with Fibonacci hashing, " +
	"(uint64(key) * 0x9E3779B97F4A7C15) >> (64 - b) for 2^b buckets"

// addHint is said when Add grows faster than O(1) on keys whose lookups stay O(1).
const addHint = "Add grows like n: your table never grows (chains grow like n), or it grows by " +
	"a fixed number of buckets at a time (then every few Adds re-insert every key), or Add " +
	"scans for the key. Count the keys and, past a load factor, double the buckets and " +
	"re-insert every key: doubling makes the re-inserting O(1) per Add on average; and " +
	"look for the key only in its bucket"

// growOrMixHint is said when Add is slow on patterned keys and too few lookups were measured to
// tell whether keys piled into one bucket.
const growOrMixHint = "Add grows with the number of keys: either the table does not double as it fills (it " +
	"never grows, or grows a fixed number of buckets at a time), or your hash ignores part of the key, " +
	"so that keys that differ only in some of their bits pile into one bucket. Double the buckets past a " +
	"load factor, and mix every bit of the key into the index, for example with Fibonacci hashing, " +
	"(uint64(key) * 0x9E3779B97F4A7C15) >> (64 - b) for 2^b buckets"

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual design " +
	"mixes the key's bits with one cheap multiplication and keeps the buckets in one slice"
