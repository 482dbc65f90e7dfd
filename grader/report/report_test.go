package report

import (
	"strings"
	"testing"

	"kata/grader/result"
)

// TestComplexityColumnsFitTheirEntries checks that an expected cost longer than the usual ones,
// "O(log n + r)", keeps the table's columns aligned.
func TestComplexityColumnsFitTheirEntries(t *testing.T) {
	r := &result.Result{Complexity: []result.Complexity{
		{Op: "Len", Axis: "n", Expected: "O(1)", Observed: "O(1)", OK: true},
		{Op: "RangeByScore", Axis: "r", Expected: "O(log n + r)", Observed: "O(log n + r)", OK: true},
	}}
	var b strings.Builder
	writeComplexity(&b, r, NewPalette(false))
	var marks []int
	for _, line := range strings.Split(b.String(), "\n") {
		if i := strings.Index(line, "✓"); i >= 0 {
			marks = append(marks, i)
		}
		if strings.Contains(line, "O(log n + r)O(") {
			t.Errorf("columns run together: %q", line)
		}
	}
	if len(marks) != 2 || marks[0] != marks[1] {
		t.Errorf("the marks are not in one column:\n%s", b.String())
	}
}
