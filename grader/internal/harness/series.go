package harness

import (
	"kata/grader/exercise"
	"kata/grader/internal/growth"
)

// SeriesOf returns how a suite declares the growth series of its exercise e (see Declared): the
// series of the operation op along axis, with hint for a wrong growth and slowHint for a right
// growth far slower than the reference. A suite's series share e and, nearly always, one slow
// hint: they are written once, where the suite makes its declarer.
func SeriesOf(e *exercise.Exercise, slowHint string) func(op, axis, hint string) *growth.Series {
	return func(op, axis, hint string) *growth.Series {
		return Declared(e, growth.Series{Op: op, Axis: axis, Hint: hint, SlowHint: slowHint})
	}
}
