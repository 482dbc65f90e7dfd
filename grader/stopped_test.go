package grader

import (
	"testing"

	"kata/grader/internal/catalog"
	"kata/grader/internal/record"
	"kata/grader/result"
)

// TestStoppedIn checks that the rows of a run stopped in the performance test itself, by a
// failure or a crash, say so, and that a run stopped in an earlier test is told apart.
func TestStoppedIn(t *testing.T) {
	suite := &catalog.Suite{Tests: []catalog.Test{
		{Name: "implemented", Kind: catalog.Fixed}, {Name: "edge/x", Kind: catalog.Fixed},
		{Name: "performance/growth", Kind: catalog.Performance},
	}}
	start := func(name string) record.Event { return record.Event{Kind: record.Start, Test: name} }
	end := func(name string, s result.Status) record.Event {
		return record.Event{Kind: record.End, Test: name, Status: s}
	}
	for _, c := range []struct {
		reason string
		events []record.Event
		want   string
	}{
		{"crashed in the performance test", []record.Event{start("edge/x"), end("edge/x", result.Pass), start("performance/growth")},
			"performance/growth"},
		{"failed in the performance test", []record.Event{start("edge/x"), end("edge/x", result.Pass),
			start("performance/growth"), end("performance/growth", result.Fail)}, "performance/growth"},
		{"failed before it", []record.Event{start("edge/x"), end("edge/x", result.Fail)}, ""},
		{"crashed before it", []record.Event{start("edge/x")}, ""},
	} {
		if got := stoppedIn(&record.Log{Events: c.events}, suite); got != c.want {
			t.Errorf("%s: %q, want %q", c.reason, got, c.want)
		}
	}
}
