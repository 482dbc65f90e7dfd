package harness

import (
	"fmt"
	"slices"
	"strings"

	"github.com/google/go-cmp/cmp"
)

// Call is one call of an exercise's API: a method on the structure, or a package function.
type Call struct {
	Method string
	Args   []any
	Func   bool   // a package-level function (bloom.OptimalM), not a method
	Text   string // if set, the call as printed, whole: a constructor written as "New(64, 3)"
	// Batch marks a performance test's batch of calls of Method with arguments of its own,
	// printed as "a batch of Add calls": no one call's arguments are known.
	Batch bool
}

// Go formats the call as Go source, with recv as the receiver variable: "s.Erase(1)".
func (c *Call) Go(recv string) string {
	if c.Text != "" {
		return c.Text
	}
	if c.Batch {
		return "a batch of " + c.Method + " calls"
	}
	var b strings.Builder
	if !c.Func && recv != "" {
		b.WriteString(recv)
		b.WriteByte('.')
	}
	b.WriteString(c.Method)
	b.WriteByte('(')
	for i, a := range c.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(Lit(a))
	}
	b.WriteByte(')')
	return b.String()
}

// Short formats the call without a receiver: "Erase(1)".
func (c *Call) Short() string { return c.Go("") }

// Model says how the harness drives one exercise's structure S.
type Model[S any] struct {
	Recv string   // the receiver variable in printed code: "s"
	Init string   // the constructor call in printed code: "New()"
	New  func() S // a fresh structure of the graded package
	Ref  func() S // a fresh reference structure; unused by Script
	Do   func(s S, c Call) any
	// Simplify proposes simpler variants of a failing sequence for the shrinker, simplest
	// first. Nil means SimplifyInts.
	Simplify func(calls []Call) [][]Call
	// Hint names the likely cause of a failure from the shrunk case, or returns "".
	Hint func(f Mismatch) string
	// Show, if set, returns the calls of a failing case as they are to be printed, one for each
	// of f.Calls (Text set where a call prints differently), or nil to print them as they are:
	// when Do does more than the call and that is what fails, the printed case shows it.
	Show func(f Mismatch) []Call
	// TwinNames names the second structure of a Twins case in printed code, for a model whose
	// calls print themselves whole (Text): each variable of "Recv := Init" and its name on the
	// second one; the first keeps its names. Nil means the first structure is called a in a
	// Twins case and the second b.
	TwinNames map[string]string
}

// Mismatch is a failing case as the suite's Hint sees it.
type Mismatch struct {
	Calls []Call // the shrunk sequence, the failing call last
	Got   any    // the graded package's result (nil after a panic)
	Want  any    // the expected result or Expect
	Panic any    // the panic value, if the failing call panicked
}

// Answers reports whether got is what the failing call wanted: a hint's replay that answers so
// shows that what it left out of the case, or changed, was the cause.
func (m Mismatch) Answers(got any) bool { return accepts(got, m.Want) }

// Telling is a result that says in words how it differs from the wanted one, where "returned
// false, want true" would misname what the call did: an Add that had to panic and did not.
type Telling interface {
	// Tell is what the call did against what it had to do: "did not panic; it must panic".
	Tell(want any) string
}

// Expect is an expected result that is not one exact value.
type Expect interface {
	// Accepts reports whether got is a right answer.
	Accepts(got any) bool
	// Cond is a Go boolean expression, over the variable named got, that is true when the
	// answer is wrong.
	Cond(got string) string
	// String describes the right answers: "one of 1, 2".
	String() string
}

// OneOf expects any one of its values.
type OneOf []any

// Accepts reports whether got is one of the values.
func (o OneOf) Accepts(got any) bool {
	return slices.ContainsFunc(o, func(v any) bool { return cmp.Equal(v, got) })
}

// Cond is "got != a && got != b".
func (o OneOf) Cond(got string) string {
	if len(o) == 0 {
		return "true"
	}
	parts := make([]string, len(o))
	for i, v := range o {
		parts[i] = got + " != " + Lit(v)
	}
	return strings.Join(parts, " && ")
}

// String lists the values: "one of 1, 2".
func (o OneOf) String() string {
	if len(o) == 0 {
		return "nothing (the structure is empty)"
	}
	parts := make([]string, len(o))
	for i, v := range o {
		parts[i] = Lit(v)
	}
	if len(parts) > 12 {
		parts = append(parts[:12], fmt.Sprintf("... (%d values)", len(o)))
	}
	if len(o) == 1 {
		return parts[0]
	}
	return "one of " + strings.Join(parts, ", ")
}

// accepts reports whether got answers want, which is an exact value or an Expect.
func accepts(got, want any) bool {
	if e, ok := want.(Expect); ok {
		return e.Accepts(got)
	}
	return cmp.Equal(got, want)
}

// describe formats an expected value for people.
func describe(want any) string {
	if e, ok := want.(Expect); ok {
		return e.String()
	}
	return Lit(want)
}

// cond is the Go condition, over got, that is true when got does not answer want.
func cond(got string, want any) string {
	if e, ok := want.(Expect); ok {
		return e.Cond(got)
	}
	if b, ok := want.(bool); ok {
		if b {
			return "!" + got
		}
		return got
	}
	return got + " != " + Lit(want)
}
