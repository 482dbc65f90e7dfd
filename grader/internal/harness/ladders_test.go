package harness

import (
	"testing"

	"kata/grader/internal/growth"
)

// TestSweep checks that a sweep makes a fresh pair at each size, times each operation there once
// per element on both sides, puts back after an operation that has an Undo, and adds one sample
// a size to each series.
func TestSweep(t *testing.T) {
	type counter struct{ ran, undone int }
	made := 0
	var all []*counter
	add := &growth.Series{Op: "Add", Axis: "m", Expected: "O(1)"}
	del := &growth.Series{Op: "Delete", Axis: "m", Expected: "O(1)"}
	runOne(t, Performance, func(tt *T) {
		Sweep[*counter, int]{
			Sizes: []int{16, 64},
			Make: func(size int) (*counter, *counter, []int) {
				made++
				l, r := &counter{}, &counter{}
				all = append(all, l, r)
				return l, r, make([]int, size/16)
			},
			Ops: []SweepOp[*counter, int]{
				{Series: add, Run: func(c *counter, _ int) { c.ran++ }},
				{Series: del, Run: func(c *counter, _ int) { c.ran-- }, Undo: func(c *counter, _ int) { c.undone++ }},
			},
		}.Measure(newMeter(tt))
	})
	if made != 2 {
		t.Errorf("Make ran %d times for 2 sizes", made)
	}
	for _, s := range []*growth.Series{add, del} {
		if len(s.Samples) != 2 || s.Samples[0].Size != 16 || s.Samples[1].Size != 64 {
			t.Errorf("%s's samples: %+v, want one at 16 and one at 64", s.Op, s.Samples)
		}
	}
	for i, c := range all {
		if c.ran != 0 || c.undone == 0 {
			t.Errorf("structure %d: %d more Adds than Deletes, %d put back; want as many, and some put back", i, c.ran, c.undone)
		}
	}
}
