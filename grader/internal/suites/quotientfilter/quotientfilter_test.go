package quotientfilter

import (
	"strings"
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/result"
	"kata/grader/verdict"
	ref "kata/solutions/quotientfilter"
)

// reference is the reference solution as an API.
var reference = Bind(ref.New)

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
	if testing.Short() {
		t.Skip("the whole suite, performance included, takes about a minute")
	}
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

// TestReferenceQuick runs every test but the performance test on the reference.
func TestReferenceQuick(t *testing.T) {
	var names []string
	for _, test := range Suite(reference, reference).All() {
		if test.Kind != harness.Performance {
			names = append(names, test.Name)
		}
	}
	_, ends := run(t, reference, 7, names...)
	for _, name := range names {
		if e := ends[name]; e.Status == result.Fail {
			t.Errorf("%s: %+v", name, e.Failure)
			if e.Failure.Case != nil {
				t.Log(e.Failure.Case.Code)
			}
		}
	}
}

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
		if sink == 1 {
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
	for _, c := range []struct {
		bug, test string
		verdict   verdict.Verdict
		hint      string
	}{
		{"full-true", "edge/full-tables", verdict.WrongAnswer, "changes nothing"},
		{"count-failed", "edge/full-tables", verdict.WrongAnswer, "a failed Insert or Merge does not count"},
		{"merge-off-by-one", "edge/merge", verdict.WrongAnswer, "2^q - f.Count() < g.Count()"},
		{"merge-empties-g", "edge/merge", verdict.WrongAnswer, "leave g unchanged"},
		{"delete-two-copies", "example", verdict.WrongAnswer, "ONE copy"},
		{"empty-key-panics", "edge/empty-filter", verdict.RuntimeError, "empty key"},
		{"new-no-panic", "edge/new-bounds", verdict.WrongAnswer, "panic unless"},
		{"fewer-bits", "property/false-positive-rate", verdict.WrongAnswer, "remainder bits"},
		{"keeps-keys", "property/memory", verdict.MemoryLimitExceeded, "stores no keys"},
	} {
		t.Run(c.bug, func(t *testing.T) {
			var names []string
			for _, test := range Suite(reference, reference).All() {
				if test.Kind != harness.Performance {
					names = append(names, test.Name)
				}
			}
			_, ends := run(t, withBug(c.bug), 3, names...)
			for _, name := range names {
				e := ends[name]
				if e.Status == result.Pass {
					if name == c.test {
						t.Fatalf("%s passed, want it to catch the bug", name)
					}
					continue
				}
				if name != c.test {
					t.Fatalf("%s failed first, want %s: %+v", name, c.test, e.Failure)
				}
				if e.Failure.Verdict != c.verdict || !strings.Contains(e.Failure.Hint, c.hint) {
					t.Fatalf("%s: %s, hint %q; want %s and a hint with %q\n%s", name, e.Failure.Verdict,
						e.Failure.Hint, c.verdict, c.hint, e.Failure.Message)
				}
				t.Logf("%s: %s", name, e.Failure.Message)
				return
			}
			t.Fatal("no test failed")
		})
	}
}

// TestScanIsCaught checks that a Lookup that walks every slot fails the growth test.
func TestScanIsCaught(t *testing.T) {
	if testing.Short() {
		t.Skip("measures growth")
	}
	_, ends := run(t, withBug("scan-lookup"), 5, "performance/growth")
	e := ends["performance/growth"]
	if e.Status == result.Pass || e.Failure.Verdict != verdict.TimeLimitExceeded || e.Failure.Op != "Lookup" {
		t.Fatalf("performance/growth: %s %+v, want time_limit_exceeded on Lookup", e.Status, e.Failure)
	}
	t.Log(e.Failure.Message)
}
