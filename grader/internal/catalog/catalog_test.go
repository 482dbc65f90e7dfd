package catalog

import (
	"slices"
	"testing"
)

func TestModeRuns(t *testing.T) {
	s := Suite{Tests: []Test{
		{ImplementedTest, Fixed}, {"example", Fixed}, {"random/ops", Differential},
		{"performance/growth", Performance}, {"property/memory", Property},
	}}
	for _, tc := range []struct {
		reason string
		mode   Mode
		want   []string
	}{
		{"grading runs every test", Mode{}, []string{ImplementedTest, "example", "random/ops", "performance/growth", "property/memory"}},
		{"verifying a reference runs only the tests that do not use it", Mode{Verify: true}, []string{ImplementedTest, "example", "property/memory"}},
		{"measuring runs the probe and the performance tests", Mode{PerfOnly: true}, []string{ImplementedTest, "performance/growth"}},
		{"the race detector's build runs all but the performance tests", Mode{NoPerf: true}, []string{ImplementedTest, "example", "random/ops", "property/memory"}},
	} {
		if got := s.Names(tc.mode); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.reason, got, tc.want)
		}
	}
}

func TestFor(t *testing.T) {
	s, ok := For("hashset")
	if !ok || s.Exercise != "hashset" || len(s.Tests) == 0 || s.Tests[0].Name != ImplementedTest {
		t.Fatalf("For(hashset) = %+v, %v", s, ok)
	}
	if _, ok := For("nosuch"); ok {
		t.Error("For(nosuch) found a suite")
	}
	if got := Import("hashset"); got != "kata/grader/internal/suites/hashset" {
		t.Errorf("Import(hashset) = %s", got)
	}
}
