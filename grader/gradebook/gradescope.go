package gradebook

import (
	"fmt"
	"strings"
)

// Gradescope is a student's results.json in Gradescope's autograder format, as documented in
// "Autograder Specifications", section "Output format"
// (https://gradescope-autograders.readthedocs.io/en/latest/specs/): a top-level score, an
// optional execution_time in seconds and output, and a tests array whose entries hold score,
// max_score, status ("passed" or "failed"), name, number, output and visibility ("hidden",
// "after_due_date", "after_published" or "visible").
type Gradescope struct {
	Score         float64          `json:"score"`
	MaxScore      float64          `json:"max_score"`
	ExecutionTime int64            `json:"execution_time"` // seconds
	Output        string           `json:"output"`
	Visibility    string           `json:"visibility"`
	Tests         []GradescopeTest `json:"tests"`
}

// GradescopeTest is one exercise as a Gradescope test case.
type GradescopeTest struct {
	Name       string  `json:"name"`
	Number     string  `json:"number"`
	Score      float64 `json:"score"`
	MaxScore   float64 `json:"max_score"`
	Status     string  `json:"status"` // passed or failed
	Output     string  `json:"output"`
	Visibility string  `json:"visibility"`
}

// Gradescope statuses and the visibility kata uses: a learner can run every hidden test on
// their own machine with kata run, so nothing is hidden.
const (
	GradescopePassed  = "passed"
	GradescopeFailed  = "failed"
	GradescopeVisible = "visible"
)

// Gradescope is the student's results.json.
func (b *Book) Gradescope(student string) Gradescope {
	g := Gradescope{Visibility: GradescopeVisible, Tests: []GradescopeTest{}}
	var ms int64
	for i, r := range b.Rows(student) {
		status := GradescopeFailed
		if r.Verdict.IsAccepted() {
			status = GradescopePassed
		}
		g.Tests = append(g.Tests, GradescopeTest{
			Name: r.Exercise, Number: fmt.Sprint(i + 1), Score: r.Score.Score, MaxScore: r.MaxScore,
			Status: status, Output: testOutput(r), Visibility: GradescopeVisible,
		})
		ms += r.DurationMS
	}
	for _, s := range b.Students {
		if s.Name == student {
			g.Score, g.MaxScore = s.Score, s.MaxScore
		}
	}
	g.ExecutionTime = (ms + 999) / 1000
	g.Output = fmt.Sprintf("Graded by kata with seed %d: %s of %s points.", b.Seed, number(g.Score), number(g.MaxScore))
	for _, r := range b.Refused {
		g.Output += fmt.Sprintf("\n%s was not graded: its reference solution is broken.", r.Exercise)
	}
	return g
}

// testOutput is what a student reads under an exercise: the verdict, the reason, the points,
// and the command that replays the run in the student's own copy of the kit.
func testOutput(r Row) string {
	lines := []string{
		r.Verdict.Words() + ": " + oneLine(r.Message),
		fmt.Sprintf("correctness %s, performance %s: %s of %s points", number(r.Correctness), number(r.Performance),
			number(r.Score.Score), number(r.MaxScore)),
	}
	if r.Result != nil && r.Result.Hint != "" {
		lines = append(lines, "hint: "+oneLine(r.Result.Hint))
	}
	lines = append(lines, fmt.Sprintf("replay in your copy of the kit: kata run %s --seed %d", r.Exercise, r.Seed))
	return strings.Join(lines, "\n")
}
