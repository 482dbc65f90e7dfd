// Package result is the judge's answer for one graded package: the verdict and everything a
// person or a tool needs to act on it. Its JSON form is kata's --json output; the fields the
// contract names keep their names and meanings.
package result

import (
	"fmt"

	"kata/grader/verdict"
)

// Result is the judge's answer for one graded package.
type Result struct {
	// The contract's fields.
	Exercise   string          `json:"exercise"`
	Verdict    verdict.Verdict `json:"verdict"`
	Seed       uint64          `json:"seed"`
	DurationMS int64           `json:"duration_ms"`
	Message    string          `json:"message"`
	Tests      []Test          `json:"tests"`
	Complexity []Complexity    `json:"complexity"`

	// More, for people and tools.
	Package string     `json:"package"`           // the graded folder, as given
	Test    string     `json:"test,omitempty"`    // the hidden test that decided the verdict
	Op      string     `json:"op,omitempty"`      // the call that failed, as Go
	Hint    string     `json:"hint,omitempty"`    // the likely cause and what to do
	Methods []string   `json:"methods,omitempty"` // not_implemented: what is still the stub
	Case    *Case      `json:"case,omitempty"`    // the smallest failing case
	Errors  []Location `json:"errors,omitempty"`  // compile errors and rule violations
	Panic   *Panic     `json:"panic,omitempty"`   // runtime_error: the panic and where
	Output  *Output    `json:"output,omitempty"`  // what the graded code printed, if anything
	Replay  string     `json:"replay"`            // the command that replays this run exactly
	Notes   []string   `json:"notes,omitempty"`   // limits this system could not apply, and such
}

// Test is one hidden test's outcome.
type Test struct {
	Name    string `json:"name"`
	Status  Status `json:"status"`
	Message string `json:"message,omitempty"`
	// CPUMS is the CPU time the test took, in milliseconds.
	CPUMS float64 `json:"cpu_ms,omitempty"`
}

// Status is how a hidden test ended, in the contract's words.
type Status string

// The test statuses.
const (
	Pass Status = "pass"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Complexity is how one operation's cost grows, as expected and as measured.
type Complexity struct {
	Op       string  `json:"op"`
	Expected string  `json:"expected"`
	Observed string  `json:"observed"`
	OK       bool    `json:"ok"`
	Hint     string  `json:"hint"`
	Axis     string  `json:"axis,omitempty"`   // what grows: n, L, m, words
	Reason   string  `json:"reason,omitempty"` // the measurement in one line
	Points   []Point `json:"points,omitempty"`
}

// Point is one measurement: CPU nanoseconds per operation at one size, for the graded code and
// the reference.
type Point struct {
	Size      int     `json:"size"`
	Learner   float64 `json:"learner_ns"`
	Reference float64 `json:"reference_ns"`
	Capped    bool    `json:"capped,omitempty"` // the measurement stopped at its budget
	// Heap bytes allocated per call, where the measurement counted them (queries, not the
	// growth of the structure).
	LearnerBytes   float64 `json:"learner_bytes,omitempty"`
	ReferenceBytes float64 `json:"reference_bytes,omitempty"`
}

// Case is the smallest failing case found, as a test a learner can paste.
type Case struct {
	Code       string `json:"code"`
	Call       string `json:"call,omitempty"`
	Want       string `json:"want,omitempty"`
	Got        string `json:"got,omitempty"`
	Diff       string `json:"diff,omitempty"`
	Ops        int    `json:"ops"`
	ShrunkFrom int    `json:"shrunk_from,omitempty"`
	Flaky      bool   `json:"flaky,omitempty"`
}

// Location is a compiler message or a rule violation at a place in the graded package.
type Location struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
	Rule    string `json:"rule,omitempty"`
}

// Position is the location's place as compilers write it: file:line:column, file:line when
// the column is unknown, or "" when the location has no file.
func (l Location) Position() string {
	switch {
	case l.File == "":
		return ""
	case l.Column > 0:
		return fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Column)
	}
	return fmt.Sprintf("%s:%d", l.File, l.Line)
}

// String formats the location as compilers do: file:line:column: message, or the message
// alone when the location has no file.
func (l Location) String() string {
	if l.File == "" {
		return l.Message
	}
	return l.Position() + ": " + l.Message
}

// Panic is a runtime error's panic value and the graded code's frames.
type Panic struct {
	Value  string   `json:"value"`
	Frames []string `json:"frames,omitempty"`
}

// Output is what the graded code printed, kept in part when it printed a lot.
type Output struct {
	Stdout    string `json:"stdout,omitempty"`
	Stderr    string `json:"stderr,omitempty"`
	Bytes     int64  `json:"bytes"`
	Truncated bool   `json:"truncated,omitempty"`
}

// Accepted reports whether the verdict is accepted.
func (r *Result) Accepted() bool { return r.Verdict.IsAccepted() }
