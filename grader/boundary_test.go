package grader

import (
	"os/exec"
	"strings"
	"testing"
)

// The judge and the CLI run in the parent process and must not link what runs in the child: the
// harness and the suites. What they know of the hidden tests comes from the catalog.
func TestBoundary(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "kata/cmd/kata").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg == "kata/grader/internal/harness" || strings.HasPrefix(pkg, "kata/grader/internal/suites") {
			t.Errorf("kata links %s, which only the test program may link", pkg)
		}
	}
}
