package harness

import (
	"fmt"

	"kata/grader/exercise"
	"kata/grader/internal/growth"
)

// Declared returns the growth series s of an operation of the exercise e, expecting the cost e
// declares for s.Op: a suite names the operation and the axis it measures, and the expected cost
// is written once, in the registry. It panics when e declares no operation s.Op, since a suite
// measures only the operations the registry declares.
func Declared(e *exercise.Exercise, s growth.Series) *growth.Series {
	op, ok := e.Op(s.Op)
	if !ok {
		panic(fmt.Sprintf("the %s exercise declares no operation %s", e.Name, s.Op))
	}
	s.Expected = growth.Class(op.Expected)
	return &s
}
