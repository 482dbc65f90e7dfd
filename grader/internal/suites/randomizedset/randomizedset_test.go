package randomizedset

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/hints"
	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
	ref "kata/solutions/randomizedset"
)

var reference = API{New: func() RandomizedSet { return ref.New() }}

// run runs the suite (only the named tests, if any) on learner, with the reference behind it.
func run(t *testing.T, learner API, seed uint64, only ...string) *record.Log {
	t.Helper()
	log, err := harness.Local(Suite(learner, reference), seed, only...)
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// firstFailure returns the first failing test and its failure, or "" when every test passed.
func firstFailure(log *record.Log) (string, *record.Failure) {
	for _, e := range log.Events {
		if e.Kind == record.End && e.Status == result.Fail {
			return e.Test, e.Failure
		}
	}
	return "", nil
}

func TestReferencePasses(t *testing.T) {
	log := run(t, reference, 1)
	var total float64
	for _, e := range log.Events {
		if e.Kind != record.End {
			continue
		}
		if e.Status != result.Pass {
			t.Errorf("%s: %s %+v", e.Test, e.Status, e.Failure)
		}
		total += e.Elapsed.Seconds()
		t.Logf("%-24s %v", e.Test, e.Elapsed)
	}
	t.Logf("%-24s %.3fs", "total", total)
}

// TestReferenceFreeTestsNeedNoReference runs the fixed and property tests, the ones kata verify
// runs, with a reference that panics if it is ever used: they must pass without it.
func TestReferenceFreeTestsNeedNoReference(t *testing.T) {
	broken := API{New: func() RandomizedSet { panic("the reference was used") }}
	s := Suite(reference, broken)
	var only []string
	for _, test := range s.Tests {
		if test.Kind.ReferenceFree() {
			only = append(only, test.Name)
		}
	}
	log, err := harness.Local(s, 3, only...)
	if err != nil {
		t.Fatal(err)
	}
	if test, f := firstFailure(log); f != nil {
		t.Errorf("%s failed: %+v", test, f)
	}
}

// good is a correct set with its own seeded generator, so that a wrong set built on it fails
// the same way on every run. The wrong sets below each change one thing of it.
type good struct {
	vals  []int
	index map[int]int
	rng   *rand.Rand
}

func newGood() *good {
	return &good{index: map[int]int{}, rng: rand.New(rand.NewPCG(1, 2))}
}

func (s *good) Insert(x int) bool {
	if _, ok := s.index[x]; ok {
		return false
	}
	s.index[x] = len(s.vals)
	s.vals = append(s.vals, x)
	return true
}

func (s *good) Remove(x int) bool {
	i, ok := s.index[x]
	if !ok {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	s.index[last] = i
	s.vals = s.vals[:len(s.vals)-1]
	delete(s.index, x)
	return true
}

func (s *good) GetRandom() int { return s.vals[s.rng.IntN(len(s.vals))] }

// noDelete forgets to delete the removed value from the index.
type noDelete struct{ *good }

func (s noDelete) Remove(x int) bool {
	i, ok := s.index[x]
	if !ok {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	s.index[last] = i
	s.vals = s.vals[:len(s.vals)-1]
	return true
}

// deleteFirst deletes before fixing the moved value: removing the last value puts it back.
type deleteFirst struct{ *good }

func (s deleteFirst) Remove(x int) bool {
	i, ok := s.index[x]
	if !ok {
		return false
	}
	delete(s.index, x)
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	s.index[last] = i
	s.vals = s.vals[:len(s.vals)-1]
	return true
}

// noMoveIndex moves the last value into the hole but leaves its old index in the map.
type noMoveIndex struct{ *good }

func (s noMoveIndex) Remove(x int) bool {
	i, ok := s.index[x]
	if !ok {
		return false
	}
	s.vals[i] = s.vals[len(s.vals)-1]
	s.vals = s.vals[:len(s.vals)-1]
	delete(s.index, x)
	return true
}

// noShrink fills the hole but never shrinks the slice: stale values stay drawable.
type noShrink struct{ *good }

func (s noShrink) Remove(x int) bool {
	i, ok := s.index[x]
	if !ok {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	s.index[last] = i
	delete(s.index, x)
	return true
}

// appendAlways appends before checking presence: duplicates in the slice.
type appendAlways struct{ *good }

func (s appendAlways) Insert(x int) bool {
	_, ok := s.index[x]
	s.vals = append(s.vals, x)
	if ok {
		return false
	}
	s.index[x] = len(s.vals) - 1
	return true
}

// lazyDelete only forgets a removed value's index, and GetRandom draws again until it hits a
// member: a value removed and inserted again sits twice in the slice.
type lazyDelete struct{ *good }

func (s lazyDelete) Remove(x int) bool {
	_, ok := s.index[x]
	delete(s.index, x)
	return ok
}

func (s lazyDelete) GetRandom() int {
	for {
		x := s.vals[s.rng.IntN(len(s.vals))]
		if _, ok := s.index[x]; ok {
			return x
		}
	}
}

// zeroAbsent takes index 0 for "absent": the value in slot 0 is never found.
type zeroAbsent struct{ *good }

func (s zeroAbsent) Insert(x int) bool {
	if s.index[x] != 0 {
		return false
	}
	s.index[x] = len(s.vals)
	s.vals = append(s.vals, x)
	return true
}

func (s zeroAbsent) Remove(x int) bool {
	if s.index[x] == 0 {
		return false
	}
	return s.good.Remove(x)
}

// int32Keys keys its index by int32: values with the same low 32 bits collide.
type int32Keys struct {
	vals  []int
	index map[int32]int
	rng   *rand.Rand
}

func newInt32Keys() *int32Keys {
	return &int32Keys{index: map[int32]int{}, rng: rand.New(rand.NewPCG(1, 2))}
}

func (s *int32Keys) Insert(x int) bool {
	if _, ok := s.index[int32(x)]; ok {
		return false
	}
	s.index[int32(x)] = len(s.vals)
	s.vals = append(s.vals, x)
	return true
}

func (s *int32Keys) Remove(x int) bool {
	i, ok := s.index[int32(x)]
	if !ok {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	s.index[int32(last)] = i
	s.vals = s.vals[:len(s.vals)-1]
	delete(s.index, int32(x))
	return true
}

func (s *int32Keys) GetRandom() int { return s.vals[s.rng.IntN(len(s.vals))] }

// intnLenMinus1 draws from rand.IntN(len-1): it panics on a set of one.
type intnLenMinus1 struct{ *good }

func (s intnLenMinus1) GetRandom() int { return s.vals[s.rng.IntN(len(s.vals)-1)] }

// neverLast guards the set of one but otherwise never draws the last slot.
type neverLast struct{ *good }

func (s neverLast) GetRandom() int {
	if len(s.vals) == 1 {
		return s.vals[0]
	}
	return s.vals[s.rng.IntN(len(s.vals)-1)]
}

// favourFirst returns the first slot one time in twenty, on top of a uniform draw.
type favourFirst struct{ *good }

func (s favourFirst) GetRandom() int {
	if s.rng.IntN(20) == 0 {
		return s.vals[0]
	}
	return s.good.GetRandom()
}

// modulo1000 reduces a draw from 0..999 modulo the size: the low slots come up more often.
type modulo1000 struct{ *good }

func (s modulo1000) GetRandom() int { return s.vals[s.rng.IntN(1000)%len(s.vals)] }

// firstSlots draws from the first 1024 slots only: uniform on a set of up to 1024 values.
type firstSlots struct{ *good }

func (s firstSlots) GetRandom() int { return s.vals[s.rng.IntN(min(len(s.vals), 1024))] }

// fixedCapacity writes into a slice of 1<<16 slots and never grows it.
type fixedCapacity struct{ *good }

func (s fixedCapacity) Insert(x int) bool {
	if _, ok := s.index[x]; ok {
		return false
	}
	if s.vals == nil {
		s.vals = make([]int, 0, 1<<16)
	}
	n := len(s.vals)
	s.vals = s.vals[:n+1]
	s.vals[n] = x
	s.index[x] = n
	return true
}

// mapSet is a set held in a map alone, with a GetRandom that walks the map.
type mapSet struct {
	m    map[int]bool
	pick func(m map[int]bool) int
}

func (s *mapSet) Insert(x int) bool {
	if s.m[x] {
		return false
	}
	s.m[x] = true
	return true
}

func (s *mapSet) Remove(x int) bool {
	if !s.m[x] {
		return false
	}
	delete(s.m, x)
	return true
}

func (s *mapSet) GetRandom() int { return s.pick(s.m) }

// firstKey returns the first key of a map range: Go's iteration order is not uniform.
func firstKey(m map[int]bool) int {
	for x := range m {
		return x
	}
	panic("empty")
}

// coinFlip walks the map and stops at each key with probability 1/2.
func coinFlip(rng *rand.Rand) func(map[int]bool) int {
	return func(m map[int]bool) int {
		last := 0
		for x := range m {
			if rng.IntN(2) == 0 {
				return x
			}
			last = x
		}
		return last
	}
}

// stub is a set whose GetRandom is still the stub.
type stub struct{ *good }

func (stub) GetRandom() int { panic(harness.NotImplemented) }

// api wraps a constructor.
func api[S RandomizedSet](f func() S) API {
	return API{New: func() RandomizedSet { return f() }}
}

// wrong builds a wrong set on a fresh good one.
func wrong[S RandomizedSet](f func(*good) S) API {
	return api(func() S { return f(newGood()) })
}

func mapAPI(pick func() func(map[int]bool) int) API {
	return api(func() *mapSet { return &mapSet{m: map[int]bool{}, pick: pick()} })
}

// wrongSets are realistic wrong implementations, the test that should catch each first when the
// whole suite runs, its verdict, and words the failure's hint must hold.
var wrongSets = []struct {
	name    string
	api     API
	test    string
	verdict verdict.Verdict
	hint    string
}{
	{"nil map", api(func() *good { return &good{rng: rand.New(rand.NewPCG(1, 2))} }),
		"example", "runtime_error", "make the map in New"},
	{"zero means absent", wrong(func(g *good) zeroAbsent { return zeroAbsent{g} }),
		"example", "wrong_answer", "i, ok := index[val]"},
	{"IntN(len-1)", wrong(func(g *good) intnLenMinus1 { return intnLenMinus1{g} }),
		"example", "runtime_error", "rand.IntN(len(values))"},
	{"append always", wrong(func(g *good) appendAlways { return appendAlways{g} }),
		"edge/insert-present", "wrong_answer", "shrink the slice"},
	{"no delete", wrong(func(g *good) noDelete { return noDelete{g} }),
		"edge/insert-present", "wrong_answer", "delete the value from the index map"},
	{"delete first", wrong(func(g *good) deleteFirst { return deleteFirst{g} }),
		"edge/remove-absent", "runtime_error", "delete the value from the index map"},
	{"no shrink", wrong(func(g *good) noShrink { return noShrink{g} }),
		"edge/reinsert", "wrong_answer", "shrink the slice"},
	{"moved index kept", wrong(func(g *good) noMoveIndex { return noMoveIndex{g} }),
		"edge/refill", "runtime_error", "index[last] = i"},
	{"int32 keys", api(newInt32Keys),
		"edge/extremes", "wrong_answer", "narrower type"},
	{"first map key", mapAPI(func() func(map[int]bool) int { return firstKey }),
		"property/uniform-small", "wrong_answer", "rand.IntN(len(values))"},
	{"coin flip over a map", mapAPI(func() func(map[int]bool) int { return coinFlip(rand.New(rand.NewPCG(3, 4))) }),
		"property/uniform-small", "wrong_answer", "not a map iteration"},
	{"never the last", wrong(func(g *good) neverLast { return neverLast{g} }),
		"property/uniform-small", "wrong_answer", "rand.IntN(len(values))"},
	{"lazy delete", wrong(func(g *good) lazyDelete { return lazyDelete{g} }),
		"property/uniform-small", "wrong_answer", "rand.IntN(len(values))"},
	{"favour the first", wrong(func(g *good) favourFirst { return favourFirst{g} }),
		"property/uniform-small", "wrong_answer", "biased choice"},
	{"modulo 1000", wrong(func(g *good) modulo1000 { return modulo1000{g} }),
		"property/uniform", "wrong_answer", "biased choice"},
	{"first 1024 slots", wrong(func(g *good) firstSlots { return firstSlots{g} }),
		"property/reaches-all", "wrong_answer", "over the whole slice"},
	{"GetRandom unwritten", wrong(func(g *good) stub { return stub{g} }),
		harness.ImplementedTest, "not_implemented", ""},
}

func TestWrongSetsCaught(t *testing.T) {
	for _, w := range wrongSets {
		t.Run(w.name, func(t *testing.T) {
			t.Parallel()
			test, f := firstFailure(run(t, w.api, 11))
			if f == nil {
				t.Fatal("passed every test")
			}
			if test != w.test || f.Verdict != w.verdict {
				t.Errorf("failed %s with %s, want %s with %s: %s", test, f.Verdict, w.test, w.verdict, f.Message)
			}
			if !strings.Contains(f.Hint, w.hint) {
				t.Errorf("hint %q, want it to mention %q (message: %s)", f.Hint, w.hint, f.Message)
			}
			if f.Case != nil && f.Case.Ops > maxCase {
				t.Errorf("case of %d operations, want at most %d:\n%s", f.Case.Ops, maxCase, f.Case.Code)
			}
			t.Logf("%s: %s\n%s", test, f.Message, caseCode(f))
		})
	}
}

// maxCase is the longest shrunk case a test may print. The wrong sets draw from their own
// seeded generator, so a case sometimes keeps a draw or two that only advance it.
const maxCase = 12

func caseCode(f *record.Failure) string {
	if f.Case == nil {
		return ""
	}
	return f.Case.Code
}

// alone are wrong sets run on one test alone, to show what that test catches by itself even
// when an earlier test would have caught it first: its verdict, words its message must hold,
// and words its shrunk case (at most 10 operations) must hold.
var alone = []struct {
	name    string
	api     API
	test    string
	verdict verdict.Verdict
	message string
	code    string
}{
	{"moved index kept", wrong(func(g *good) noMoveIndex { return noMoveIndex{g} }),
		"random/small-values", "wrong_answer", "GetRandom() returned", "s.Remove("},
	{"no delete", wrong(func(g *good) noDelete { return noDelete{g} }),
		"random/small-values", "wrong_answer", "returned true, want false", "s.Remove("},
	{"no shrink", wrong(func(g *good) noShrink { return noShrink{g} }),
		"random/small-values", "wrong_answer", "GetRandom() returned", "s.GetRandom()"},
	{"int32 keys", api(newInt32Keys),
		"random/wide-values", "wrong_answer", "returned", "s.Insert("},
	{"no shrink", wrong(func(g *good) noShrink { return noShrink{g} }),
		"property/members-only", "wrong_answer", "GetRandom() returned", "s.GetRandom()"},
	{"append always", wrong(func(g *good) appendAlways { return appendAlways{g} }),
		"property/members-only", "wrong_answer", "GetRandom() returned", "s.GetRandom()"},
	{"never the last", wrong(func(g *good) neverLast { return neverLast{g} }),
		"property/uniform", "wrong_answer", "came up 0 times", ""},
	{"favour the first", wrong(func(g *good) favourFirst { return favourFirst{g} }),
		"property/uniform", "wrong_answer", "not uniform", ""},
	{"lazy delete", wrong(func(g *good) lazyDelete { return lazyDelete{g} }),
		"property/uniform", "wrong_answer", "not uniform", ""},
	{"first map key", mapAPI(func() func(map[int]bool) int { return firstKey }),
		"property/uniform", "wrong_answer", "not uniform", ""},
	{"no shrink", wrong(func(g *good) noShrink { return noShrink{g} }),
		"property/uniform", "wrong_answer", "which is not in the set", ""},
	{"first 1024 slots", wrong(func(g *good) firstSlots { return firstSlots{g} }),
		"property/reaches-all", "wrong_answer", "never returned 3072 of the 4096 elements in 163840 calls", ""},
	{"no shrink", wrong(func(g *good) noShrink { return noShrink{g} }),
		"property/reaches-all", "wrong_answer", "which is not in the set", ""},
	{"fixed capacity", wrong(func(g *good) fixedCapacity { return fixedCapacity{g} }),
		"random/large", "runtime_error", "out of range", ""},
}

func TestEachTestAlone(t *testing.T) {
	for _, w := range alone {
		t.Run(w.test+"/"+w.name, func(t *testing.T) {
			if testing.Short() && w.test == "random/large" {
				t.Skip("its case cannot shrink below 65,537 inserts: the shrinker spends its whole budget")
			}
			t.Parallel()
			test, f := firstFailure(run(t, w.api, 12, w.test))
			if f == nil {
				t.Fatalf("%s passed", w.test)
			}
			if f.Verdict != w.verdict || !strings.Contains(f.Message, w.message) {
				t.Errorf("%s: %s %q, want %s mentioning %q", test, f.Verdict, f.Message, w.verdict, w.message)
			}
			if w.code != "" {
				if f.Case == nil || f.Case.Ops > maxCase || !strings.Contains(f.Case.Code, w.code) {
					t.Errorf("want a case of at most %d operations mentioning %q, got:\n%s", maxCase, w.code, caseCode(f))
				}
			}
			t.Logf("%s\n%s", f.Message, caseCode(f))
		})
	}
}

func TestSameSeedSameCase(t *testing.T) {
	cases := map[string]bool{}
	for range 2 {
		_, f := firstFailure(run(t, api(newInt32Keys), 77, "random/wide-values"))
		if f == nil || f.Case == nil {
			t.Fatalf("want a failure with a case, got %+v", f)
		}
		cases[f.Case.Code] = true
	}
	if len(cases) != 1 {
		t.Errorf("one seed gave different cases: %v", cases)
	}
}

func TestPanicNamesTheCall(t *testing.T) {
	_, f := firstFailure(run(t, api(func() *good { return &good{} }), 1, "example"))
	// The shrinker simplifies the value to 0.
	if f == nil || f.Verdict != "runtime_error" || f.Op != "s.Insert(0)" ||
		f.Message != "Insert(0) panicked: assignment to entry in nil map" {
		t.Fatalf("got %+v", f)
	}
}

// TestHint checks hints for shrunk cases that no wrong set above produces: each case, what its
// hint must say, and why.
func TestHint(t *testing.T) {
	oob := func(i int) any { return fmt.Sprintf("runtime error: index out of range [%d]", i) }
	for _, c := range []struct {
		reason string
		f      harness.Mismatch
		want   string
	}{
		{"a negative value's first call indexes a negative bucket: val % n",
			harness.Mismatch{Calls: []harness.Call{call("Remove", -1)}, Panic: oob(-1)},
			hints.NegativeMod},
		{"the same panic on a value removed before: the removal put its index back",
			harness.Mismatch{Calls: []harness.Call{call("Insert", -1), call("Remove", -1), call("Remove", -1)}, Panic: oob(-1)},
			hintDelete},
		{"removing one value lost another, still present: a cut probe run",
			harness.Mismatch{Calls: []harness.Call{call("Insert", -4), call("Insert", 2), call("Remove", -4),
				call("Insert", 2)}, Got: true, Want: false},
			"Remove(-4) lost 2, which is still in the set"},
		{"a value removed and inserted again since the other removal is not lost by it",
			harness.Mismatch{Calls: []harness.Call{call("Insert", 0), call("Insert", 2), call("Remove", 0),
				call("Remove", 2), call("Insert", 2), call("Insert", 2)}, Got: true, Want: false},
			hintFind},
		{"a value not found with no removal in between: index 0 taken for absent",
			harness.Mismatch{Calls: []harness.Call{call("Insert", 1), call("Remove", 1)}, Got: false, Want: true},
			hintFind},
	} {
		if got := hint(c.f); !strings.Contains(got, c.want) {
			t.Errorf("%s: hint %q, want it to hold %q", c.reason, got, c.want)
		}
	}
}

func TestMemberSet(t *testing.T) {
	m := memberSet{2: {}, math.MinInt: {}}
	if !m.Accepts(2) || m.Accepts(3) || m.Accepts(int64(2)) {
		t.Error("memberSet accepts the wrong values")
	}
	if !m.Accepts(memberSet{math.MinInt: {}, 2: {}}) || m.Accepts(memberSet{2: {}}) {
		t.Error("memberSet agrees with the wrong reference answers")
	}
	if got := m.Cond("got"); got != "got != math.MinInt && got != 2" {
		t.Errorf("Cond = %q", got)
	}
	if got := m.String(); got != "one of math.MinInt, 2" {
		t.Errorf("String = %q", got)
	}
}

// TestChiSquareTail checks the tail against values computed independently with mpmath
// (gammainc(df/2, x/2, inf, regularized=True), 50 digits).
func TestChiSquareTail(t *testing.T) {
	for _, c := range []struct {
		df      int
		x, want float64
	}{
		{2, 10, 0.00673794699908547},
		{2, 36.8, 1.02089607235976e-8},
		{150, 150, 0.484643600960357},
		{150, 200, 0.00397318597082161},
		{150, 265.9, 1.73217980839327e-8},
		{150, 1000, 1.33774465816825e-125},
		{300, 400, 9.67862199493358e-5},
	} {
		if got := chiSquareTail(c.df, c.x); math.Abs(got-c.want) > 1e-12*c.want {
			t.Errorf("chiSquareTail(%d, %v) = %.15g, want %.15g", c.df, c.x, got, c.want)
		}
	}
}
