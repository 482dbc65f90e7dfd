package cuckoo

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"strconv"
	"testing"

	"github.com/cespare/xxhash/v2"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/fprate"
	"kata/grader/internal/record"
	"kata/grader/internal/suitetest"
	"kata/grader/result"
	"kata/grader/verdict"
	ref "kata/solutions/cuckoo"
)

// TestReferencePasses runs every test but the performance tests on the reference
// (suitetest.ReferencePasses: package grader grades the reference, ladders included), and logs
// the traces: that is why it is declared here, and api_gen_test.go leaves it out.
func TestReferencePasses(t *testing.T) { kit.ReferencePasses(t, true) }

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
// on a right filter in another style over several seeds, and reports the lowest load and, for
// each filter the rate is measured in, the largest count of false positives against its limit.
func TestStatisticalMargins(t *testing.T) {
	tests := []string{"property/load", "property/false-positive-rate"}
	// rates is what the false positives of one filter size came to over the seeds.
	type rates struct {
		most, sum, filters, limit int
		sumRate, bound            float64
	}
	for _, impl := range []struct {
		name string
		api  API
	}{{"reference", reference}, {"stash", withToy(func(f *toy) { f.stash = true })}} {
		lowLoad, sumLoad, loads := 1.0, 0.0, 0
		byCapacity := map[uint64]*rates{loadCapacity: {}, fpLargeCapacity: {}}
		for seed := range uint64(*seeds) {
			log, ends := kit.RunEnds(t, impl.api, seed, tests...)
			for _, name := range tests {
				if e := ends[name]; e.Status != result.Pass {
					t.Fatalf("%s seed %d: %s: %+v", impl.name, seed, name, e.Failure)
				}
			}
			for _, e := range log.Events {
				var load, rate, bound float64
				var capacity uint64
				var got, probes, limit int
				if e.Kind != record.Trace {
					continue
				}
				if _, err := fmt.Sscanf(e.Message, "load at the first failed Insert: %g", &load); err == nil {
					lowLoad, sumLoad, loads = min(lowLoad, load), sumLoad+load, loads+1
				}
				if _, err := fmt.Sscanf(e.Message, "false positives in New(%d) at load %g: %d of %d (rate %g, bound %g), limit %d",
					&capacity, &load, &got, &probes, &rate, &bound, &limit); err == nil && byCapacity[capacity] != nil {
					r := byCapacity[capacity]
					r.most, r.sum, r.filters, r.sumRate = max(r.most, got), r.sum+got, r.filters+1, r.sumRate+rate
					r.limit, r.bound = limit, bound
				}
			}
		}
		t.Logf("%s: load at the first failure: mean %.4f, lowest %.4f (limit %.2f) over %d filters",
			impl.name, sumLoad/float64(loads), lowLoad, minLoad, loads)
		if lowLoad < minLoad+0.015 {
			t.Errorf("%s: a load of %.4f came within 1.5 points of the limit", impl.name, lowLoad)
		}
		for _, capacity := range []uint64{loadCapacity, fpLargeCapacity} {
			r := byCapacity[capacity]
			if r.filters != *seeds {
				t.Errorf("%s: %d false-positive counts of New(%d) in the record, want %d", impl.name, r.filters, capacity, *seeds)
				continue
			}
			t.Logf("%s: false positives in New(%d): mean %.1f (rate %.3g, bound %.3g), most %d (limit %d) over %d filters",
				impl.name, capacity, float64(r.sum)/float64(r.filters), r.sumRate/float64(r.filters), r.bound, r.most, r.limit, r.filters)
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
	unspare  bool   // Delete never reads the fingerprint kept aside, and puts it back where a Delete made room
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
	h := bytekeys.Mix(suitetest.FNV64(key))
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
	if !f.unspare && f.spareIs(fp, i1, i2) {
		f.spare = 0
		f.count--
		return true
	}
	if f.unspare {
		defer f.putSpareBack()
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

// putSpareBack puts the fingerprint kept aside into one of its buckets, if one has room.
func (f *toy) putSpareBack() {
	if f.spare != 0 && (f.put(f.spareAt, f.spare) || f.put(f.alt(f.spareAt, f.spare), f.spare)) {
		f.spare = 0
	}
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

// sharedSlots are the buckets of the planted bug "buckets in a package-level slice": New makes
// them anew, and every filter it made uses them.
var sharedSlots []uint16

// sharedToy is a toy whose buckets are sharedSlots.
type sharedToy struct{ *toy }

func newSharedToy(capacity uint64) Filter {
	f := newToy(capacity)
	f.init()
	sharedSlots = f.slots
	return sharedToy{f}
}

func (f sharedToy) Insert(key []byte) bool { f.slots = sharedSlots; return f.toy.Insert(key) }
func (f sharedToy) Lookup(key []byte) bool { f.slots = sharedSlots; return f.toy.Lookup(key) }
func (f sharedToy) Delete(key []byte) bool { f.slots = sharedSlots; return f.toy.Delete(key) }

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
		t.Run(c.name, func(t *testing.T) { kit.Passes(t, c.api, 3, false) })
	}
}

// wrongs are realistic wrong implementations and how the suite must catch each.
func wrongs() []suitetest.Planted[API] {
	return []suitetest.Planted[API]{
		{Name: "i2 = i1 + h", Impl: withToy(func(f *toy) { f.plus = true }),
			Caught: suitetest.Caught{Test: "edge/eight-copies", Verdict: verdict.WrongAnswer, Mention: "i + h", Case: suitetest.ShowsCase, MaxOps: 10}},
		{Name: "i2 always i1", Impl: withToy(func(f *toy) { f.oneB = true }),
			Caught: suitetest.Caught{Test: "edge/eight-copies", Verdict: verdict.WrongAnswer, Mention: "always one"}},
		{Name: "fingerprint from the bucket's bits", Impl: withToy(func(f *toy) { f.lowFP = true }),
			Caught: suitetest.Caught{Test: "property/load", Verdict: verdict.WrongAnswer, Mention: "do not choose i1"}},
		{Name: "fingerprint 0 is empty", Impl: withToy(func(f *toy) { f.zeroFP = true }),
			Caught: suitetest.Caught{Test: "edge/empty-filter", Verdict: verdict.WrongAnswer, Mention: "never 0", Case: suitetest.ShowsCase, MaxOps: 3}},
		{Name: "a failed Insert drops the victim", Impl: withToy(func(f *toy) { f.drop = true }),
			Caught: suitetest.Caught{Test: "property/failed-insert-loses-nothing", Verdict: verdict.WrongAnswer, Mention: "lose nothing", Case: suitetest.ShowsCase, MaxOps: 12}},
		{Name: "Delete removes every copy", Impl: withToy(func(f *toy) { f.delAll = true }),
			Caught: suitetest.Caught{Test: "example", Verdict: verdict.WrongAnswer, Mention: "ONE copy", Case: suitetest.ShowsCase, MaxOps: 10}},
		{Name: "Delete refuses a duplicate", Impl: withToy(func(f *toy) { f.delDup = true }),
			Caught: suitetest.Caught{Test: "example", Verdict: verdict.WrongAnswer, Mention: "ONE copy", Case: suitetest.ShowsCase, MaxOps: 10}},
		{Name: "no eviction", Impl: withToy(func(f *toy) { f.noEvict = true }),
			Caught: suitetest.Caught{Test: "property/load", Verdict: verdict.WrongAnswer, Mention: "evict"}},
		{Name: "Count counts failures", Impl: withToy(func(f *toy) { f.countAll = true }),
			Caught: suitetest.Caught{Test: "edge/one-bucket", Verdict: verdict.WrongAnswer, Mention: "failed Insert does not count", Case: suitetest.ShowsCase, MaxOps: 10}},
		{Name: "B not a power of two", Impl: withToy(func(f *toy) { f.roundB = true }),
			Caught: suitetest.Caught{Test: "example", Verdict: verdict.WrongAnswer, Mention: "power of two", Case: suitetest.ShowsCase, MaxOps: 2}},
		{Name: "keys kept", Impl: withToy(func(f *toy) { f.keep = true }),
			Caught: suitetest.Caught{Test: "property/memory", Verdict: verdict.MemoryLimitExceeded, Mention: "stores no keys"}},
		{Name: "32-bit slots", Impl: API{New: func(c uint64) Filter {
			f := newToy(c)
			f.init()
			return &wide{toy: f, shadow: make([]uint32, 4*f.b)}
		}},
			Caught: suitetest.Caught{Test: "property/memory", Verdict: verdict.MemoryLimitExceeded, Mention: "[]uint16"}},
		{Name: "buckets in a package-level slice", Impl: API{New: newSharedToy},
			Caught: suitetest.Caught{Test: "random/two-at-once", Verdict: verdict.WrongAnswer, Mention: "share state", Case: suitetest.ShowsCase, MaxOps: 4}},
		{Name: "Lookup not implemented", Impl: API{New: func(c uint64) Filter { return stubLookup{newToy(c)} }},
			Caught: suitetest.Caught{Test: "implemented", Verdict: verdict.NotImplemented, Mention: "Lookup"}},
		{Name: "nil pointer in Delete", Impl: API{New: func(c uint64) Filter { f := newToy(c); f.init(); return nilDelete{toy: f} }},
			Caught: suitetest.Caught{Test: "example", Verdict: verdict.RuntimeError, Mention: "nil pointer"}},
	}
}

func TestWrongImplementationsCaught(t *testing.T) { kit.CheckFirst(t, 5, wrongs()) }

// TestBugsCaughtByEachTest runs single tests on bugs the first failing test hides, so that each
// test is shown able to fail: the random sequences, the fill to failure and the load.
func TestBugsCaughtByEachTest(t *testing.T) {
	bug := suitetest.ByName(wrongs())
	kit.CheckAlone(t, 11, []suitetest.Planted[API]{
		bug.Again("i2 = i1 + h",
			suitetest.Caught{Test: "random/small-filters", Verdict: verdict.WrongAnswer, Hint: "i + h", Case: suitetest.ShowsCase, MaxOps: 16}),
		bug.Again("i2 = i1 + h",
			suitetest.Caught{Test: "property/failed-insert-loses-nothing", Verdict: verdict.WrongAnswer, Hint: ""}),
		bug.Again("i2 = i1 + h",
			suitetest.Caught{Test: "property/load", Verdict: verdict.WrongAnswer, Hint: ""}),
		bug.Again("a failed Insert drops the victim",
			suitetest.Caught{Test: "random/small-filters", Verdict: verdict.WrongAnswer, Hint: "lose nothing", Case: suitetest.ShowsCase, MaxOps: 10}),
		bug.Again("a failed Insert drops the victim",
			suitetest.Caught{Test: "property/failed-insert-loses-nothing", Verdict: verdict.WrongAnswer, Hint: "lose nothing", Case: suitetest.ShowsCase, MaxOps: 12}),
		{Name: "Delete misses the fingerprint kept aside", Impl: withToy(func(f *toy) { f.stash, f.unspare = true, true }),
			Caught: suitetest.Caught{Test: "property/failed-insert-loses-nothing", Verdict: verdict.WrongAnswer, Hint: "kept aside"}},
		bug.Again("Delete removes every copy",
			suitetest.Caught{Test: "random/small-filters", Verdict: verdict.WrongAnswer, Hint: "ONE copy", Case: suitetest.ShowsCase, MaxOps: 6}),
		bug.Again("Delete removes every copy",
			suitetest.Caught{Test: "random/large-filter", Verdict: verdict.WrongAnswer, Hint: "ONE copy", Case: suitetest.ShowsCase, MaxOps: 6}),
		bug.Again("Count counts failures",
			suitetest.Caught{Test: "random/small-filters", Verdict: verdict.WrongAnswer, Hint: "failed Insert does not count", Case: suitetest.ShowsCase, MaxOps: 8}),
		bug.Again("fingerprint 0 is empty",
			suitetest.Caught{Test: "edge/full-bucket-loses-nothing", Verdict: verdict.WrongAnswer, Hint: "never 0", Case: suitetest.ShowsCase, MaxOps: 6}),
		bug.Again("i2 always i1",
			suitetest.Caught{Test: "property/load", Verdict: verdict.WrongAnswer, Hint: "one bucket per key"}),
		bug.Again("fingerprint from the bucket's bits",
			suitetest.Caught{Test: "property/false-positive-rate", Verdict: verdict.WrongAnswer, Hint: "repeats the bucket"}),
		bug.Again("B not a power of two",
			suitetest.Caught{Test: "edge/buckets", Verdict: verdict.WrongAnswer, Hint: "power of two", Case: suitetest.ShowsCase, MaxOps: 2}),
		{Name: "nil is no key", Impl: withToy(func(f *toy) { f.nilEmpty = true }),
			Caught: suitetest.Caught{Test: "edge/empty-and-nil-keys", Verdict: verdict.WrongAnswer, Hint: "", Case: suitetest.ShowsCase, MaxOps: 3}},
		bug.Again("Delete refuses a duplicate",
			suitetest.Caught{Test: "edge/copies", Verdict: verdict.WrongAnswer, Hint: "ONE copy", Case: suitetest.ShowsCase, MaxOps: 10}),
		bug.Again("Count counts failures",
			suitetest.Caught{Test: "edge/one-bucket", Verdict: verdict.WrongAnswer, Hint: "failed Insert does not count", Case: suitetest.ShowsCase, MaxOps: 10}),
	})
}

// TestFalsePositiveLimit pins the limit the false-positive property states in its doc.
func TestFalsePositiveLimit(t *testing.T) {
	if got := fprate.Limit(fpProbes, fpBound, fpOdds); got != 185 {
		t.Errorf("the limit is %d, the doc says 185", got)
	}
}

// TestTableIndex checks which out-of-range panics the bucket-index hint is given for: an index
// into the buckets or their slots, or a negative one; not an index into an array of the
// filter's own of another length (a path of 500 kicks, in a filter of one bucket).
func TestTableIndex(t *testing.T) {
	for _, tc := range []struct {
		panic string
		b     uint64
		want  bool
	}{
		{"runtime error: index out of range [8] with length 8", 8, true},
		{"runtime error: index out of range [35] with length 32", 8, true},
		{"runtime error: index out of range [-3]", 8, true},
		{"runtime error: index out of range [500] with length 500", 1, false},
	} {
		if got := tableIndex(tc.panic, tc.b); got != tc.want {
			t.Errorf("tableIndex(%q, %d) = %v, want %v", tc.panic, tc.b, got, tc.want)
		}
	}
}
