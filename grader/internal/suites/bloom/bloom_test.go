package bloom

import (
	"encoding/binary"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"strings"
	"testing"

	"kata/grader/internal/bloompos"
	"kata/grader/internal/bytekeys"
	"kata/grader/internal/record"
	"kata/grader/internal/suitetest"
	"kata/grader/result"
	"kata/grader/verdict"
	ref "kata/solutions/bloom"
)

// seeds is how many seeds TestFalsePositiveRateMargins tries; raise it to check the bounds'
// margin over many runs (go test -run Margins -bloom.seeds 200).
var seeds = flag.Int("bloom.seeds", 3, "seeds for TestFalsePositiveRateMargins")

// TestFalsePositiveRateMargins runs the false-positive-rate and large-filter properties on the
// reference over several seeds and reports, for each filter, the largest deviation from the
// expected count as a fraction of the allowed one: it must stay well below 1.
func TestFalsePositiveRateMargins(t *testing.T) {
	kit.CheckMargins(t, *seeds, []string{"property/false-positive-rate", "property/large-filter"},
		func(trace string) (b suitetest.Bound, ok bool) {
			var m, k int
			if _, err := fmt.Sscanf(trace, "false positives in New(%d, %d): %d in [%g, %g]", &m, &k, &b.Got, &b.Lo, &b.Hi); err != nil {
				return b, false
			}
			b.Name = fmt.Sprintf("New(%d, %d)", m, k)
			return b, true
		}, nil)
}

// toy is a Bloom filter for the tests, correct unless one of its knobs plants a bug.
type toy struct {
	words   []uint64
	m       uint64
	k       uint
	pos     bloompos.Func
	xor     bool     // Add toggles bits instead of setting them
	first   bool     // Test checks only the first position
	kept    [][]byte // keys kept, when keep is set
	keep    bool     // Add also stores a copy of the key
	words64 bool     // M() reports the storage's size, words·64
}

// doubleHashing is a correct choice: h1 + i·h2 from FNV-1a and its mix, h2 odd.
func doubleHashing(key []byte, m uint64, k uint) []uint64 {
	h := suitetest.FNV64(key)
	return bloompos.Stepping(h, bytekeys.Mix(h)|1, m, k)
}

// shifted32 takes one 32-bit hash shifted right by i: position i+1 is about half of position i.
func shifted32(key []byte, m uint64, k uint) []uint64 {
	h := uint32(suitetest.FNV64(key))
	out := make([]uint64, k)
	for i := range out {
		out[i] = uint64(h>>i) % m
	}
	return out
}

// sameBit takes one position k times: h2 == 0.
func sameBit(key []byte, m uint64, k uint) []uint64 {
	return bloompos.Stepping(bytekeys.Mix(suitetest.FNV64(key)), 0, m, k)
}

// byteSum hashes the sum of the bytes: a weak hash.
func byteSum(key []byte, m uint64, k uint) []uint64 {
	var s uint64
	for _, b := range key {
		s += uint64(b)
	}
	return bloompos.Stepping(s, bytekeys.Mix(s)|1, m, k)
}

// fnvLow16 double-hashes with the low 16 bits and the next 16 bits of FNV-1a.
func fnvLow16(key []byte, m uint64, k uint) []uint64 {
	h := suitetest.FNV64(key)
	return bloompos.Stepping(h&0xffff, h>>16&0xffff, m, k)
}

// low20 double-hashes like doubleHashing, but keeps the low 20 bits of each step: positions
// reach only the first 2^20 bits.
func low20(key []byte, m uint64, k uint) []uint64 {
	h := suitetest.FNV64(key)
	out := bloompos.Stepping(h, bytekeys.Mix(h)|1, 1<<20, k)
	for i := range out {
		out[i] %= m
	}
	return out
}

// fnv128Halves double-hashes with the two halves of 128-bit FNV-1a, unmixed, as the lesson
// suggests: the low half barely changes when a key's last byte does.
func fnv128Halves(key []byte, m uint64, k uint) []uint64 {
	h := fnv.New128a()
	h.Write(key)
	sum := h.Sum(nil)
	return bloompos.Stepping(binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:])|1, m, k)
}

func newToy(m uint64, k uint) *toy {
	if m == 0 || k == 0 {
		panic("bloom: m and k must be positive")
	}
	return &toy{words: make([]uint64, (m+63)/64), m: m, k: k, pos: doubleHashing}
}

func (f *toy) Add(key []byte) {
	for _, p := range f.pos(key, f.m, f.k) {
		if f.xor {
			f.words[p/64] ^= 1 << (p % 64)
		} else {
			f.words[p/64] |= 1 << (p % 64)
		}
	}
	if f.keep {
		f.kept = append(f.kept, append([]byte(nil), key...))
	}
}

func (f *toy) Test(key []byte) bool {
	for _, p := range f.pos(key, f.m, f.k) {
		if f.words[p/64]&(1<<(p%64)) == 0 {
			return false
		}
		if f.first {
			return true
		}
	}
	return true
}

func (f *toy) M() uint64 {
	if f.words64 {
		return uint64(len(f.words)) * 64
	}
	return f.m
}

func (f *toy) K() uint { return f.k }

// boolFilter keeps one bool per bit.
type boolFilter struct {
	bits []bool
	k    uint
}

func (f *boolFilter) Add(key []byte) {
	for _, p := range doubleHashing(key, uint64(len(f.bits)), f.k) {
		f.bits[p] = true
	}
}

func (f *boolFilter) Test(key []byte) bool {
	for _, p := range doubleHashing(key, uint64(len(f.bits)), f.k) {
		if !f.bits[p] {
			return false
		}
	}
	return true
}

func newBoolFilter(m uint64, k uint) Filter {
	if m == 0 || k == 0 {
		panic("bloom: m and k must be positive")
	}
	return &boolFilter{bits: make([]bool, m), k: k}
}

func (f *boolFilter) M() uint64 { return uint64(len(f.bits)) }
func (f *boolFilter) K() uint   { return f.k }

// batchFilter queues keys without copying them and sets their bits 16 at a time, or before a
// Test: it reads keys the caller has since overwritten.
type batchFilter struct {
	*toy
	queue [][]byte
}

func (f *batchFilter) Add(key []byte) {
	f.queue = append(f.queue, key)
	if len(f.queue) == 16 {
		f.flush()
	}
}

func (f *batchFilter) flush() {
	for _, key := range f.queue {
		f.toy.Add(key)
	}
	f.queue = f.queue[:0]
}

func (f *batchFilter) Test(key []byte) bool {
	f.flush()
	return f.toy.Test(key)
}

// lateFilter sets a key's bits only at the Add after it, as an Add that hands its work to a
// goroutine does once the goroutine runs: a Test right after Add misses them.
type lateFilter struct {
	*toy
	pending []byte
	added   bool
}

func (f *lateFilter) Add(key []byte) {
	if f.added {
		f.toy.Add(f.pending)
	}
	f.pending, f.added = append([]byte(nil), key...), true
}

// precedence writes 1 << p % 64, which Go reads as (1 << p) % 64.
type precedence struct{ *toy }

func (f precedence) Add(key []byte) {
	for _, p := range f.pos(key, f.m, f.k) {
		f.words[p/64] |= 1 << p % 64
	}
}

func (f precedence) Test(key []byte) bool {
	for _, p := range f.pos(key, f.m, f.k) {
		if f.words[p/64]&(1<<p%64) == 0 {
			return false
		}
	}
	return true
}

// shortWords allocates m/64 words, one too few unless 64 divides m.
func shortWords(m uint64, k uint) Filter {
	f := newToy(m, k)
	f.words = make([]uint64, m/64)
	return f
}

// nilTest dereferences a nil pointer in Test.
type nilTest struct {
	*toy
	next *toy
}

func (f nilTest) Test(key []byte) bool { return f.next.Test(key) }

// stubTest still holds the stub's Test.
type stubTest struct{ *toy }

func (stubTest) Test([]byte) bool { panic("not implemented") }

// correct is an API built on toy, correct in a style other than the reference's.
func correct() API {
	return API{
		New:               func(m uint64, k uint) Filter { return newToy(m, k) },
		NewWithEstimates:  func(n uint64, p float64) Filter { m := ref.OptimalM(n, p); return newToy(m, ref.OptimalK(m, n)) },
		OptimalM:          ref.OptimalM,
		OptimalK:          ref.OptimalK,
		FalsePositiveRate: plainRate,
	}
}

// plainRate is FalsePositiveRate written the straightforward way, without Expm1.
func plainRate(m, n uint64, k uint) float64 {
	if m == 0 {
		panic("m == 0")
	}
	return math.Pow(1-math.Exp(-float64(k)*float64(n)/float64(m)), float64(k))
}

// withToy is correct() with New making toys changed by change.
func withToy(change func(*toy)) API {
	api := correct()
	api.New = func(m uint64, k uint) Filter {
		f := newToy(m, k)
		change(f)
		return f
	}
	return api
}

// withNew is correct() with another New.
func withNew(newFilter func(m uint64, k uint) Filter) API {
	api := correct()
	api.New = newFilter
	return api
}

func TestCorrectVariantPasses(t *testing.T) {
	kit.Passes(t, correct(), 3, false)
}

// wrongs are realistic wrong implementations and how the suite must catch each.
func wrongs() []suitetest.Planted[API] {
	// withM is correct() with an OptimalM that makes the exact bit count whole by whole.
	withM := func(whole func(float64) float64) API {
		api := correct()
		api.OptimalM = func(n uint64, p float64) uint64 {
			if !(p > 0 && p < 1) {
				panic("p")
			}
			return max(1, uint64(whole(-float64(n)*math.Log(p)/(math.Ln2*math.Ln2))))
		}
		return api
	}
	roundM, floorM := withM(math.Round), withM(math.Trunc)
	// withK is correct() with an OptimalK that picks k from x = m/n·ln 2 by pick.
	withK := func(pick func(m, n uint64, x float64) uint) API {
		api := correct()
		api.OptimalK = func(m, n uint64) uint {
			if m == 0 {
				panic("m")
			}
			if n == 0 {
				return 1
			}
			return max(1, pick(m, n, float64(m)/float64(n)*math.Ln2))
		}
		return api
	}
	roundK := withK(func(_, _ uint64, x float64) uint { return uint(math.Round(x)) })
	ceilK := withK(func(_, _ uint64, x float64) uint { return uint(math.Ceil(x)) })
	floorK := withK(func(_, _ uint64, x float64) uint { return uint(x) })
	strictK := withK(func(m, n uint64, x float64) uint { // keeps the ceiling on a tie
		lo, hi := max(uint(x), 1), max(uint(math.Ceil(x)), 1)
		if plainRate(m, n, lo) < plainRate(m, n, hi) {
			return lo
		}
		return hi
	})
	swappedRate := correct()
	swappedRate.FalsePositiveRate = func(m, n uint64, k uint) float64 {
		if m == 0 {
			panic("m")
		}
		return math.Pow(1-math.Exp(-float64(k)*float64(m)/float64(n)), float64(k))
	}
	overflowRate := correct()
	overflowRate.FalsePositiveRate = func(m, n uint64, k uint) float64 {
		if m == 0 {
			panic("m")
		}
		return math.Pow(1-math.Exp(-float64(uint64(k)*n)/float64(m)), float64(k))
	}
	unguardedRate := correct()
	unguardedRate.FalsePositiveRate = func(m, n uint64, k uint) float64 {
		return math.Pow(1-math.Exp(-float64(k)*float64(n)/float64(m)), float64(k))
	}
	unguardedNew := withNew(func(m uint64, k uint) Filter {
		return &toy{words: make([]uint64, (m+63)/64), m: m, k: k, pos: doubleHashing}
	})
	stub := withNew(func(m uint64, k uint) Filter { return stubTest{newToy(m, k)} })
	return []suitetest.Planted[API]{
		{Name: "consecutive positions", Impl: withToy(func(f *toy) { f.pos = bloompos.Consecutive }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "correlated"}},
		{Name: "shifted 32-bit hash", Impl: withToy(func(f *toy) { f.pos = shifted32 }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "correlated"}},
		{Name: "same bit k times", Impl: withToy(func(f *toy) { f.pos = sameBit }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "single bit"}},
		{Name: "byte-sum hash", Impl: withToy(func(f *toy) { f.pos = byteSum }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "weak"}},
		{Name: "16-bit FNV halves", Impl: withToy(func(f *toy) { f.pos = fnvLow16 }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "weak"}},
		{Name: "FNV-1 halves", Impl: withToy(func(f *toy) { f.pos = bloompos.FNV1Halves }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "weak"}},
		{Name: "raw FNV-128a halves", Impl: withToy(func(f *toy) { f.pos = fnv128Halves }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "FNV-1a"}},
		{Name: "Test checks the first bit", Impl: withToy(func(f *toy) { f.first = true }),
			Caught: suitetest.Caught{Test: "property/false-positive-rate", Verdict: "wrong_answer", Mention: "single bit"}},
		{Name: "positions in 2^20 bits", Impl: withToy(func(f *toy) { f.pos = low20 }),
			Caught: suitetest.Caught{Test: "property/large-filter", Verdict: "wrong_answer", Mention: "part of the m bits"}},
		{Name: "Add toggles bits", Impl: withToy(func(f *toy) { f.xor = true }),
			Caught: suitetest.Caught{Test: "edge/add-twice", Verdict: "wrong_answer", Mention: "^="}},
		{Name: "M() is words·64", Impl: withToy(func(f *toy) { f.words64 = true }),
			Caught: suitetest.Caught{Test: "edge/m-and-k", Verdict: "wrong_answer", Mention: "M()"}},
		{Name: "keys kept", Impl: withToy(func(f *toy) { f.keep = true }),
			Caught: suitetest.Caught{Test: "property/memory", Verdict: "memory_limit_exceeded", Mention: "stores no keys"}},
		{Name: "a bool per bit", Impl: withNew(newBoolFilter),
			Caught: suitetest.Caught{Test: "property/memory", Verdict: "memory_limit_exceeded", Mention: "[]bool"}},
		{Name: "keys queued by reference", Impl: withNew(func(m uint64, k uint) Filter { return &batchFilter{toy: newToy(m, k)} }),
			Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer", Mention: "overwrite"}},
		{Name: "1 << p % 64", Impl: withNew(func(m uint64, k uint) Filter { return precedence{newToy(m, k)} }),
			Caught: suitetest.Caught{Test: "example", Verdict: "wrong_answer", Mention: "Test("}},
		{Name: "m/64 words", Impl: withNew(shortWords),
			Caught: suitetest.Caught{Test: "edge/empty-filter", Verdict: "runtime_error", Mention: "index out of range"}},
		{Name: "nil pointer in Test", Impl: withNew(func(m uint64, k uint) Filter { return nilTest{toy: newToy(m, k)} }),
			Caught: suitetest.Caught{Test: "example", Verdict: "runtime_error", Mention: "nil pointer"}},
		{Name: "Test not implemented", Impl: stub,
			Caught: suitetest.Caught{Test: "implemented", Verdict: "not_implemented", Mention: "Test"}},
		{Name: "New without guard", Impl: unguardedNew,
			Caught: suitetest.Caught{Test: "edge/new-panics", Verdict: "wrong_answer", Mention: "New(0, 1)"}},
		{Name: "OptimalM rounds", Impl: roundM,
			Caught: suitetest.Caught{Test: "edge/optimal-m", Verdict: "wrong_answer", Mention: "OptimalM(1000, 0.01)"}},
		{Name: "OptimalM truncates", Impl: floorM,
			Caught: suitetest.Caught{Test: "edge/optimal-m", Verdict: "wrong_answer", Mention: "OptimalM(1000, 0.01)"}},
		{Name: "OptimalK rounds", Impl: roundK,
			Caught: suitetest.Caught{Test: "edge/optimal-k", Verdict: "wrong_answer", Mention: "OptimalK(2100, 1000)"}},
		{Name: "OptimalK truncates", Impl: floorK,
			Caught: suitetest.Caught{Test: "edge/optimal-k", Verdict: "wrong_answer", Mention: "truncates"}},
		{Name: "OptimalK always ceil", Impl: ceilK,
			Caught: suitetest.Caught{Test: "edge/optimal-k", Verdict: "wrong_answer", Mention: "OptimalK(2886, 1000)"}},
		{Name: "OptimalK ceil on a tie", Impl: strictK,
			Caught: suitetest.Caught{Test: "edge/optimal-k", Verdict: "wrong_answer", Mention: "OptimalK(2080999811, 1001401717)"}},
		{Name: "rate with k·m/n", Impl: swappedRate,
			Caught: suitetest.Caught{Test: "edge/false-positive-rate", Verdict: "wrong_answer", Mention: "FalsePositiveRate(9586, 1000, 7)"}},
		{Name: "rate with k·n in uint64", Impl: overflowRate,
			Caught: suitetest.Caught{Test: "edge/false-positive-rate", Verdict: "wrong_answer", Mention: "4611686018427387904"}},
		{Name: "rate without guard", Impl: unguardedRate,
			Caught: suitetest.Caught{Test: "edge/false-positive-rate", Verdict: "wrong_answer", Mention: "FalsePositiveRate(0, 10, 3)"}},
	}
}

func TestWrongImplementationsCaught(t *testing.T) { kit.CheckFirst(t, 5, wrongs()) }

// TestFailuresShrink runs single tests on wrong implementations: each case must shrink to a
// few calls that show the cause, with a hint that names it.
func TestFailuresShrink(t *testing.T) {
	late := withNew(func(m uint64, k uint) Filter { return &lateFilter{toy: newToy(m, k)} })
	bug := suitetest.ByName(wrongs())
	kit.CheckAlone(t, 11, []suitetest.Planted[API]{
		bug.Again("Add toggles bits",
			suitetest.Caught{Test: "random/add-test", MaxOps: 3, Code: "f.Test(", Hint: "^=", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		bug.Again("Add toggles bits",
			suitetest.Caught{Test: "property/no-false-negatives", MaxOps: 3, Code: "f.Test(", Hint: "^=", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		bug.Again("keys queued by reference",
			suitetest.Caught{Test: "property/no-false-negatives", MaxOps: 10, Code: "key[0] ^= 0xff", Hint: "overwrite", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		bug.Again("keys queued by reference",
			suitetest.Caught{Test: "random/add-test", MaxOps: 10, Code: "key[0] ^= 0xff", Hint: "overwrite", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		bug.Again("keys queued by reference",
			suitetest.Caught{Test: "example", MaxOps: 2, Code: "key[0] ^= 0xff", Hint: "overwrite", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		{Name: "bits set after Add returns", Impl: late,
			Caught: suitetest.Caught{Test: "example", MaxOps: 2, Code: "f.Test(", Hint: "before it returns", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}},
		bug.Again("M() is words·64",
			suitetest.Caught{Test: "random/add-test", MaxOps: 1, Code: "f.M()", Hint: "exactly as given", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		bug.Again("OptimalM rounds",
			suitetest.Caught{Test: "random/optimal-m", MaxOps: 1, Code: "OptimalM(", Hint: "round up", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		bug.Again("OptimalK rounds",
			suitetest.Caught{Test: "random/optimal-k", MaxOps: 1, Code: "OptimalK(", Hint: "instead of rounding", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		bug.Again("OptimalK always ceil",
			suitetest.Caught{Test: "random/optimal-k", MaxOps: 1, Code: "OptimalK(", Hint: "not always better", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		bug.Again("rate with k·m/n",
			suitetest.Caught{Test: "random/false-positive-rate", MaxOps: 1, Code: "FalsePositiveRate(", Hint: "k·n/m", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
		bug.Again("rate with k·n in uint64",
			suitetest.Caught{Test: "random/false-positive-rate", MaxOps: 1, Code: "FalsePositiveRate(", Hint: "overflow", Verdict: verdict.WrongAnswer, Case: suitetest.ShowsCase}),
	})
}

// TestLowRateHints checks the hint for fewer false positives than the formula allows: positions
// that follow the keys' patterns get the rate right on random keys, and a filter of more bits than
// M() does not.
func TestLowRateHints(t *testing.T) {
	for _, tc := range []struct {
		name string
		impl API
		want string
	}{
		{"FNV-1 halves", withToy(func(f *toy) { f.pos = bloompos.FNV1Halves }), "follow the keys' patterns"},
		{"twice the bits", withNew(func(m uint64, k uint) Filter { return &twiceBits{newToy(2*m, k)} }), "use exactly M() bits"},
	} {
		s := &suite{learner: tc.impl}
		if hint := s.rateHint(200_000, 20_000, 7, 0.001, false); !strings.Contains(hint, tc.want) {
			t.Errorf("%s: the hint does not say %q: %s", tc.name, tc.want, hint)
		}
	}
}

// twiceBits is a filter of twice the bits it reports.
type twiceBits struct{ *toy }

func (f *twiceBits) M() uint64 { return f.toy.M() / 2 }

// TestEstimatesHints checks that a wrong size from NewWithEstimates blames the function at fault:
// New when M() is not m, else OptimalM, OptimalK or the FalsePositiveRate it compares, else
// NewWithEstimates itself.
func TestEstimatesHints(t *testing.T) {
	estimating := func(api API) API {
		api.NewWithEstimates = func(n uint64, p float64) Filter {
			m := api.OptimalM(n, p)
			return api.New(m, api.OptimalK(m, n))
		}
		return api
	}
	byIndex := suitetest.ByName(wrongs())
	powerless := correct() // FalsePositiveRate without the power k, so OptimalK keeps the floor
	powerless.FalsePositiveRate = func(m, n uint64, k uint) float64 {
		return 1 - math.Exp(-float64(k)*float64(n)/float64(m))
	}
	powerless.OptimalK = func(m, n uint64) uint {
		x := float64(m) / float64(n) * math.Ln2
		lo, hi := max(uint(x), 1), max(uint(math.Ceil(x)), 1)
		if powerless.FalsePositiveRate(m, n, hi) < powerless.FalsePositiveRate(m, n, lo) {
			return hi
		}
		return lo
	}
	fixedBits := correct() // 1.44·log2(1/p) bits per key, truncated
	fixedBits.NewWithEstimates = func(n uint64, p float64) Filter {
		return newToy(uint64(float64(n)*1.44*math.Log2(1/p)), ref.OptimalK(ref.OptimalM(n, p), n))
	}
	for _, c := range []struct {
		name string
		api  API
		hint string
	}{
		{"OptimalM truncates", estimating(byIndex["OptimalM truncates"]), "your OptimalM returned 9585, want 9586: round up"},
		{"OptimalM rounds", estimating(byIndex["OptimalM rounds"]), "your OptimalM returned 9585"},
		{"OptimalK always ceil", estimating(byIndex["OptimalK always ceil"]), "not always better"},
		{"rate without the power", estimating(powerless), "FalsePositiveRate(9586, 1000, 6) returned"},
		{"fixed bits per key", fixedBits, "size the filter with them"},
		{"M() is words·64", estimating(byIndex["M() is words·64"]), "exactly as given to New"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ends := kit.RunEnds(t, c.api, 5, "example", "edge/new-with-estimates")
			f := ends["example"].Failure
			if f == nil {
				f = ends["edge/new-with-estimates"].Failure
			}
			if f == nil || f.Verdict != "wrong_answer" {
				t.Fatalf("want a wrong_answer, got %+v", f)
			}
			t.Logf("%s | %s", f.Message, f.Hint)
			if !strings.Contains(f.Hint, c.hint) {
				t.Errorf("the hint does not mention %q: %s", c.hint, f.Hint)
			}
		})
	}
}

func TestSameSeedSameCase(t *testing.T) {
	kit.Replays(t, withToy(func(f *toy) { f.xor = true }), 99, "random/add-test")
}

func TestPanicNamesTheCall(t *testing.T) {
	for _, c := range []struct {
		api     API
		test    string
		mention string
	}{
		{withNew(func(m uint64, k uint) Filter { return nilTest{toy: newToy(m, k)} }), "example", "Test([]byte"},
		{withNew(shortWords), "property/no-false-negatives", "Add("},
		{withNew(shortWords), "random/add-test", "Test("},
	} {
		_, ends := kit.RunEnds(t, c.api, 1, c.test)
		f := ends[c.test].Failure
		if f == nil || f.Verdict != "runtime_error" {
			t.Fatalf("%s: want a runtime_error, got %+v", c.test, f)
		}
		if !strings.Contains(f.Message, c.mention) || !strings.Contains(f.Message, "panicked") {
			t.Errorf("%s: the message does not name the call %s: %s", c.test, c.mention, f.Message)
		}
		t.Logf("%s: %s", c.test, f.Message)
	}
}

// TestMemoryMargin shows how far below the limit the reference and a correct variant stay.
func TestMemoryMargin(t *testing.T) {
	for name, api := range map[string]API{"reference": reference, "variant": correct()} {
		for seed := range uint64(3) {
			log, ends := kit.RunEnds(t, api, seed, "property/memory")
			if e := ends["property/memory"]; e.Status != result.Pass {
				t.Fatalf("%s: %+v", name, e.Failure)
			}
			for _, e := range log.Events {
				if e.Kind == record.Trace {
					t.Logf("%s: %s", name, e.Message)
				}
			}
		}
	}
}
