package report

import (
	"strings"
	"testing"

	"kata/grader/internal/growth"
	"kata/grader/result"
	"kata/grader/verdict"
)

// costTable is the table of expected costs that writeComplexity writes, without colour, for a
// result whose costs have the judgements js.
func costTable(js ...result.Judgement) string {
	r := &result.Result{}
	for _, j := range js {
		r.Complexity = append(r.Complexity, result.Complexity{Judgement: j})
	}
	var b strings.Builder
	writeComplexity(&b, r, NewPalette(false))
	return b.String()
}

// TestComplexityColumnsFitTheirEntries checks that an expected cost longer than the usual ones,
// "O(log n + r)", keeps the table's columns aligned.
func TestComplexityColumnsFitTheirEntries(t *testing.T) {
	table := costTable(
		result.Judgement{Op: "Len", Axis: "n", Expected: "O(1)", Observed: "O(1)", Status: growth.Right},
		result.Judgement{Op: "RangeByScore", Axis: "r", Expected: "O(log n + r)", Observed: "O(log n + r)", Status: growth.Right},
	)
	var marks []int
	for _, line := range strings.Split(table, "\n") {
		if i := strings.Index(line, "✓"); i >= 0 {
			marks = append(marks, i)
		}
		if strings.Contains(line, "O(log n + r)O(") {
			t.Errorf("columns run together: %q", line)
		}
	}
	if len(marks) != 2 || marks[0] != marks[1] {
		t.Errorf("the marks are not in one column:\n%s", table)
	}
}

// TestTimeLimitHint checks where the hint of a time limit passed shows: once, beside the
// operation's cost when a growth passed it, and with the failure when the watchdog stopped a
// call that never returned (no cost carries a hint then).
func TestTimeLimitHint(t *testing.T) {
	const hint = "Insert must give up after at most 500 evictions"
	stuck := &result.Result{Exercise: "cuckoo", Verdict: verdict.TimeLimitExceeded,
		Message: "f.Insert(nil) ran for more than 3s without returning (an endless loop?)", Hint: hint,
		Complexity: []result.Complexity{{Judgement: result.Judgement{Op: "Insert", Expected: "O(1)", Hint: "not measured: an earlier test failed"}}}}
	grown := &result.Result{Exercise: "cuckoo", Verdict: verdict.TimeLimitExceeded,
		Message: "Lookup grows like O(n)", Hint: hint,
		Complexity: []result.Complexity{{Judgement: result.Judgement{Op: "Lookup", Expected: "O(1)", Observed: "O(n)", Hint: hint, Status: growth.Wrong}}}}
	for _, c := range []struct {
		name  string
		r     *result.Result
		times int
	}{
		{"stopped call", stuck, 1},
		// Not beside the failure: the cost's own section shows it, with the measurements
		// (none here, so nothing).
		{"growth", grown, 0},
	} {
		var b strings.Builder
		Human(&b, c.r, Options{})
		if got := strings.Count(b.String(), "500 evictions"); got != c.times {
			t.Errorf("%s: the hint shows %d times, want %d:\n%s", c.name, got, c.times, b.String())
		}
	}
}

// TestSlowRowAgreesWithItsNumbers checks that a row too slow whose growth was not shown right
// shows what was measured and says its growth was not proven wrong, never the expected class
// beside a ✗; a row shown to grow right but too slow keeps the expected class.
func TestSlowRowAgreesWithItsNumbers(t *testing.T) {
	table := costTable(
		result.Judgement{Op: "RangeByRank", Axis: "n", Expected: "O(log n + r)", Observed: "grew 48× over 64×", Status: growth.Slow},
		result.Judgement{Op: "Score", Axis: "n", Expected: "O(1)", Observed: "O(1)", Status: growth.Slow},
	)
	for _, line := range strings.Split(table, "\n") {
		switch {
		case strings.Contains(line, "RangeByRank") && (!strings.Contains(line, "grew 48× over 64×") ||
			!strings.Contains(line, "not proven wrong") || strings.Count(line, "O(log n + r)") != 1):
			t.Errorf("the unproven row: %q", line)
		case strings.Contains(line, "Score") && (strings.Count(line, "O(1)") != 2 || strings.Contains(line, "not proven")):
			t.Errorf("the row shown right but too slow: %q", line)
		}
	}
}

// TestUnjudgedLineGivesTheReason checks that the one line of expected costs shown when nothing
// was judged gives the judge's reason where the rows carry one (the performance test itself
// stopped), and otherwise says when the costs are measured.
func TestUnjudgedLineGivesTheReason(t *testing.T) {
	const why = "not judged: the run stopped in performance/growth, which measures the costs, before it judged this one"
	for _, c := range []struct {
		reason, want string
	}{{why, "the run stopped in performance/growth"}, {"", "measured once every other test passes"}} {
		table := costTable(result.Judgement{Op: "Add", Expected: "O(k)", Reason: c.reason})
		if got := strings.Join(strings.Fields(table), " "); !strings.Contains(got, c.want) {
			t.Errorf("%q lacks %q", got, c.want)
		}
	}
}

// TestChartReferenceNotTimed checks that a size where the reference was not timed says so,
// never "0 ns".
func TestChartReferenceNotTimed(t *testing.T) {
	c := result.Complexity{Judgement: result.Judgement{Op: "Add", Axis: "n", Expected: "O(k)", Status: growth.Slow},
		Points: []result.Point{{Size: 24, Learner: 24e6, Capped: true}}}
	var b strings.Builder
	Chart(&b, c, NewPalette(false))
	if strings.Contains(b.String(), " 0 ns") || !strings.Contains(b.String(), "not timed") {
		t.Errorf("the chart:\n%s", b.String())
	}
}

// TestDetailsUnderTheMessage checks that a result's details follow its one-line message: lines
// laid out with leading spaces as they are, prose wrapped.
func TestDetailsUnderTheMessage(t *testing.T) {
	prose := strings.Repeat("a call that returned before another was called must take effect first ", 3)
	r := &result.Result{Exercise: "concurrentset", Verdict: verdict.WrongAnswer,
		Message: "4 goroutines made a history no set explains (its calls below)",
		Details: "key 5:\n  goroutine 1: Add(5) = true        called at 1, returned at 4\n" + prose}
	var b strings.Builder
	Human(&b, r, Options{})
	out := b.String()
	if !strings.Contains(out, "\n      goroutine 1: Add(5) = true        called at 1, returned at 4\n") {
		t.Errorf("the history's line is not kept as laid out:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if len([]rune(line)) > 80 {
			t.Errorf("a line of %d characters: %q", len([]rune(line)), line)
		}
	}
	if strings.Index(out, "key 5:") < strings.Index(out, "its calls below") {
		t.Errorf("the details come before the message:\n%s", out)
	}
}
