package quotientfilter

import (
	"strings"
	"testing"

	"kata/grader/internal/bytekeys"
	"kata/grader/internal/harness"
	"kata/grader/internal/suitetest"
	"kata/grader/verdict"
	ref "kata/solutions/quotientfilter"
)

// TestReferencePasses runs every test but the performance tests on the reference
// (suitetest.ReferencePasses: package grader grades the reference, ladders included), and logs
// the traces: that is why it is declared here, and api_gen_test.go leaves it out.
func TestReferencePasses(t *testing.T) { kit.ReferencePasses(t, true) }

// planted is the reference with one bug planted, by name.
type planted struct {
	f      *ref.Filter
	q, r   uint
	bug    string
	failed uint64   // "count-failed": the failed Inserts, which Count adds
	keys   [][]byte // "keeps-keys": every key inserted
}

func (p *planted) Insert(key []byte) bool {
	switch p.bug {
	case "full-true":
		if p.f.Count() == 1<<p.q {
			return true
		}
	case "count-failed":
		if p.f.Count() == 1<<p.q {
			p.failed++
		}
	case "keeps-keys":
		p.keys = append(p.keys, append([]byte(nil), key...))
	case "empty-key-panics":
		_ = key[0]
	}
	return p.f.Insert(key)
}

func (p *planted) Lookup(key []byte) bool {
	if p.bug == "empty-key-panics" {
		_ = key[0]
	}
	if p.bug == "scan-lookup" {
		// A walk over every slot, as a Lookup that looks for the cluster's start from slot 0.
		sink := uint64(0)
		for i := range uint64(1) << p.q {
			sink += i ^ uint64(len(key))
		}
		if sink > 1<<62 { // never: the sum is below 2^60; the test keeps the loop
			return false
		}
	}
	return p.f.Lookup(key)
}

func (p *planted) Delete(key []byte) bool {
	if p.bug == "delete-two-copies" && p.f.Delete(key) {
		p.f.Delete(key)
		return true
	}
	return p.f.Delete(key)
}

func (p *planted) Count() uint64 {
	if p.bug == "count-failed" {
		return p.f.Count() + p.failed
	}
	return p.f.Count()
}

// Merge is the reference's Merge, or a planted bug of it.
func (p *planted) Merge(g *planted) bool {
	if p.q != g.q || p.r != g.r {
		return false
	}
	switch p.bug {
	case "merge-off-by-one":
		if 1<<p.q-p.f.Count() <= g.f.Count() {
			return false
		}
	case "merge-empties-g":
		defer func() { g.f = ref.New(g.q, g.r) }()
	case "merge-forgets-f":
		p.f = ref.New(p.q, p.r)
	}
	return p.f.Merge(g.f)
}

// withBug returns the reference with the bug planted.
func withBug(bug string) API {
	return Bind(func(q, r uint) *planted {
		switch {
		case bug == "new-no-panic" && q > 30:
			q = 30
		case bug == "fewer-bits" && r > 1 && r <= 32:
			return &planted{f: ref.New(q, r-1), q: q, r: r, bug: bug}
		}
		return &planted{f: ref.New(q, r), q: q, r: r, bug: bug}
	})
}

// TestPlantedBugs checks which test catches each planted bug, with what verdict and hint.
func TestPlantedBugs(t *testing.T) {
	bug := func(name, test string, v verdict.Verdict, hint string) suitetest.Planted[API] {
		return suitetest.Planted[API]{Name: name, Impl: withBug(name), Caught: suitetest.Caught{Test: test, Verdict: v, Hint: hint}}
	}
	kit.CheckFirst(t, 3, []suitetest.Planted[API]{
		bug("full-true", "edge/full-tables", verdict.WrongAnswer, "changes nothing"),
		bug("count-failed", "edge/full-tables", verdict.WrongAnswer, "a failed Insert or Merge does not count"),
		bug("merge-off-by-one", "edge/merge", verdict.WrongAnswer, "2^q - f.Count() < g.Count()"),
		bug("merge-empties-g", "edge/merge", verdict.WrongAnswer, "leave g unchanged"),
		bug("delete-two-copies", "example", verdict.WrongAnswer, "ONE copy"),
		bug("empty-key-panics", "edge/empty-filter", verdict.RuntimeError, "empty key"),
		bug("new-no-panic", "edge/new-bounds", verdict.WrongAnswer, "panic unless"),
		bug("fewer-bits", "property/false-positive-rate", verdict.WrongAnswer, "remainder bits"),
		bug("keeps-keys", "property/memory", verdict.MemoryLimitExceeded, "stores no keys"),
		// A Lookup that walks every slot, as one that looks for the cluster's start from slot 0.
		{Name: "scan-lookup", Impl: withBug("scan-lookup"),
			Caught: suitetest.Caught{Test: "performance/growth", Verdict: verdict.TimeLimitExceeded, Call: "Lookup"}},
	})
}

// TestMergeLostHint checks that a key lost by a Merge is blamed on the Merge only where a replay
// shows it: found before the Merge, or one of g's keys, and not found right after it. A Merge
// that starts f anew loses f's keys; a Delete that takes both copies loses a key after a Merge
// that kept it.
func TestMergeLostHint(t *testing.T) {
	a, b := []byte("a"), []byte("b")
	for _, tc := range []struct {
		bug   string
		calls []harness.Call
		lost  bool
	}{
		{"merge-forgets-f", []harness.Call{bytekeys.KeyCall("Insert", a), mergeCall(4, 5, [][]byte{b}), bytekeys.KeyCall("Lookup", a)}, true},
		{"delete-two-copies", []harness.Call{bytekeys.KeyCall("Insert", a), bytekeys.KeyCall("Insert", a),
			mergeCall(4, 5, [][]byte{b}), bytekeys.KeyCall("Delete", a), bytekeys.KeyCall("Lookup", a)}, false},
	} {
		s := &suite{learner: withBug(tc.bug), reference: reference}
		hint := s.hint(4, 5, harness.Mismatch{Calls: tc.calls, Got: false, Want: true})
		if strings.HasPrefix(hint, "a Merge lost") != tc.lost {
			t.Errorf("%s: hint %q; want a lost key blamed on the Merge: %v", tc.bug, hint, tc.lost)
		}
	}
}
