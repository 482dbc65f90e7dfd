package harness

import (
	"testing"

	"kata/grader/internal/growth"
)

// TestHintForUnprovenGrowth checks that a call over the time limit whose growth was neither
// shown right nor proven wrong gets the series' hint as a wrong growth's cure, said to be not
// proven, and that a wrong growth gets it plainly.
func TestHintForUnprovenGrowth(t *testing.T) {
	const hint = "Add grows with the number of counters: touch only the key's k counters"
	series := func(ratios ...float64) *growth.Series {
		s := &growth.Series{Op: "Add", Axis: "m", Expected: "O(k)", Hint: hint, SlowHint: "slow"}
		size := 1000
		for _, r := range ratios {
			s.Add(growth.Sample{Size: size, Learner: 100 * r, Reference: 100})
			size *= 4
		}
		return s
	}
	for _, tc := range []struct {
		name   string
		s      *growth.Series
		status growth.Status
		want   string
	}{
		{"slow, unproven", series(200, 400), growth.Slow, "if Add grows faster than O(k) (not proven): " + hint},
		{"wrong", series(2, 8, 32, 128), growth.Wrong, hint},
	} {
		d := growth.Final(tc.s, true)
		if d.Status != tc.status {
			t.Fatalf("%s: judged %v (%s), want %v", tc.name, d.Status, d.Reason, tc.status)
		}
		if got := hintFor(tc.s, d); got != tc.want {
			t.Errorf("%s: hint %q, want %q", tc.name, got, tc.want)
		}
	}
}
