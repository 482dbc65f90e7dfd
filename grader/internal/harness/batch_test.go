package harness

import (
	"strings"
	"testing"
	"time"
)

// TestBatchMessages checks that a performance test's batch of calls is named as a batch, never
// as one call without its arguments, that only one call busy for the whole limit is guessed to
// be an endless loop, and that the limit is shown rounded.
func TestBatchMessages(t *testing.T) {
	var r runner
	batch := r.stuckFailure(&Call{Method: "Add", Batch: true}, "performance/growth", "f", "running", 25859965840*time.Nanosecond)
	if batch.Message != "a batch of Add calls ran for more than 25.9s without returning: its calls are far too slow, "+
		"or one of them never ends" {
		t.Errorf("a batch: %q", batch.Message)
	}
	one := r.stuckFailure(&Call{Method: "Add", Args: []any{1}}, "example", "f", "running", 3*time.Second)
	if !strings.HasPrefix(one.Message, "f.Add(1) ran for more than 3s") || !strings.Contains(one.Message, "endless loop") {
		t.Errorf("one call: %q", one.Message)
	}
}
