package harness

import (
	"testing"
	"time"
)

// TestProbeMeasuresAgain checks that a pair whose first probe is far beyond the budget, as the
// first calls on memory never touched are, probes once more and measures the rounds when the
// second probe fits, and that a cost every call pays still stops the meter at the probes.
func TestProbeMeasuresAgain(t *testing.T) {
	for _, tc := range []struct {
		name  string
		every bool // every call pays the cost, not only the first
		ok    bool
	}{
		{"first touch", false, true},
		{"every call", true, false},
	} {
		var measured, stopped bool
		var learnerNs float64
		runOne(t, Performance, func(tt *T) {
			calls := 0
			learner := func(count, rep int) {
				for range count {
					if calls == 0 || tc.every {
						spin(2 * time.Millisecond)
					}
					calls++
				}
			}
			nothing := func(count, rep int) {}
			m := newMeter(tt)
			m.Floor = 100 * time.Millisecond
			x, ok := m.Pair(Call{Method: "Add"}, 1000, learner, nothing, nil, nil)
			measured, stopped, learnerNs = ok, m.Stopped(), x.Learner
		})
		switch {
		case measured != tc.ok || stopped == tc.ok:
			t.Errorf("%s: measured %v, meter stopped %v; want measured %v", tc.name, measured, stopped, tc.ok)
		case tc.ok && learnerNs > float64(time.Millisecond):
			t.Errorf("%s: %.0f ns per call, want the rounds' cost, not the first call's", tc.name, learnerNs)
		}
	}
}
