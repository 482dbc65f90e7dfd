package grader

import (
	"path/filepath"
	"testing"
)

// TestHasRemainder checks what decides between the hints about a negative index: the hash set
// that takes key % n has a %, the one indexed by the key itself has none.
func TestHasRemainder(t *testing.T) {
	for dir, want := range map[string]bool{
		"runtime_error/negative-index": true,
		"runtime_error/key-as-index":   false,
		"accepted/chaining":            false,
	} {
		if got := hasRemainder(filepath.Join("testdata", "hashset", dir)); got != want {
			t.Errorf("%s: hasRemainder = %v, want %v", dir, got, want)
		}
	}
}
