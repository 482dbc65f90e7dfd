// Package result is the judge's answer for one graded package: the verdict and everything a
// person or a tool needs to act on it. Its JSON form is kata's --json output; the fields the
// contract names keep their names and meanings.
package result

import (
	"encoding/json"
	"fmt"

	"kata/grader/internal/growth"
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
	Details string     `json:"details,omitempty"` // what the one-line message cannot hold: a concurrent history
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

// Complexity is how one operation's cost grows, as expected and as measured: the judgement and
// the measurements behind it. Its JSON form is the contract's, with the judgement's status shown
// as ok (true when right) and observed (the class observed, empty when not judged).
type Complexity struct {
	Judgement
	Points []Point
}

// Judgement is the judge's finding on one operation's growth along one axis, as the test
// program records it and the result reports it.
type Judgement struct {
	Op       string       `json:"op"`
	Axis     string       `json:"axis,omitempty"` // what grows: n, L, m, words
	Expected growth.Class `json:"expected"`
	// Status is the judgement: right, wrong, too slow, or not judged (unsure, the zero value,
	// also for an operation never measured).
	Status growth.Status `json:"status"`
	// Observed is the growth class observed: "O(n)"; empty when not judged.
	Observed growth.Class `json:"observed,omitempty"`
	Hint     string       `json:"hint,omitempty"`
	Reason   string       `json:"reason,omitempty"` // the measurement in one line
}

// OK reports whether the growth was judged right.
func (j Judgement) OK() bool { return j.Status.OK() }

// Point is one measurement: CPU nanoseconds per operation at one size, for the graded code and
// the reference, and the heap bytes allocated per call where they were counted.
type Point = growth.Sample

// complexityJSON is the contract's form of a Complexity.
type complexityJSON struct {
	Op       string       `json:"op"`
	Expected growth.Class `json:"expected"`
	Observed growth.Class `json:"observed"`
	OK       bool         `json:"ok"`
	Hint     string       `json:"hint"`
	Axis     string       `json:"axis,omitempty"`
	Reason   string       `json:"reason,omitempty"`
	Points   []Point      `json:"points,omitempty"`
}

// MarshalJSON writes the contract's form: ok is true when the growth was judged right, and
// observed is empty when it was not judged.
func (c Complexity) MarshalJSON() ([]byte, error) {
	var observed growth.Class
	if c.Status.Judged() {
		observed = c.Observed
	}
	return json.Marshal(complexityJSON{Op: c.Op, Expected: c.Expected, Observed: observed, OK: c.Status.OK(),
		Hint: c.Hint, Axis: c.Axis, Reason: c.Reason, Points: c.Points})
}

// UnmarshalJSON reads the contract's form back. The status is right when ok, not judged when
// nothing was observed, too slow when the class observed is the expected one or is no class but
// what was measured ("grew 48× over 64×"), and wrong otherwise.
func (c *Complexity) UnmarshalJSON(b []byte) error {
	var w complexityJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	status := growth.Wrong
	switch {
	case w.OK:
		status = growth.Right
	case w.Observed == "":
		status = growth.Unsure
	case w.Observed == w.Expected, !w.Observed.BigO():
		status = growth.Slow
	}
	*c = Complexity{Judgement: Judgement{Op: w.Op, Axis: w.Axis, Expected: w.Expected, Status: status,
		Observed: w.Observed, Hint: w.Hint, Reason: w.Reason}, Points: w.Points}
	return nil
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
	Rule    Rule   `json:"rule,omitempty"` // the rule broken, for a rule violation or a wrong API
}

// Rule names an exercise rule a package breaks, as --json shows it.
type Rule string

// The rules the judge checks before it builds anything.
const (
	// API: the package does not have the exercise's API (a compile error, not a violation).
	API Rule = "api"
	// NoMap: a built-in map where the exercise forbids one.
	NoMap Rule = "no-map"
	// NoLibrary: an import of a library outside the standard library the exercise does not allow.
	NoLibrary Rule = "no-library"
	// NoKitImport: an import of the kit's own packages (a reference solution, the judge).
	NoKitImport Rule = "no-kit-import"
	// AllowedImports: an import outside the exercise's allow-list.
	AllowedImports Rule = "allowed-imports"
	// DeniedImports: an import the exercise denies.
	DeniedImports Rule = "denied-imports"
	// NoKitLinkname: a go:linkname into the kit's packages.
	NoKitLinkname Rule = "no-kit-linkname"
)

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
