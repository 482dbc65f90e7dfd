package harness

import (
	"testing"
	"time"

	"kata/grader/internal/growth"
)

// spin keeps the CPU busy for about d.
func spin(d time.Duration) {
	start := processCPU()
	for processCPU()-start < d {
	}
}

// TestWarmUpIsChunked checks that the graded side's warm-up grows in calls of at most WarmChunk
// elements and stops near WarmBudget: a slow Add must reach the ladder, which names it, and
// never look to the watchdog like one call that does not return.
func TestWarmUpIsChunked(t *testing.T) {
	type side struct {
		learner bool
		calls   *[][2]int
	}
	var calls [][2]int
	end := runOne(t, Performance, func(ht *T) {
		l := Ladder[side]{
			Sizes: []int{4000, 8000},
			New:   func() side { return side{learner: true, calls: &calls} },
			Ref:   func() side { return side{} },
			Grow: Grower[side]{
				Series: &growth.Series{Op: "Add", Axis: "n"},
				Run: func(s side, from, to int) {
					if s.learner {
						*s.calls = append(*s.calls, [2]int{from, to})
						spin(time.Duration(to-from) * time.Millisecond)
					}
				},
			},
		}
		m := newMeter(ht)
		m.Floor = time.Millisecond // the budget stops the ladder at once: only the warm-up matters
		l.Measure(m)
	})
	if end.Failure != nil {
		t.Fatalf("the test failed: %+v", end.Failure)
	}
	warmed := 0
	for _, c := range calls {
		if c[0] != warmed {
			break // the ladder's own structure
		}
		if c[1]-c[0] > WarmChunk {
			t.Errorf("a warm-up call grew by %d elements, want at most %d", c[1]-c[0], WarmChunk)
		}
		warmed = c[1]
	}
	if most := int((WarmBudget+time.Duration(WarmChunk)*time.Millisecond)/time.Millisecond) + WarmChunk; warmed > most {
		t.Errorf("the warm-up grew by %d elements of 1 ms, want it stopped near %v", warmed, WarmBudget)
	}
	t.Logf("warm-up: %d elements in %d calls", warmed, len(calls))
}
