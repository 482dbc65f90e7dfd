package harness

import (
	"path/filepath"
	"slices"
	"testing"

	"kata/grader/internal/record"
)

// TestRunStopsBeforeUntil checks that a run told Until takes the tests before it in the suite's
// order and none from it on, the probe included.
func TestRunStopsBeforeUntil(t *testing.T) {
	pass := func(*T) {}
	s := &Suite{Exercise: "toy", Tests: []Test{
		{Name: "edge/a", Kind: Fixed, Run: pass},
		{Name: "edge/b", Kind: Fixed, Run: pass},
		{Name: "performance/growth", Kind: Performance, Run: pass},
	}}
	for _, c := range []struct {
		until string
		want  []string
	}{
		{"", []string{"implemented", "edge/a", "edge/b", "performance/growth"}},
		{"edge/b", []string{"implemented", "edge/a"}},
		{"performance/growth", []string{"implemented", "edge/a", "edge/b"}},
	} {
		path := filepath.Join(t.TempDir(), "record")
		rec, err := record.Create(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		run(s, record.Config{Nonce: "n", Until: c.until}, rec, true)
		rec.Close()
		log, err := record.ReadFile(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := log.Events[0].Tests; !slices.Equal(got, c.want) {
			t.Errorf("until %q: ran %v, want %v", c.until, got, c.want)
		}
		if missing := log.Incomplete("n", c.want); missing != "" {
			t.Errorf("until %q: %s", c.until, missing)
		}
	}
}
