package harness

import (
	"slices"
	"testing"

	"kata/grader/internal/growth"
)

// scanned is a toy set for TestKeyedGrowth: a map, or, when slow, a slice that each Insert scans
// (Θ(n), a growth proven wrong, which JudgeGrowth measures again).
type scanned struct {
	slow bool
	in   map[int]bool
	list []int
}

func (s *scanned) insert(v int) {
	if s.slow && !slices.Contains(s.list, v) {
		s.list = append(s.list, v)
	}
	s.in[v] = true
}

// TestKeyedGrowth checks that KeyedGrowth is the growth test, that its ladder inserts only the
// values that the further measures get, distinct and as many as the largest size, and that each
// pass of the ladder, measured again for a wrong growth, has series of its own.
func TestKeyedGrowth(t *testing.T) {
	sizes := Sizes(256, 16_384, 2)
	inserted := map[int]bool{}
	var passes []*growth.Series
	var given []int
	test := KeyedGrowth(sizes,
		func() *scanned { return &scanned{slow: true, in: map[int]bool{}} },
		func() *scanned { return &scanned{in: map[int]bool{}} },
		func() Keyed[*scanned] {
			s := &growth.Series{Op: "Insert", Axis: "n", Expected: "O(1)"}
			passes = append(passes, s)
			return Keyed[*scanned]{Insert: func(s *scanned, v int) { s.insert(v); inserted[v] = true }, InsertSeries: s}
		},
		func(m *Meter, values []int) []*growth.Series {
			given = values
			return nil
		})
	if test.Name != "performance/growth" || test.Kind != Performance {
		t.Errorf("the test is %q of kind %v, want performance/growth of kind Performance", test.Name, test.Kind)
	}
	runOne(t, Performance, test.Run)
	if len(given) != sizes[len(sizes)-1] || len(slices.Compact(slices.Sorted(slices.Values(given)))) != len(given) {
		t.Errorf("the further measure got %d values, not %d distinct ones", len(given), sizes[len(sizes)-1])
	}
	for v := range inserted {
		if !slices.Contains(given, v) {
			t.Fatalf("the ladder inserted %d, which the further measure did not get", v)
		}
	}
	if len(passes) < 2 {
		t.Fatalf("keyed was called for %d passes, want one per pass of a growth measured again", len(passes))
	}
	for i, s := range passes {
		if len(s.Samples) == 0 || slices.Index(passes, s) != i {
			t.Errorf("pass %d: %d samples, series shared with pass %d; want samples in a series of its own",
				i, len(s.Samples), slices.Index(passes, s))
		}
	}
}
