package cuckoo

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
	ref "kata/solutions/cuckoo"
)

// reference is the reference solution as an API.
var reference = API{New: func(capacity uint64) Filter { return ref.New(capacity) }}

// run runs the suite on learner against the reference and returns the log and the end events
// by test.
func run(t *testing.T, learner API, seed uint64, only ...string) (*record.Log, map[string]record.Event) {
	t.Helper()
	log, err := harness.Local(Suite(learner, reference), seed, only...)
	if err != nil {
		t.Fatal(err)
	}
	return log, log.Ends()
}

func TestReferencePasses(t *testing.T) {
	log, _ := run(t, reference, 1)
	for _, e := range log.Events {
		switch e.Kind {
		case record.End:
			if e.Status != result.Pass {
				t.Errorf("%s: %s %+v", e.Test, e.Status, e.Failure)
			}
			t.Logf("%-40s %v", e.Test, e.Elapsed)
		case record.Trace:
			t.Logf("  %s", e.Message)
		}
	}
}

func TestBucketsForMatchesReference(t *testing.T) {
	for c := range uint64(5000) {
		if got, want := bucketsFor(c), ref.New(c).Buckets(); got != want {
			t.Fatalf("bucketsFor(%d) = %d, the reference says %d", c, got, want)
		}
	}
}

// TestZeroKeys checks that each key of zeroKeyList has its 16 zero bits, and is the first such
// key "zero:i".
func TestZeroKeys(t *testing.T) {
	hashes := map[string]func([]byte) uint64{
		"xxhash.Sum64": xxhash.Sum64,
		"FNV-1a 64":    func(k []byte) uint64 { h := fnv.New64a(); h.Write(k); return h.Sum64() },
		"FNV-1a 32":    func(k []byte) uint64 { h := fnv.New32a(); h.Write(k); return uint64(h.Sum32()) },
	}
	for _, z := range zeroKeyList {
		h := hashes[z.hash]
		zero := func(k []byte) bool { return h(k)>>z.shift&0xffff == 0 }
		if !zero([]byte(z.key)) {
			t.Errorf("%s(%q) has no 16 zero bits at %d", z.hash, z.key, z.shift)
		}
		if testing.Short() {
			continue
		}
		for i := 0; ; i++ {
			k := "zero:" + strconv.Itoa(i)
			if zero([]byte(k)) {
				if k != z.key {
					t.Errorf("%s: %q comes first, not %q", z.hash, k, z.key)
				}
				break
			}
		}
	}
}

// seeds is how many seeds TestStatisticalMargins tries; raise it to check the margins over many
// runs (go test -run Margins -cuckoo.seeds 200).
var seeds = flag.Int("cuckoo.seeds", 3, "seeds for TestStatisticalMargins")

// TestStatisticalMargins runs the load and false-positive-rate properties on the reference and
// on a right filter in another style over several seeds, and reports the lowest load and the
// largest count of false positives against their limits.
func TestStatisticalMargins(t *testing.T) {
	tests := []string{"property/load", "property/false-positive-rate"}
	for _, impl := range []struct {
		name string
		api  API
	}{{"reference", reference}, {"stash", withToy(func(f *toy) { f.stash = true })}} {
		lowLoad, sumLoad, loads := 1.0, 0.0, 0
		mostFP, sumFP, fps, limit := 0, 0, 0, 0
		var sumRate float64
		for seed := range uint64(*seeds) {
			log, ends := run(t, impl.api, seed, tests...)
			for _, name := range tests {
				if e := ends[name]; e.Status != result.Pass {
					t.Fatalf("%s seed %d: %s: %+v", impl.name, seed, name, e.Failure)
				}
			}
			for _, e := range log.Events {
				var load, rate, bound float64
				var got, probes int
				if e.Kind != record.Trace {
					continue
				}
				if _, err := fmt.Sscanf(e.Message, "load at the first failed Insert: %g", &load); err == nil {
					lowLoad, sumLoad, loads = min(lowLoad, load), sumLoad+load, loads+1
				}
				if _, err := fmt.Sscanf(e.Message, "false positives at load %g: %d of %d (rate %g, bound %g), limit %d",
					&load, &got, &probes, &rate, &bound, &limit); err == nil {
					mostFP, sumFP, fps, sumRate = max(mostFP, got), sumFP+got, fps+1, sumRate+rate
				}
			}
		}
		t.Logf("%s: load at the first failure: mean %.4f, lowest %.4f (limit %.2f) over %d filters",
			impl.name, sumLoad/float64(loads), lowLoad, minLoad, loads)
		t.Logf("%s: false positives: mean %.1f (rate %.3g, bound 2·4/2^16 = %.3g), most %d (limit %d) over %d filters",
			impl.name, float64(sumFP)/float64(fps), sumRate/float64(fps), fpBound, mostFP, limit, fps)
		if lowLoad < minLoad+0.015 {
			t.Errorf("%s: a load of %.4f came within 1.5 points of the limit", impl.name, lowLoad)
		}
	}
}

// toy is a cuckoo filter for the tests, correct unless one of its knobs plants a bug. It hashes
// with FNV-1a and a mixer, unlike the reference.
type toy struct {
	slots    []uint16
	b        uint64
	count    uint64
	rng      uint64
	stash    bool   // keep the last victim aside on failure, instead of undoing
	spare    uint16 // the fingerprint kept aside, 0 if none
	spareAt  uint64 // one of its buckets
	plus     bool   // i2 = i1 + h mod B: not an involution
	oneB     bool   // hash(fp) mod B is always 0: i2 == i1
	lowFP    bool   // the fingerprint from the low 16 bits, which choose the bucket
	zeroFP   bool   // a fingerprint of 0 is stored as is
	drop     bool   // a failed Insert drops the last victim
	delAll   bool   // Delete removes every copy
	delDup   bool   // Delete refuses when the fingerprint is stored twice
	noEvict  bool   // Insert gives up when both buckets are full
	countAll bool   // Count counts failed Inserts too
	roundB   bool   // B is ⌈capacity/4⌉, not a power of two
	kept     [][]byte
	keep     bool // Insert also keeps a copy of the key
	nilEmpty bool // nil is no key: Insert(nil) stores nothing and Lookup(nil) is false
}

func fnv64(key []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range key {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return bytekeys.Mix(h)
}

func newToy(capacity uint64) *toy {
	return &toy{b: bucketsFor(capacity), rng: 88172645463325252}
}

func (f *toy) init() {
	if f.slots == nil {
		f.slots = make([]uint16, 4*f.b)
	}
}

func (f *toy) index(h uint64) uint64 { return h % f.b }

func (f *toy) locate(key []byte) (uint16, uint64) {
	h := fnv64(key)
	fp := uint16(h >> 40)
	if f.lowFP {
		fp = uint16(h)
	}
	if f.zeroFP {
		// As a learner would: the top 16 bits of xxhash, 0 included.
		fp = uint16(xxhash.Sum64(key) >> 48)
	} else if fp == 0 {
		fp = 0x5a5a
	}
	return fp, f.index(h)
}

func (f *toy) alt(i uint64, fp uint16) uint64 {
	if f.oneB {
		return i
	}
	h := bytekeys.Mix(uint64(fp))
	if f.plus {
		return (i + h) % f.b
	}
	return (i ^ h) % f.b
}

func (f *toy) put(i uint64, fp uint16) bool {
	for s := i * 4; s < i*4+4; s++ {
		if f.slots[s] == 0 {
			f.slots[s] = fp
			return true
		}
	}
	return false
}

func (f *toy) random() uint64 {
	f.rng ^= f.rng << 13
	f.rng ^= f.rng >> 7
	f.rng ^= f.rng << 17
	return f.rng
}

func (f *toy) Insert(key []byte) bool {
	f.init()
	if f.nilEmpty && key == nil {
		f.count++
		return true
	}
	if f.keep {
		f.kept = append(f.kept, bytes.Clone(key))
	}
	if f.stash && f.spare != 0 {
		if f.countAll {
			f.count++
		}
		return false
	}
	fp, i1 := f.locate(key)
	i2 := f.alt(i1, fp)
	if f.put(i1, fp) || f.put(i2, fp) {
		f.count++
		return true
	}
	if f.countAll {
		f.count++
	}
	if f.noEvict {
		return false
	}
	i := i1
	if f.random()&1 == 1 {
		i = i2
	}
	var path []uint64
	for range 500 {
		s := i*4 + f.random()%4
		path = append(path, s)
		fp, f.slots[s] = f.slots[s], fp
		i = f.alt(i, fp)
		if f.put(i, fp) {
			if !f.countAll {
				f.count++
			}
			return true
		}
	}
	switch {
	case f.drop:
	case f.stash:
		f.spare, f.spareAt = fp, i
	default:
		for k := len(path) - 1; k >= 0; k-- {
			fp, f.slots[path[k]] = f.slots[path[k]], fp
		}
	}
	return false
}

func (f *toy) has(i uint64, fp uint16) bool {
	for s := i * 4; s < i*4+4; s++ {
		if f.slots[s] == fp {
			return true
		}
	}
	return false
}

func (f *toy) spareIs(fp uint16, i1, i2 uint64) bool {
	return f.spare != 0 && f.spare == fp && (f.spareAt == i1 || f.spareAt == i2)
}

func (f *toy) Lookup(key []byte) bool {
	f.init()
	if f.nilEmpty && key == nil {
		return false
	}
	fp, i1 := f.locate(key)
	i2 := f.alt(i1, fp)
	return f.has(i1, fp) || f.has(i2, fp) || f.spareIs(fp, i1, i2)
}

func (f *toy) Delete(key []byte) bool {
	f.init()
	fp, i1 := f.locate(key)
	i2 := f.alt(i1, fp)
	if f.spareIs(fp, i1, i2) {
		f.spare = 0
		f.count--
		return true
	}
	buckets := []uint64{i1, i2}
	if i1 == i2 {
		buckets = buckets[:1]
	}
	var found []uint64
	for _, i := range buckets {
		for s := i * 4; s < i*4+4; s++ {
			if f.slots[s] == fp {
				found = append(found, s)
			}
		}
	}
	if len(found) == 0 || f.delDup && len(found) > 1 {
		return false
	}
	if f.delAll {
		for _, s := range found {
			f.slots[s] = 0
		}
	} else {
		f.slots[found[0]] = 0
	}
	f.count--
	return true
}

func (f *toy) Count() uint64 { return f.count }

func (f *toy) Buckets() uint64 { return f.b }

// wide is a toy whose slots are 32 bits wide.
type wide struct {
	*toy
	shadow []uint32
}

// withToy is an API of toys changed by change.
func withToy(change func(*toy)) API {
	return API{New: func(capacity uint64) Filter {
		f := newToy(capacity)
		change(f)
		if f.roundB {
			f.b = max(1, (capacity+3)/4)
		}
		f.init()
		return f
	}}
}

// stubLookup still holds the stub's Lookup.
type stubLookup struct{ *toy }

func (stubLookup) Lookup([]byte) bool { panic("not implemented") }

// nilDelete dereferences a nil pointer in Delete.
type nilDelete struct {
	*toy
	next *toy
}

func (f nilDelete) Delete(key []byte) bool { return f.next.Delete(key) }

func TestCorrectVariantsPass(t *testing.T) {
	for _, c := range []struct {
		name string
		api  API
	}{
		{"undo", withToy(func(*toy) {})},
		{"stash", withToy(func(f *toy) { f.stash = true })},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ends := run(t, c.api, 3)
			for name, e := range ends {
				if e.Status != result.Pass {
					t.Errorf("%s: %s %+v", name, e.Status, e.Failure)
				}
			}
		})
	}
}

// firstFailure returns the first failing test's name and failure.
func firstFailure(log *record.Log) (string, *record.Failure) {
	for _, e := range log.Events {
		if e.Kind == record.End && e.Status == result.Fail {
			return e.Test, e.Failure
		}
	}
	return "", nil
}

// wrong is a realistic wrong implementation and what must catch it.
type wrong struct {
	name    string
	api     API
	test    string // the first test to fail
	verdict verdict.Verdict
	mention string // the message or the hint mentions it
	ops     int    // the case, if any, has at most ops calls (0: no limit)
}

func wrongs() []wrong {
	return []wrong{
		{"i2 = i1 + h", withToy(func(f *toy) { f.plus = true }), "edge/eight-copies", verdict.WrongAnswer, "i + h", 10},
		{"i2 always i1", withToy(func(f *toy) { f.oneB = true }), "edge/eight-copies", verdict.WrongAnswer, "always one", 0},
		{"fingerprint from the bucket's bits", withToy(func(f *toy) { f.lowFP = true }), "property/load", verdict.WrongAnswer, "do not choose i1", 0},
		{"fingerprint 0 is empty", withToy(func(f *toy) { f.zeroFP = true }), "edge/empty-filter", verdict.WrongAnswer, "never 0", 3},
		{"a failed Insert drops the victim", withToy(func(f *toy) { f.drop = true }), "property/failed-insert-loses-nothing", verdict.WrongAnswer, "lose nothing", 12},
		{"Delete removes every copy", withToy(func(f *toy) { f.delAll = true }), "example", verdict.WrongAnswer, "ONE copy", 10},
		{"Delete refuses a duplicate", withToy(func(f *toy) { f.delDup = true }), "example", verdict.WrongAnswer, "ONE copy", 10},
		{"no eviction", withToy(func(f *toy) { f.noEvict = true }), "property/load", verdict.WrongAnswer, "evict", 0},
		{"Count counts failures", withToy(func(f *toy) { f.countAll = true }), "edge/one-bucket", verdict.WrongAnswer, "failed Insert does not count", 10},
		{"B not a power of two", withToy(func(f *toy) { f.roundB = true }), "example", verdict.WrongAnswer, "power of two", 2},
		{"keys kept", withToy(func(f *toy) { f.keep = true }), "property/memory", verdict.MemoryLimitExceeded, "stores no keys", 0},
		{"32-bit slots", API{New: func(c uint64) Filter {
			f := newToy(c)
			f.init()
			return &wide{toy: f, shadow: make([]uint32, 4*f.b)}
		}}, "property/memory", verdict.MemoryLimitExceeded, "[]uint16", 0},
		{"Lookup not implemented", API{New: func(c uint64) Filter { return stubLookup{newToy(c)} }}, "implemented", verdict.NotImplemented, "Lookup", 0},
		{"nil pointer in Delete", API{New: func(c uint64) Filter { f := newToy(c); f.init(); return nilDelete{toy: f} }}, "example", verdict.RuntimeError, "nil pointer", 0},
	}
}

func TestWrongImplementationsCaught(t *testing.T) {
	for _, w := range wrongs() {
		t.Run(w.name, func(t *testing.T) {
			log, _ := run(t, w.api, 5)
			name, f := firstFailure(log)
			if f == nil {
				t.Fatalf("accepted; want %s from %s", w.verdict, w.test)
			}
			text := f.Message + " " + f.Hint
			if f.Case != nil {
				text += "\n" + f.Case.Code
			}
			t.Logf("%s: %s: %s", name, f.Verdict, text)
			if name != w.test || f.Verdict != w.verdict {
				t.Errorf("caught by %s as %s, want %s as %s", name, f.Verdict, w.test, w.verdict)
			}
			if !strings.Contains(text, w.mention) {
				t.Errorf("the failure does not mention %q", w.mention)
			}
			if w.ops > 0 && (f.Case == nil || f.Case.Ops > w.ops) {
				t.Errorf("the case has more than %d calls: %+v", w.ops, f.Case)
			}
		})
	}
}

// TestBugsCaughtByEachTest runs single tests on bugs the first failing test hides, so that each
// test is shown able to fail: the random sequences, the fill to failure and the load.
func TestBugsCaughtByEachTest(t *testing.T) {
	for _, c := range []struct {
		name, test string
		api        API
		hint       string
		ops        int
	}{
		{"i2 = i1 + h", "random/small-filters", withToy(func(f *toy) { f.plus = true }), "i + h", 16},
		{"i2 = i1 + h", "property/failed-insert-loses-nothing", withToy(func(f *toy) { f.plus = true }), "", 0},
		{"i2 = i1 + h", "property/load", withToy(func(f *toy) { f.plus = true }), "", 0},
		{"a failed Insert drops the victim", "random/small-filters", withToy(func(f *toy) { f.drop = true }), "lose nothing", 10},
		{"a failed Insert drops the victim", "property/failed-insert-loses-nothing", withToy(func(f *toy) { f.drop = true }), "lose nothing", 12},
		{"Delete removes every copy", "random/small-filters", withToy(func(f *toy) { f.delAll = true }), "ONE copy", 6},
		{"Delete removes every copy", "random/large-filter", withToy(func(f *toy) { f.delAll = true }), "ONE copy", 6},
		{"Count counts failures", "random/small-filters", withToy(func(f *toy) { f.countAll = true }), "failed Insert does not count", 8},
		{"fingerprint 0 is empty", "edge/zero-fingerprint", withToy(func(f *toy) { f.zeroFP = true }), "never 0", 6},
		{"i2 always i1", "property/load", withToy(func(f *toy) { f.oneB = true }), "one bucket per key", 0},
		{"fingerprint from the bucket's bits", "property/false-positive-rate", withToy(func(f *toy) { f.lowFP = true }), "repeats the bucket", 0},
		{"B not a power of two", "edge/buckets", withToy(func(f *toy) { f.roundB = true }), "power of two", 2},
		{"nil is no key", "edge/empty-and-nil-keys", withToy(func(f *toy) { f.nilEmpty = true }), "", 3},
		{"Delete refuses a duplicate", "edge/copies", withToy(func(f *toy) { f.delDup = true }), "ONE copy", 10},
		{"Count counts failures", "edge/one-bucket", withToy(func(f *toy) { f.countAll = true }), "failed Insert does not count", 10},
	} {
		t.Run(c.name+" in "+c.test, func(t *testing.T) {
			_, ends := run(t, c.api, 11, c.test)
			f := ends[c.test].Failure
			if f == nil {
				t.Fatal("passed")
			}
			text := f.Message + " | " + f.Hint
			if f.Case != nil {
				text += "\n" + f.Case.Code
			}
			t.Logf("%s: %s", f.Verdict, text)
			if f.Verdict != verdict.WrongAnswer {
				t.Errorf("verdict %s, want wrong_answer", f.Verdict)
			}
			if !strings.Contains(f.Hint, c.hint) {
				t.Errorf("the hint does not mention %q", c.hint)
			}
			if c.ops > 0 && (f.Case == nil || f.Case.Ops > c.ops) {
				t.Errorf("the case has more than %d calls", c.ops)
			}
		})
	}
}

// TestFalsePositiveLimit pins the limit the false-positive property states in its doc.
func TestFalsePositiveLimit(t *testing.T) {
	if got := fpLimit(); got != 185 {
		t.Errorf("fpLimit() = %d, the doc says 185", got)
	}
}
