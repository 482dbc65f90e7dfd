package suitetest

import (
	"math"
	"testing"

	"kata/grader/internal/record"
	"kata/grader/result"
)

// Bound is what a trace of a statistical test reports.
type Bound struct {
	// Name names the filter or sample measured.
	Name string
	// Got is the count measured.
	Got int
	// Lo and Hi are the range the count had to fall in.
	Lo, Hi float64
}

// CheckMargins runs the named tests on the reference with seeds 0 to seeds-1, stopping t if one
// of them does not pass, and checks that the reference stays well inside their ranges: for each
// name, the largest deviation of a count from the middle of its range, as a fraction of half the
// range, must stay at most 0.8. read takes each trace's message and returns its bound, ok false
// for a trace of anything else; note, if not nil, gives words to log before a name's deviation.
func (k Kit[API]) CheckMargins(t testing.TB, seeds int, tests []string, read func(trace string) (b Bound, ok bool),
	note func(name string) string) {
	t.Helper()
	worst := map[string]float64{}
	for seed := range uint64(seeds) {
		log, ends := k.RunEnds(t, k.Reference, seed, tests...)
		for _, name := range tests {
			if e := ends[name]; e.Status != result.Pass {
				t.Fatalf("seed %d: %s: %+v", seed, name, e.Failure)
			}
		}
		for _, e := range log.Events {
			if e.Kind != record.Trace {
				continue
			}
			if b, ok := read(e.Message); ok {
				mid, half := (b.Lo+b.Hi)/2, (b.Hi-b.Lo)/2
				worst[b.Name] = max(worst[b.Name], math.Abs(float64(b.Got)-mid)/half)
			}
		}
	}
	for name, w := range worst {
		var words string
		if note != nil {
			words = note(name) + "; "
		}
		t.Logf("%s: %slargest deviation %.2f of the allowed range over %d seeds", name, words, w, seeds)
		if w > 0.8 {
			t.Errorf("%s: the reference came within %.2f of the bound", name, w)
		}
	}
}
