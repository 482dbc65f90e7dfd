package skiplist

import (
	"testing"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	ref "kata/solutions/skiplist"
)

var reference = API{New: func() Skiplist { return ref.New() }}

func TestReferencePasses(t *testing.T) {
	log, err := harness.Local(Suite(reference, reference), 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range log.Events {
		if e.Kind == record.End {
			if e.Status != record.Pass {
				t.Errorf("%s: %s %+v", e.Test, e.Status, e.Failure)
			}
			t.Logf("%-22s %v", e.Test, e.Elapsed)
		}
	}
}
