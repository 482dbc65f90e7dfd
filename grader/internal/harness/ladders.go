package harness

import (
	"runtime"

	"kata/grader/internal/growth"
)

// Sweep measures operations as a parameter of the structure grows (a filter's number of bits, the
// length of a trie's words) while each timed batch makes the same number of calls: at each of
// Sizes, after a garbage collection, Make builds a fresh structure of each side and the elements
// of a batch, untimed, then each of Ops in turn times one call per element on both sides. It
// stops at the first sample the budget caps, and once one of the Ops' growths is proven wrong.
type Sweep[S, E any] struct {
	Sizes []int
	// Make returns, at size, a fresh structure of the graded package and one of the reference,
	// and the elements a batch calls each operation with, once each.
	Make func(size int) (learner, reference S, elems []E)
	Ops  []SweepOp[S, E]
}

// SweepOp is an operation timed at each size of a Sweep.
type SweepOp[S, E any] struct {
	Series *growth.Series
	// Run calls the operation on s with the element e.
	Run func(s S, e E)
	// Undo, if set, restores s after a batch, untimed, called with each of its elements.
	Undo func(s S, e E)
}

// Measure runs the sweep, adding its samples to the Ops' series.
func (w Sweep[S, E]) Measure(m *Meter) {
	series := make([]*growth.Series, len(w.Ops))
	for i, op := range w.Ops {
		series[i] = op.Series
	}
	for _, size := range w.Sizes {
		runtime.GC() // collections stay between measurements (see JudgeGrowth)
		l, r, elems := w.Make(size)
		each := func(s S, op func(S, E)) func(int, int) {
			return func(count, rep int) {
				for _, e := range elems[:count] {
					op(s, e)
				}
			}
		}
		for _, op := range w.Ops {
			var undoL, undoR func(int, int)
			if op.Undo != nil {
				undoL, undoR = each(l, op.Undo), each(r, op.Undo)
			}
			if !m.PairAt(op.Series, size, len(elems), each(l, op.Run), each(r, op.Run), undoL, undoR) {
				return
			}
		}
		if m.Proven(series...) {
			return
		}
	}
}
