package countingbloom

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"

	"kata/grader/internal/bloompos"
	"kata/grader/internal/bytekeys"
	"kata/grader/internal/harness"
	"kata/grader/internal/suitetest"
	"kata/grader/result"
	"kata/grader/verdict"
)

// quick is every test but the performance one, which performance_test.go runs.
var quick = []string{"implemented", "example", "edge/m-and-k", "edge/empty-filter", "edge/empty-and-nil-keys",
	"edge/add-remove-all", "edge/one-counter", "edge/count-to-15", "edge/saturation-sticks", "edge/remove-absent",
	"edge/new-panics", "random/sequences", "random/reused-buffers", "random/two-at-once", "property/no-false-negatives",
	"property/remove-absent", "property/memory", "property/false-positive-rate", "property/large-no-false-negatives",
	"property/large-filter"}

func TestQuickListsEveryTestButPerformance(t *testing.T) {
	var want []string
	for _, test := range Suite(reference, reference).All() {
		if test.Kind != harness.Performance {
			want = append(want, test.Name)
		}
	}
	if fmt.Sprint(want) != fmt.Sprint(quick) {
		t.Errorf("quick = %v\nwant %v", quick, want)
	}
}

// TestReferencePasses runs every test but the performance tests on the reference
// (suitetest.ReferencePasses: package grader grades the reference, ladders included), and logs
// the traces: that is why it is declared here, and api_gen_test.go leaves it out.
func TestReferencePasses(t *testing.T) { kit.ReferencePasses(t, true) }

// seeds is how many seeds TestFalsePositiveRateMargins tries; raise it to check the bounds'
// margin over many runs (go test -run Margins -countingbloom.seeds 200).
var seeds = flag.Int("countingbloom.seeds", 3, "seeds for TestFalsePositiveRateMargins")

// TestFalsePositiveRateMargins runs the false-positive-rate and large-filter properties on the
// reference over several seeds and reports, for each filter, the measured rate against the
// formula and the largest deviation from the expected count as a fraction of the allowed one:
// it must stay well below 1.
func TestFalsePositiveRateMargins(t *testing.T) {
	rates := map[string][]float64{}
	formula := map[string]float64{}
	kit.CheckMargins(t, *seeds, []string{"property/false-positive-rate", "property/large-filter"},
		func(trace string) (b suitetest.Bound, ok bool) {
			before, after, ok := strings.Cut(trace, " keys present: ")
			if !ok {
				return b, false
			}
			var rate, p float64
			if _, err := fmt.Sscanf(after, "%d in [%g, %g] (rate %g, formula %g)", &b.Got, &b.Lo, &b.Hi, &rate, &p); err != nil {
				t.Fatalf("%q: %v", after, err)
			}
			b.Name = strings.TrimPrefix(before, "false positives in ")
			rates[b.Name] = append(rates[b.Name], rate)
			formula[b.Name] = p
			return b, true
		},
		func(name string) string {
			sum := 0.0
			for _, r := range rates[name] {
				sum += r
			}
			return fmt.Sprintf("mean rate %.5f, formula %.5f", sum/float64(len(rates[name])), formula[name])
		})
}

// toy is a counting Bloom filter for the tests, correct unless one of its knobs plants a bug.
type toy struct {
	words []uint64
	m     uint64
	k     uint
	pos   bloompos.Func

	wrap         bool // Add lets a counter at 15 wrap to 0
	decSaturated bool // Remove lowers a counter at 15
	decAbsent    bool // Remove lowers the counters above 0 of a key testing false, and returns false
	removeAll    bool // Remove sets the key's counters to 0
	noDecrement  bool // Remove changes nothing and returns Test
	asSet        bool // Add and Remove move each distinct counter once
	keep         bool // Add stores a copy of the key
	kept         [][]byte
	mWords       bool // M() reports words·16
	countMax     bool // Count returns the largest of the key's counters
	countFirst   bool // Count returns the key's first counter
	pending      bool // Add keeps the key's slice, and adds the kept keys at the next other call
	queued       [][]byte
}

// doubleHashing is a correct choice: h1 + i·h2 from FNV-1a and its mix, h2 odd.
func doubleHashing(key []byte, m uint64, k uint) []uint64 {
	h1 := bytekeys.Mix(suitetest.FNV64(key))
	return bloompos.Stepping(h1, bytekeys.Mix(h1)|1, m, k)
}

// first8 double-hashes the key's first 8 bytes only.
func first8(key []byte, m uint64, k uint) []uint64 {
	return doubleHashing(key[:min(len(key), 8)], m, k)
}

// firstByte double-hashes the key mixed with its first byte, which it reads even when there is
// none.
func firstByte(key []byte, m uint64, k uint) []uint64 {
	ps := doubleHashing(key, m, k)
	for i := range ps {
		ps[i] = (ps[i] + uint64(key[0])) % m
	}
	return ps
}

// low20 double-hashes, keeping the low 20 bits of each position: it reaches only 2^20 counters.
func low20(key []byte, m uint64, k uint) []uint64 {
	out := doubleHashing(key, math.MaxUint64, k)
	for i := range out {
		out[i] = out[i] & (1<<20 - 1) % m
	}
	return out
}

func newToy(m uint64, k uint) *toy {
	if m == 0 || k == 0 {
		panic("countingbloom: m and k must be positive")
	}
	return &toy{words: make([]uint64, (m+15)/16), m: m, k: k, pos: doubleHashing}
}

func (f *toy) get(i uint64) uint64 { return f.words[i/16] >> (4 * (i % 16)) & 15 }
func (f *toy) set(i, v uint64) {
	s := 4 * (i % 16)
	f.words[i/16] = f.words[i/16]&^(15<<s) | (v&15)<<s
}

// positions returns the key's positions, each distinct one once when asSet is set.
func (f *toy) positions(key []byte) []uint64 {
	ps := f.pos(key, f.m, f.k)
	if !f.asSet {
		return ps
	}
	var out []uint64
	for _, p := range ps {
		if !containsPos(out, p) {
			out = append(out, p)
		}
	}
	return out
}

func containsPos(ps []uint64, p uint64) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

func (f *toy) Add(key []byte) {
	if f.pending {
		f.queued = append(f.queued, key)
		return
	}
	f.add(key)
}

// flush adds the queued keys of a pending toy.
func (f *toy) flush() {
	queued := f.queued
	f.queued = nil
	for _, key := range queued {
		f.add(key)
	}
}

func (f *toy) add(key []byte) {
	for _, p := range f.positions(key) {
		if c := f.get(p); c < 15 || f.wrap {
			f.set(p, c+1)
		}
	}
	if f.keep {
		f.kept = append(f.kept, bytes.Clone(key))
	}
}

func (f *toy) Test(key []byte) bool {
	f.flush()
	for _, p := range f.positions(key) {
		if f.get(p) == 0 {
			return false
		}
	}
	return true
}

func (f *toy) Count(key []byte) uint {
	f.flush()
	ps := f.positions(key)
	if f.countFirst {
		return uint(f.get(ps[0]))
	}
	least := uint64(15)
	if f.countMax {
		least = 0
	}
	for _, p := range ps {
		if f.countMax {
			least = max(least, f.get(p))
		} else {
			least = min(least, f.get(p))
		}
	}
	return uint(least)
}

func (f *toy) Remove(key []byte) bool {
	f.flush()
	present := f.Test(key)
	if f.noDecrement || !present && !f.decAbsent {
		return present
	}
	for _, p := range f.positions(key) {
		switch c := f.get(p); {
		case f.removeAll:
			f.set(p, 0)
		case c == 0:
		case c < 15 || f.decSaturated:
			f.set(p, c-1)
		}
	}
	return present
}

func (f *toy) M() uint64 {
	if f.mWords {
		return uint64(len(f.words)) * 16
	}
	return f.m
}

func (f *toy) K() uint { return f.k }

// byteFilter keeps one byte per counter.
type byteFilter struct {
	*toy
	counters []uint8
}

func newByteFilter(m uint64, k uint) Filter {
	t := newToy(m, k)
	t.words = nil
	return &byteFilter{toy: t, counters: make([]uint8, m)}
}

func (f *byteFilter) Add(key []byte) {
	for _, p := range f.positions(key) {
		f.counters[p] = min(f.counters[p]+1, 15)
	}
}

func (f *byteFilter) Test(key []byte) bool {
	for _, p := range f.positions(key) {
		if f.counters[p] == 0 {
			return false
		}
	}
	return true
}

func (f *byteFilter) Count(key []byte) uint {
	least := uint8(15)
	for _, p := range f.positions(key) {
		least = min(least, f.counters[p])
	}
	return uint(least)
}

func (f *byteFilter) Remove(key []byte) bool {
	if !f.Test(key) {
		return false
	}
	for _, p := range f.positions(key) {
		if f.counters[p] < 15 {
			f.counters[p]--
		}
	}
	return true
}

// shortWords allocates m/16 words, one too few unless 16 divides m.
func shortWords(m uint64, k uint) Filter {
	f := newToy(m, k)
	f.words = make([]uint64, m/16)
	return f
}

// sharedWords are the counters of the planted bug "counters in a package-level slice": New makes
// them anew, and every filter it made uses them.
var sharedWords []uint64

// sharedToy is a toy whose counters are sharedWords.
type sharedToy struct{ *toy }

func newSharedToy(m uint64, k uint) Filter {
	f := newToy(m, k)
	sharedWords = f.words
	return sharedToy{f}
}

func (f sharedToy) Add(key []byte)         { f.words = sharedWords; f.toy.Add(key) }
func (f sharedToy) Remove(key []byte) bool { f.words = sharedWords; return f.toy.Remove(key) }
func (f sharedToy) Test(key []byte) bool   { f.words = sharedWords; return f.toy.Test(key) }
func (f sharedToy) Count(key []byte) uint  { f.words = sharedWords; return f.toy.Count(key) }

// stubCount still holds the stub's Count.
type stubCount struct{ *toy }

func (stubCount) Count([]byte) uint { panic("not implemented") }

// withToy is an API of toys changed by change.
func withToy(change func(*toy)) API {
	return API{New: func(m uint64, k uint) Filter {
		f := newToy(m, k)
		change(f)
		return f
	}}
}

// withNew is an API of another New.
func withNew(newFilter func(m uint64, k uint) Filter) API { return API{New: newFilter} }

func TestCorrectVariantPasses(t *testing.T) {
	kit.Passes(t, withToy(func(*toy) {}), 3, false, quick...)
}

// wrongs are realistic wrong implementations and how the suite must catch each.
func wrongs() []suitetest.Planted[API] {
	return []suitetest.Planted[API]{
		{Name: "Add wraps 15 to 0", Impl: withToy(func(f *toy) { f.wrap = true }),
			Caught: suitetest.Caught{Test: "edge/one-counter", Verdict: "wrong_answer", Mention: "wraps"}},
		{Name: "Remove lowers a saturated counter", Impl: withToy(func(f *toy) { f.decSaturated = true }),
			Caught: suitetest.Caught{Test: "edge/one-counter", Verdict: "wrong_answer", Mention: "stay at 15"}},
		{Name: "Remove lowers the counters of a key testing false", Impl: withToy(func(f *toy) { f.decAbsent = true }),
			Caught: suitetest.Caught{Test: "edge/remove-absent", Verdict: "wrong_answer", Mention: "tests false"}},
		{Name: "Remove clears the counters", Impl: withToy(func(f *toy) { f.removeAll = true }),
			Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer", Mention: "Remove"}},
		{Name: "Remove changes nothing", Impl: withToy(func(f *toy) { f.noDecrement = true }),
			Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer", Mention: "Remove"}},
		{Name: "positions as a set", Impl: withToy(func(f *toy) { f.asSet = true }),
			Caught: suitetest.Caught{Test: "edge/one-counter", Verdict: "wrong_answer", Mention: "moves by 2"}},
		{Name: "M() is words·16", Impl: withToy(func(f *toy) { f.mWords = true }),
			Caught: suitetest.Caught{Test: "edge/m-and-k", Verdict: "wrong_answer", Mention: "M()"}},
		{Name: "consecutive positions", Impl: withToy(func(f *toy) { f.pos = bloompos.Consecutive }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "correlated"}},
		{Name: "FNV-1 halves", Impl: withToy(func(f *toy) { f.pos = bloompos.FNV1Halves }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "weak"}},
		{Name: "positions in 2^20 counters", Impl: withToy(func(f *toy) { f.pos = low20 }),
			Caught: suitetest.Caught{Test: "property/large-filter", Verdict: "wrong_answer", Mention: "part of the m counters"}},
		{Name: "keys kept", Impl: withToy(func(f *toy) { f.keep = true }),
			Caught: suitetest.Caught{Test: "property/memory", Verdict: "memory_limit_exceeded", Mention: "keep nothing beyond"}},
		{Name: "Count is the largest counter", Impl: withToy(func(f *toy) { f.countMax = true }),
			Caught: suitetest.Caught{Test: "random/sequences", Verdict: "wrong_answer", Mention: "smallest"}},
		{Name: "Count is the first counter", Impl: withToy(func(f *toy) { f.countFirst = true }),
			Caught: suitetest.Caught{Test: "random/sequences", Verdict: "wrong_answer", Mention: "smallest"}},
		{Name: "Add keeps the key's slice", Impl: withToy(func(f *toy) { f.pending = true }),
			Caught: suitetest.Caught{Test: "random/reused-buffers", Verdict: "wrong_answer", Mention: "keeps the caller's key slice"}},
		{Name: "the hash reads key[0]", Impl: withToy(func(f *toy) { f.pos = firstByte }),
			Caught: suitetest.Caught{Test: "edge/empty-filter", Verdict: "runtime_error", Mention: "empty key"}},
		{Name: "the hash reads 8 bytes", Impl: withToy(func(f *toy) { f.pos = first8 }),
			Caught: suitetest.Caught{Test: "property/remove-absent", Verdict: "wrong_answer", Mention: "part of the key"}},
		{Name: "a byte per counter", Impl: withNew(newByteFilter),
			Caught: suitetest.Caught{Test: "property/memory", Verdict: "memory_limit_exceeded", Mention: "[]uint8"}},
		{Name: "m/16 words", Impl: withNew(shortWords),
			Caught: suitetest.Caught{Test: "edge/empty-filter", Verdict: "runtime_error", Mention: "index out of range"}},
		{Name: "counters in a package-level slice", Impl: withNew(newSharedToy),
			Caught: suitetest.Caught{Test: "random/two-at-once", Verdict: "wrong_answer", Mention: "share state"}},
		{Name: "Count not implemented", Impl: withNew(func(m uint64, k uint) Filter { return stubCount{newToy(m, k)} }),
			Caught: suitetest.Caught{Test: "implemented", Verdict: "not_implemented", Mention: "Count"}},
	}
}

func TestWrongImplementationsCaught(t *testing.T) { kit.CheckFirst(t, 5, wrongs()) }

// TestLowRateHints checks the hint for fewer false positives than the formula allows: positions
// that follow the keys' patterns get the rate right on random keys, and a filter of more counters
// than M() does not.
func TestLowRateHints(t *testing.T) {
	for _, tc := range []struct {
		name string
		impl API
		want string
	}{
		{"FNV-1 halves", withToy(func(f *toy) { f.pos = bloompos.FNV1Halves }), "follow the keys' patterns"},
		{"twice the counters", withNew(func(m uint64, k uint) Filter { return twiceCounters{newToy(2*m, k)} }),
			"use exactly M() counters"},
	} {
		s := &suite{learner: tc.impl}
		if hint := s.rateHint(200_000, 20_000, 7, 0.001, 0.00819, 0.00819, false); !strings.Contains(hint, tc.want) {
			t.Errorf("%s: the hint does not say %q: %s", tc.name, tc.want, hint)
		}
	}
}

// twiceCounters is a filter of twice the counters it reports.
type twiceCounters struct{ *toy }

func (f twiceCounters) M() uint64 { return f.toy.M() / 2 }

// TestEachTestCatches runs single tests on planted bugs, so that each property and the random
// sequences are shown able to fail on their own, with a short case and the right hint.
func TestEachTestCatches(t *testing.T) {
	bug := suitetest.ByName(wrongs())
	kit.CheckAlone(t, 11, []suitetest.Planted[API]{
		bug.Again("Add wraps 15 to 0",
			suitetest.Caught{Test: "random/sequences", Verdict: verdict.WrongAnswer, Hint: "wraps", Case: suitetest.ShowsCase, MaxOps: 8}),
		bug.Again("Remove lowers a saturated counter",
			suitetest.Caught{Test: "random/sequences", Verdict: verdict.WrongAnswer, Hint: "stay at 15", Case: suitetest.ShowsCase, MaxOps: 10}),
		bug.Again("Remove lowers the counters of a key testing false",
			suitetest.Caught{Test: "random/sequences", Verdict: verdict.WrongAnswer, Hint: "tests false", Case: suitetest.ShowsCase, MaxOps: 6}),
		bug.Again("Remove clears the counters",
			suitetest.Caught{Test: "random/sequences", Verdict: verdict.WrongAnswer, Hint: "never set a counter to 0", Case: suitetest.ShowsCase, MaxOps: 6}),
		bug.Again("Remove changes nothing",
			suitetest.Caught{Test: "random/sequences", Verdict: verdict.WrongAnswer, Hint: "Remove", Case: suitetest.ShowsCase, MaxOps: 6}),
		bug.Again("positions as a set",
			suitetest.Caught{Test: "random/sequences", Verdict: verdict.WrongAnswer, Hint: "moves by 2", Case: suitetest.ShowsCase, MaxOps: 4}),
		bug.Again("Add wraps 15 to 0",
			suitetest.Caught{Test: "property/no-false-negatives", Verdict: verdict.WrongAnswer, Hint: "wraps", Case: suitetest.ShowsCase, MaxOps: 10}),
		bug.Again("Remove lowers a saturated counter",
			suitetest.Caught{Test: "property/no-false-negatives", Verdict: verdict.WrongAnswer, Hint: "stay at 15", Case: suitetest.ShowsCase, MaxOps: 10}),
		bug.Again("Remove lowers the counters of a key testing false",
			suitetest.Caught{Test: "property/no-false-negatives", Verdict: verdict.WrongAnswer, Hint: "tests false", Case: suitetest.ShowsCase, MaxOps: 10}),
		bug.Again("Remove clears the counters",
			suitetest.Caught{Test: "property/no-false-negatives", Verdict: verdict.WrongAnswer, Hint: "never set a counter to 0", Case: suitetest.ShowsCase, MaxOps: 10}),
		bug.Again("Remove lowers the counters of a key testing false",
			suitetest.Caught{Test: "property/remove-absent", Verdict: verdict.WrongAnswer, Hint: "tests false", Case: suitetest.ShowsCase, MaxOps: 10}),
		bug.Again("Remove changes nothing",
			suitetest.Caught{Test: "property/remove-absent", Verdict: verdict.WrongAnswer, Hint: "back to 0", Case: suitetest.ShowsNoCase}),
		bug.Again("Remove changes nothing",
			suitetest.Caught{Test: "property/false-positive-rate", Verdict: verdict.WrongAnswer, Hint: "every key ever added", Case: suitetest.ShowsNoCase}),
		bug.Again("Remove clears the counters",
			suitetest.Caught{Test: "property/large-no-false-negatives", Verdict: verdict.WrongAnswer, Hint: "never set a counter to 0", Case: suitetest.ShowsCase, MaxOps: 10}),
	})
}

func TestSameSeedSameCase(t *testing.T) {
	kit.Replays(t, withToy(func(f *toy) { f.decAbsent = true }), 99, "random/sequences")
}

// rightSeeds is how many seeds TestRightFiltersPass tries; raise it to look for a false alarm
// over many runs (go test -run RightFilters -countingbloom.right-seeds 500).
var rightSeeds = flag.Int("countingbloom.right-seeds", 3, "seeds for TestRightFiltersPass")

// TestRightFiltersPass runs the exact tests (every test but the performance test and the rates)
// on right filters of two designs over several seeds: every one must pass, whatever the hash.
func TestRightFiltersPass(t *testing.T) {
	if testing.Short() {
		t.Skip("grades two right filters over several seeds; TestReferencePasses and TestCorrectVariantPasses try one")
	}
	var exact []string
	for _, name := range quick {
		if name != "property/false-positive-rate" && name != "property/large-filter" {
			exact = append(exact, name)
		}
	}
	for name, api := range map[string]API{"reference": reference, "variant": withToy(func(*toy) {})} {
		for seed := range uint64(*rightSeeds) {
			_, ends := kit.RunEnds(t, api, 1000+seed, exact...)
			for test, e := range ends {
				if e.Status != result.Pass {
					t.Errorf("%s, seed %d: %s: %s %+v", name, 1000+seed, test, e.Status, e.Failure)
				}
			}
		}
	}
}
