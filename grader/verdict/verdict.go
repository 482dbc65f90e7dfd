// Package verdict defines the judge's verdicts: the names learners, instructors and outside tools
// read in kata's output and in its --json documents.
//
// The names are part of kata's public contract; they never change.
package verdict

import "fmt"

// Verdict is the judge's one-word answer for a graded package.
type Verdict string

// The verdicts, in the contract's words.
const (
	// Accepted: every hidden test passed and every operation grew as expected.
	Accepted Verdict = "accepted"
	// WrongAnswer: some output differs from the reference, or a required property fails.
	WrongAnswer Verdict = "wrong_answer"
	// RuntimeError: the learner's code panicked or crashed the test process.
	RuntimeError Verdict = "runtime_error"
	// TimeLimitExceeded: a test ran past its time limit, or an operation grows faster than its
	// expected cost.
	TimeLimitExceeded Verdict = "time_limit_exceeded"
	// MemoryLimitExceeded: the learner's code used more memory than its limit.
	MemoryLimitExceeded Verdict = "memory_limit_exceeded"
	// CompileError: the learner's package does not build.
	CompileError Verdict = "compile_error"
	// NotImplemented: a method still holds the stub's "not implemented" panic.
	NotImplemented Verdict = "not_implemented"
	// RuleViolation: the code breaks an exercise rule (a map in hashset, importing solutions/).
	RuleViolation Verdict = "rule_violation"
)

// All lists every verdict, accepted first.
var All = []Verdict{
	Accepted, WrongAnswer, RuntimeError, TimeLimitExceeded, MemoryLimitExceeded,
	CompileError, NotImplemented, RuleViolation,
}

// Parse returns the verdict named s, or an error naming the valid ones.
func Parse(s string) (Verdict, error) {
	for _, v := range All {
		if string(v) == s {
			return v, nil
		}
	}
	return "", fmt.Errorf("unknown verdict %q (want one of accepted, wrong_answer, runtime_error, "+
		"time_limit_exceeded, memory_limit_exceeded, compile_error, not_implemented, rule_violation)", s)
}

// IsAccepted reports whether v is Accepted.
func (v Verdict) IsAccepted() bool { return v == Accepted }

// Words is the verdict as a person says it: "wrong answer" for wrong_answer.
func (v Verdict) Words() string {
	switch v {
	case Accepted:
		return "accepted"
	case WrongAnswer:
		return "wrong answer"
	case RuntimeError:
		return "runtime error"
	case TimeLimitExceeded:
		return "time limit exceeded"
	case MemoryLimitExceeded:
		return "memory limit exceeded"
	case CompileError:
		return "compile error"
	case NotImplemented:
		return "not implemented"
	case RuleViolation:
		return "rule violation"
	}
	return string(v)
}

// Tone says how a verdict is coloured: Good (green), Bad (red) or Unfinished (yellow).
type Tone int

// The tones of the verdicts.
const (
	Good Tone = iota
	Bad
	Unfinished
)

// String is the tone's name: "good", "bad" or "unfinished" (the gradebook's page names its
// colour classes so).
func (t Tone) String() string {
	return [...]string{Good: "good", Bad: "bad", Unfinished: "unfinished"}[t]
}

// Tone returns the verdict's tone: accepted is good, not_implemented is unfinished work, and
// every other verdict is bad.
func (v Verdict) Tone() Tone {
	switch v {
	case Accepted:
		return Good
	case NotImplemented:
		return Unfinished
	}
	return Bad
}
