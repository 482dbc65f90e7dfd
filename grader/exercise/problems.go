package exercise

import (
	"fmt"
	"strings"
)

// Problems renders the practice list as problems.md holds it: a table of the exercises in
// order, then a section per exercise with what it teaches and the expected cost of each
// operation. A test keeps problems.md equal to it.
func Problems() string {
	var b strings.Builder
	b.WriteString("# The practice list\n\n")
	b.WriteString("Work through the exercises in this order; `kata list` shows your progress and\n")
	b.WriteString("`kata run NAME` grades one. NAME is the short name or the slug. The expected costs\n")
	b.WriteString("are averages: in expectation over the coin flips (skip list, Bloom hashing), amortised\n")
	b.WriteString("over the table's growth (hash set, randomized set). n is the number of elements stored,\n")
	b.WriteString("L the length of the word, k the number of hash functions, r the number of members\n")
	b.WriteString("or keys a range returns, q the quotient filter's quotient bits (2^q slots), m the LSM\n")
	b.WriteString("tree's memtable entries, T its tables and N the entries on disk.\n\n")
	b.WriteString("| # | Exercise | Difficulty | Name | Slug |\n")
	b.WriteString("|---|---|---|---|---|\n")
	for i, e := range all {
		fmt.Fprintf(&b, "| %d | %s | %s | `%s` | `%s` |\n", i+1, e.Title, e.Difficulty, e.Name, e.Slug)
	}
	for i, e := range all {
		fmt.Fprintf(&b, "\n## %d. %s (%s)\n\n", i+1, e.Title, e.Difficulty)
		fmt.Fprintf(&b, "Package `exercises/%s`, slug `%s`. Teaches: %s.\n\n", e.Name, e.Slug, e.Teaches)
		fmt.Fprintf(&b, "%s\n\n", importsLine(e))
		b.WriteString("| Operation | Expected cost |\n|---|---|\n")
		for _, op := range e.Ops {
			fmt.Fprintf(&b, "| `%s` | %s |\n", op.Name, op.Expected)
		}
		fmt.Fprintf(&b, "\nThe API:\n\n```go\n")
		for _, in := range e.Interfaces {
			fmt.Fprintf(&b, "%s\n", in)
		}
		for _, st := range e.Structs {
			fmt.Fprintf(&b, "type %s struct{ %s }\n", st.Name, st.Fields)
		}
		for _, f := range e.API {
			fmt.Fprintf(&b, "%s\n", f)
		}
		b.WriteString("```\n")
	}
	return b.String()
}

// importsLine says what the exercise's package may import outside the standard library, and
// what of the standard library it may not.
func importsLine(e *Exercise) string {
	line := "Imports outside the standard library: none (rule no-library)."
	if len(e.Rules.Libraries) > 0 {
		line = "Imports outside the standard library: only " + code(e.Rules.Libraries) + " (rule no-library)."
	}
	if len(e.Rules.Denied) > 0 {
		line += " Not allowed: " + code(e.Rules.Denied) + ", because " + e.Rules.DeniedWhy + " (rule denied-imports)."
	}
	return line
}

// code formats import paths as Markdown code, separated by commas.
func code(paths []string) string {
	quoted := make([]string, len(paths))
	for i, p := range paths {
		quoted[i] = "`" + p + "`"
	}
	return strings.Join(quoted, ", ")
}
