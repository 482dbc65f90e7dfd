package quotientfilter

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"time"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/fprate"
	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// newFilter makes the learner's New(q, r) as a call of the graded code.
func (s *suite) newFilter(t *harness.T, q, r uint) Filter {
	return t.Invoke(harness.Call{Method: "New", Args: []any{q, r}, Func: true},
		func() any { return s.learner.New(q, r) }).(Filter)
}

// distinct is a run of distinct keys: decimal text after prefix and 8-byte integers in turn,
// from base.
func distinct(base uint64, prefix string) bytekeys.Gen {
	text := bytekeys.Decimal(prefix)
	return bytekeys.Cycle(
		func(buf []byte, i uint64) []byte { return text(buf, base+i) },
		bytekeys.LittleEndian(base))
}

// noFalseNegatives runs random multisets through Inserts, Deletes and a Merge in tables of 2^8
// to 2^12 slots, up to full.
func (s *suite) noFalseNegatives(t *harness.T) {
	for _, c := range [][2]uint{{8, 1}, {8, 8}, {10, 4}, {10, 20}, {12, 8}, {12, 32}} {
		s.multiset(t, c[0], c[1], false, 0.5+0.45*t.Rand().Float64())
		s.multiset(t, c[0], c[1], true, 1)
	}
}

// noFalseNegativesLarge is noFalseNegatives in tables of 2^14 and 2^16 slots, 90% full: a
// fuller table has clusters of thousands of slots, which every right filter walks.
func (s *suite) noFalseNegativesLarge(t *harness.T) {
	for _, c := range [][2]uint{{14, 3}, {16, 10}} {
		s.multiset(t, c[0], c[1], false, 0.9)
	}
}

// multiset is one filter of noFalseNegatives: f takes a random multiset of keys (1 to 3 copies
// each) and loses a third of its copies to Deletes; g takes another multiset, and f.Merge(g)
// brings f to the load given (every slot, with full set). Then every key stored must
// look up true and Count be exact; a full table refuses one more Insert; and after every copy
// of half the keys is deleted, the other half still looks up true. A wrong answer is replayed as
// a sequence of calls, which the harness shrinks.
func (s *suite) multiset(t *harness.T, q, r uint, full bool, load float64) {
	rng := t.Rand()
	slots := 1 << q
	target := int(load * float64(slots))
	if full {
		target = slots
	}
	ng := target * (1 + rng.IntN(5)) / 10
	nf := target - ng
	gen := distinct(rng.Uint64()>>8, "nfn:")
	next := uint64(0)
	draw := func(n int) [][]byte { // a multiset of n keys, 1 to 3 copies of each, shuffled
		var keys [][]byte
		for len(keys) < n {
			k := gen(nil, next)
			next++
			for range min(1+rng.IntN(3), n-len(keys)) {
				keys = append(keys, k)
			}
		}
		rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		return keys
	}
	f := s.newFilter(t, q, r)
	stored := map[string]int{}
	var order [][]byte // the keys stored, each once, in the order first stored
	var calls []harness.Call
	var c bytekeys.Caller
	wrong := func(got, want any) {
		for range 3 {
			harness.Compare(t, s.model(q, r), calls)
		}
		last := calls[len(calls)-1]
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: last.Go("f"),
			Message: fmt.Sprintf("after %d calls on New(%d, %d), %s returned %v, want %v (not reproduced on a fresh filter)",
				len(calls)-1, q, r, last.Go("f"), got, want),
			Hint: s.hint(q, r, harness.Mismatch{Calls: calls, Got: got, Want: want})})
	}
	do := func(method string, k []byte, want bool) {
		calls = append(calls, bytekeys.KeyCall(method, k))
		if got := c.Call(t, f, method, k); got != want {
			wrong(got, want)
		}
	}
	add := func(k []byte) {
		if stored[string(k)] == 0 {
			order = append(order, k)
		}
		stored[string(k)]++
	}
	for _, k := range draw(nf) {
		do("Insert", k, true)
		add(k)
	}
	// A third of the copies deleted, and as many new ones inserted.
	var gone [][]byte
	for _, k := range order {
		if rng.IntN(3) == 0 && stored[string(k)] > 0 {
			do("Delete", k, true)
			stored[string(k)]--
			gone = append(gone, k)
		}
	}
	for range gone {
		k := gen(nil, next)
		next++
		do("Insert", k, true)
		add(k)
	}
	gKeys := draw(ng)
	mc := mergeCall(q, r, gKeys)
	calls = append(calls, mc)
	g := t.Invoke(harness.Call{Method: "New", Func: true, Args: []any{q, r}},
		func() any { return s.filled(q, r, gKeys) }).(Filter)
	if got := t.Invoke(mc, func() any { return f.Merge(g) }).(bool); !got {
		wrong(got, true)
	}
	for _, k := range gKeys {
		add(k)
	}
	for _, k := range order {
		if stored[string(k)] > 0 {
			do("Lookup", k, true)
		}
	}
	calls = append(calls, harness.Call{Method: "Count"})
	if n := bytekeys.Counted(t, f); n != uint64(target) {
		wrong(n, uint64(target))
	}
	if full {
		do("Insert", gen(nil, next), false)
		calls = append(calls, harness.Call{Method: "Count"})
		if n := bytekeys.Counted(t, f); n != uint64(target) {
			wrong(n, uint64(target))
		}
	}
	// Every copy of every other key deleted; the rest still stored.
	for i, k := range order {
		if i%2 == 0 {
			for range stored[string(k)] {
				do("Delete", k, true)
			}
			stored[string(k)] = 0
		}
	}
	for _, k := range order {
		if stored[string(k)] > 0 {
			do("Lookup", k, true)
		}
	}
}

// The false-positive property's filters: New(q, r) holding load·2^q distinct keys, probed with
// probes keys never inserted. The rate holds at every load, crowded tables too, and for remainders
// wider than 16 bits (where a remainder cut to 16 bits, or a 32-bit hash, tells keys apart like
// fewer bits: about 11 false positives in the last filter, where a right one has 0.05 on average).
var fpFilters = []struct {
	q, r   uint
	load   float64
	probes int
}{
	{16, 8, 0.75, 1_000_000},
	{14, 3, 0.5, 200_000},
	{14, 8, 0.95, 200_000},
	{16, 24, 0.75, 1_000_000},
}

// The rate test's fills may take the reference's CPU time times fillBudgetFactor, and
// fillBudgetFloor more: far more than a right filter's calls take, with the judge's around them
// (the performance test, before it, refuses calls 30 times slower than the reference's).
const (
	fillBudgetFactor = 100
	fillBudgetFloor  = 250 * time.Millisecond
)

// fillHint is the hint for a filter whose Inserts crawl in the rate test's fill of a New(q, r),
// the performance test having found them O(1) at r = 8 and loads up to 75%.
func fillHint(q, r uint) string {
	if q+r > 32 {
		return "Insert must stay O(1) at every q and r, up to q + r = 62 bits of fingerprint: take the " +
			"fingerprint from a 64-bit hash (xxhash.Sum64, or hash/maphash); a 32-bit hash leaves the quotient's " +
			"high bits 0 once q + r is over 32, and every key falls in the first few slots, one cluster for all"
	}
	return "Insert must read and shift only the cluster around the key's slot, however full the table: " +
		"clusters grow as it fills, but never scan the table, or count the fingerprints, from slot 0"
}

// fpOdds is the odds at which a right filter may fail the false-positive property, per filter.
const fpOdds = 1e-7

// fpSlack is how far above the formula the rate may be before sampling error: the contract's
// "around at most 1.1 times the formula".
const fpSlack = 1.1

// falsePositiveRate fills each filter of fpFilters, then looks up keys never inserted. Given the
// filter, a probe is a false positive when its fingerprint, uniform over 2^(q+r) values for a
// good hash, is one of the at most n stored: odds at most α/2^r, which is within 3% of the
// formula 1 − e^(−α/2^r) at these loads. Each probe independently, so the count is at most
// binomial(probes, α/2^r). The test fails when it reaches the count a binomial at fpSlack times
// the formula reaches with odds below fpOdds: for a right filter, odds far below that.
func (s *suite) falsePositiveRate(t *harness.T) {
	rng := t.Rand()
	for _, c := range fpFilters {
		n := int(c.load * float64(uint64(1)<<c.q))
		gen := distinct(rng.Uint64()>>8, "in:")
		var buf []byte
		start, rf := t.CPU(), s.reference.New(c.q, c.r)
		for i := range uint64(n) {
			buf = gen(buf, i)
			rf.Insert(buf)
		}
		deadline := t.CPU() + fillBudgetFactor*(t.CPU()-start) + fillBudgetFloor
		f := s.newFilter(t, c.q, c.r)
		var cl bytekeys.Caller
		for i := range uint64(n) {
			buf = gen(buf, i)
			if i&255 == 255 && t.CPU() > deadline {
				t.Fail(&record.Failure{Verdict: verdict.TimeLimitExceeded, Op: "Insert",
					Message: fmt.Sprintf("%d distinct keys into New(%d, %d), %.0f%% of its slots, took more than %d times "+
						"the reference's CPU time and %s more, at the %d-th: Insert is far from O(1) there",
						n, c.q, c.r, 100*c.load, fillBudgetFactor, fillBudgetFloor, i+1),
					Hint: fillHint(c.q, c.r)})
			}
			if !cl.Call(t, f, "Insert", buf) {
				ic := bytekeys.KeyCall("Insert", buf)
				t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: ic.Go("f"),
					Message: fmt.Sprintf("Insert of the %d-th distinct key into New(%d, %d) returned false, want true",
						i+1, c.q, c.r),
					Hint: roomHint})
			}
		}
		probe := distinct(rng.Uint64()>>8, "out:")
		positives := 0
		for i := range uint64(c.probes) {
			buf = probe(buf, i)
			if cl.Call(t, f, "Lookup", buf) {
				positives++
			}
		}
		formula := 1 - math.Exp(-c.load/float64(uint64(1)<<c.r))
		limit := fprate.Limit(c.probes, fpSlack*formula, fpOdds)
		rate := float64(positives) / float64(c.probes)
		t.Logf("false positives in New(%d, %d) at load %.2f: %d of %d (rate %.4g, formula %.4g), limit %d",
			c.q, c.r, c.load, positives, c.probes, rate, formula, limit)
		if positives < limit {
			continue
		}
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Lookup",
			Message: fmt.Sprintf("after %d distinct keys in New(%d, %d), %d of %d keys never inserted looked up true: "+
				"a rate of %.4g, want about 1 − e^(−α/2^r) = %.4g (%d or more has odds below %g even at %.1f times that)",
				n, c.q, c.r, positives, c.probes, rate, formula, limit, fpOdds, fpSlack),
			Hint: rateHint(rate, c.load, c.r)})
	}
}

// rateHint names the usual cause of too many false positives, from the number of remainder bits
// the rate behaves like: rate ≈ α/2^bits.
func rateHint(rate, load float64, r uint) string {
	bits := math.Log2(load / rate)
	return fmt.Sprintf("the filter tells keys apart like %.1f remainder bits, not %d: store all r bits of the "+
		"remainder and compare them all, take the quotient and the remainder from different bits of the hash "+
		"(the remainder the low r bits, the quotient the q bits above), and use a hash that mixes every "+
		"byte of the key into those bits (xxhash.Sum64)", bits, r)
}

// The memory property's filters: New(20, r) for each r of memRs, whose (r+3)·2^q bits are 1.25
// and 1.88 MiB (remainders of 7 bits, and of 12, wider than a byte and narrower than a uint16),
// and the keys each takes; and a Merge into New(memQ, memR) of another holding as many keys.
var memRs = []uint{7, 12}

const (
	memQ, memR = 20, 7
	memKeys    = 1 << 18
)

// memLimit is the most a New(q, r) may keep alive: (r+3)·2^q bits in 64-bit words, plus 1% of
// that and 64 KiB; bits is those words' bytes.
func memLimit(q, r uint) (limit, bits int64) {
	words := int64(((r+3)<<q + 63) / 64)
	return int64(float64(8*words)*1.01) + 64<<10, 8 * words
}

// memory measures the heap a New(memQ, r) keeps alive, after New and after memKeys Inserts of
// keys of 16 bytes (4 MiB, which a filter must not keep), at each r of memRs; then a New(memQ,
// memR) after a Merge of another holding memKeys keys. Each at most memLimit: a byte per remainder
// beside three bit vectors (11 bits a slot at r = 7) is over, and so is a uint16 per remainder at
// r = 12, any pointer or slice per slot, or a buffer a Merge keeps. More is the exercise's stated
// memory bound broken: memory_limit_exceeded.
func (s *suite) memory(t *harness.T) {
	gen := distinct(t.Rand().Uint64()>>8, "memory:key:")
	key := func(buf []byte, i uint64) []byte { return binary.BigEndian.AppendUint64(gen(buf, i), i) }
	var c bytekeys.Caller
	for _, r := range memRs {
		m := bytekeys.Measure(func() Filter { return s.newFilter(t, memQ, r) },
			func(f Filter, key []byte) { c.Call(t, f, "Insert", key) }, key, memKeys)
		limit, bits := memLimit(memQ, r)
		m.Judge(t, limit, bytekeys.Overuse{
			Message: fmt.Sprintf("New(%d, %d) keeps %s alive; (r+3)·2^q bits are %s (the limit is %s)",
				memQ, r, mib(m.AfterNew), mib(bits), mib(limit)),
			Hint: "a slot takes r+3 bits: pack the remainders r bits each into a []uint64 (a slot straddles two " +
				"words now and then), whatever r is, and the three bits into bit vectors; a byte or a word per " +
				"remainder, a struct per slot, or a slice per slot take more",
		}, bytekeys.Overuse{
			Message: fmt.Sprintf("New(%d, %d) then %d calls of Insert keep %s alive; (r+3)·2^q bits are %s "+
				"(the limit is %s)", memQ, r, memKeys, mib(m.Total), mib(bits), mib(limit)),
			Hint: "a quotient filter stores no keys, only their remainders in the table: Insert writes slots " +
				"and keeps nothing else",
		})
	}
	g := s.newFilter(t, memQ, memR)
	var buf []byte
	for i := range uint64(memKeys) {
		buf = key(buf, i)
		c.Call(t, g, "Insert", buf)
	}
	m := bytekeys.Measure(func() Filter { return s.newFilter(t, memQ, memR) },
		func(f Filter, _ []byte) {
			t.Invoke(harness.Call{Method: "Merge", Text: "f.Merge(g)"}, func() any { return f.Merge(g) })
		},
		key, 1)
	limit, bits := memLimit(memQ, memR)
	merged := bytekeys.Overuse{
		Message: fmt.Sprintf("New(%d, %d), then a Merge of a filter holding %d keys, keeps %s alive; (r+3)·2^q bits "+
			"are %s (the limit is %s)", memQ, memR, memKeys, mib(m.Total), mib(bits), mib(limit)),
		Hint: "Merge must leave f with its table and nothing more: a buffer it merges through is dropped when it " +
			"returns (or laid out in place of the old table), not kept in f for later Merges",
	}
	m.Judge(t, limit, merged, merged)
	runtime.KeepAlive(g)
}

// mib formats a number of bytes in MiB.
func mib(b int64) string { return fmt.Sprintf("%.2f MiB", float64(b)/(1<<20)) }
