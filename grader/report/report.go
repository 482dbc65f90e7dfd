// Package report renders the judge's results: for people (coloured, fitting 80 columns) and as
// the JSON document of kata's --json flag.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/fatih/color"

	"kata/grader/internal/growth"
	"kata/grader/result"
	"kata/grader/verdict"
)

// Options shape the human output.
type Options struct {
	Color bool // use colours
	// Verbose shows every test and the full output of the graded code.
	Verbose bool
	// NoCost leaves out the operations' costs: references checked by kata verify run no
	// performance tests.
	NoCost bool
}

// Palette holds the colours of one rendering, on or off. Every command colours verdicts with
// it, so they look the same everywhere.
type Palette struct {
	Good, Bad, Unfinished, Dim, Bold, Code *color.Color
}

// NewPalette returns the colours, enabled or not.
func NewPalette(on bool) Palette {
	p := Palette{
		Good:       color.New(color.FgGreen, color.Bold),
		Bad:        color.New(color.FgRed, color.Bold),
		Unfinished: color.New(color.FgYellow, color.Bold),
		Dim:        color.New(color.Faint),
		Bold:       color.New(color.Bold),
		Code:       color.New(color.FgCyan),
	}
	for _, c := range []*color.Color{p.Good, p.Bad, p.Unfinished, p.Dim, p.Bold, p.Code} {
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return p
}

// Verdict is the colour of a verdict: green, red, or yellow for unfinished work.
func (p Palette) Verdict(v verdict.Verdict) *color.Color {
	switch v.Tone() {
	case verdict.Good:
		return p.Good
	case verdict.Unfinished:
		return p.Unfinished
	}
	return p.Bad
}

// Mark is the one-character mark of a verdict: ✓, ✗ or …
func Mark(v verdict.Verdict) string { return marks[v.Tone()] }

// marks are the verdicts' marks by tone.
var marks = [...]string{verdict.Good: "✓", verdict.Bad: "✗", verdict.Unfinished: "…"}

// VerdictLine is the coloured first line of a result: mark, verdict in words, exercise, folder,
// time.
func VerdictLine(r *result.Result, o Options) string {
	p := NewPalette(o.Color)
	c := p.Verdict(r.Verdict)
	return fmt.Sprintf("%s  %s  %s",
		c.Sprint(Mark(r.Verdict)+" "+r.Verdict.Words()),
		p.Bold.Sprint(r.Exercise),
		p.Dim.Sprintf("(%s, %s)", r.Package, seconds(r.DurationMS)))
}

func seconds(ms int64) string {
	return (time.Duration(ms) * time.Millisecond).Round(100 * time.Millisecond).String()
}

// complexityHints reports whether some operation measured carries a hint, which the table of
// costs shows: a time limit passed by a growth. A time limit passed otherwise (a call stopped by
// the watchdog, the operations not measured) has its hint shown with the failure.
func complexityHints(r *result.Result) bool {
	for _, c := range r.Complexity {
		if c.Hint != "" && c.Status.Judged() {
			return true
		}
	}
	return false
}

// Human writes one result for a person: the verdict line, then what failed and why, the shrunk
// case, the hint, the tests and the cost of each operation, and how to replay the run.
func Human(w io.Writer, r *result.Result, o Options) {
	p := NewPalette(o.Color)
	fmt.Fprintln(w, VerdictLine(r, o))
	if len(r.Errors) > 0 {
		writeErrors(w, r, p, o)
	} else {
		fmt.Fprintln(w, indent(wrap(r.Message, 76), "  "))
	}
	if r.Details != "" {
		// Lines that start with spaces are laid out already (a history's calls); the others are
		// prose, wrapped as the message is.
		for _, line := range strings.Split(strings.TrimRight(r.Details, "\n"), "\n") {
			if !strings.HasPrefix(line, " ") {
				line = wrap(line, 74)
			}
			fmt.Fprintln(w, indent(line, "    "))
		}
	}
	switch r.Verdict {
	case verdict.NotImplemented:
		fmt.Fprintf(w, "\n  %s open %s/ and replace each panic(\"not implemented\")\n"+
			"        with your code, then run %s again\n"+
			"        (%s gives a nudge).\n",
			p.Bold.Sprint("next:"), r.Package, p.Code.Sprintf("kata run %s", r.Exercise), p.Code.Sprintf("kata hint %s", r.Exercise))
	}
	if r.Test != "" && r.Verdict != verdict.NotImplemented {
		fmt.Fprintf(w, "  %s %s\n", p.Dim.Sprint("hidden test:"), r.Test)
	}
	if r.Panic != nil && len(r.Panic.Frames) > 0 {
		fmt.Fprintf(w, "  %s\n", p.Dim.Sprint("where:"))
		for _, f := range r.Panic.Frames {
			fmt.Fprintf(w, "    %s\n", f)
		}
	}
	if c := r.Case; c != nil && r.Verdict != verdict.NotImplemented {
		shrunk := ""
		if c.ShrunkFrom > 0 {
			shrunk = fmt.Sprintf(", shrunk from %d", c.ShrunkFrom)
		}
		fmt.Fprintf(w, "\n  %s (%d %s%s);\n  paste it into a _test.go file in %s:\n\n",
			p.Bold.Sprint("Smallest failing case"), c.Ops, plural(c.Ops, "operation"), shrunk, r.Package)
		fmt.Fprintln(w, p.Code.Sprint(indent(strings.TrimRight(c.Code, "\n"), "    ")))
		if c.Want != "" || c.Got != "" {
			fmt.Fprintln(w)
		}
		if c.Want != "" {
			fmt.Fprintf(w, "  want: %s\n", c.Want)
		}
		if c.Got != "" {
			fmt.Fprintf(w, "  got:  %s\n", c.Got)
		}
		if c.Flaky {
			fmt.Fprintf(w, "  %s this case did not fail on every replay: does your code use randomness or global state?\n",
				p.Unfinished.Sprint("note:"))
		}
	}
	if r.Hint != "" && (r.Verdict != verdict.TimeLimitExceeded || !complexityHints(r)) {
		fmt.Fprintf(w, "\n  %s %s\n", p.Unfinished.Sprint("hint:"), wrapIndent(r.Hint, 70, "        "))
	}
	if !o.NoCost {
		writeComplexity(w, r, p)
	}
	writeTests(w, r, p, o)
	if out := r.Output; out != nil && (o.Verbose || r.Verdict != verdict.Accepted) {
		writeOutput(w, out, p, o)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  %s %s\n", p.Dim.Sprint("note:"), n)
	}
	if r.Replay != "" && r.Verdict != verdict.CompileError && r.Verdict != verdict.RuleViolation {
		fmt.Fprintf(w, "  %s %s\n", p.Dim.Sprint("replay:"), r.Replay)
	}
}

// location formats a compiler message or a rule violation.
// writeErrors writes a compile error's or a rule violation's headline and then each place,
// the file:line:column on a line of its own (so that editors and terminals can open it) and
// the message wrapped beneath it. The result's one-line message repeats the first place, so
// it is left to --json.
func writeErrors(w io.Writer, r *result.Result, p Palette, o Options) {
	var head string
	switch {
	case r.Verdict == verdict.RuleViolation:
		head = fmt.Sprintf("rule %s broken:", r.Errors[0].Rule)
	case r.Errors[0].Rule == result.API:
		head = "the package does not have the exercise's API:"
	default:
		head = "the package does not build:"
	}
	fmt.Fprintf(w, "  %s\n", head)
	locs := r.Errors
	if len(locs) > 10 && !o.Verbose {
		locs = locs[:10]
	}
	for _, l := range locs {
		if l.File == "" {
			fmt.Fprintln(w, indent(wrap(l.Message, 74), "    "))
			continue
		}
		fmt.Fprintf(w, "    %s:\n", l.Position())
		fmt.Fprintln(w, indent(wrap(l.Message, 72), "      "))
	}
	if len(locs) < len(r.Errors) {
		fmt.Fprintf(w, "    %s\n", p.Dim.Sprintf("... and %d more", len(r.Errors)-len(locs)))
	}
}

// writeTests summarises the tests, and lists them when asked or when one failed.
func writeTests(w io.Writer, r *result.Result, p Palette, o Options) {
	if len(r.Tests) == 0 {
		return
	}
	var pass, fail, skip int
	for _, t := range r.Tests {
		switch t.Status {
		case result.Pass:
			pass++
		case result.Fail:
			fail++
		default:
			skip++
		}
	}
	parts := []string{fmt.Sprintf("%d passed", pass)}
	if fail > 0 {
		parts = append(parts, fmt.Sprintf("%d failed", fail))
	}
	if skip > 0 {
		parts = append(parts, fmt.Sprintf("%d not run", skip))
	}
	fmt.Fprintf(w, "\n  %s %s\n", p.Dim.Sprint("tests:"), strings.Join(parts, ", "))
	// A passing test's message is a note of what it could not judge, and why ("race: not
	// checked: ..."): said whatever the verbosity.
	for _, t := range r.Tests {
		if t.Status == result.Pass && t.Message != "" {
			fmt.Fprintln(w, indent(wrap(t.Name+": "+t.Message, 72), "    "))
		}
	}
	if !o.Verbose {
		return
	}
	for _, t := range r.Tests {
		mark := map[result.Status]string{result.Pass: p.Good.Sprint("✓"), result.Fail: p.Bad.Sprint("✗")}[t.Status]
		if mark == "" {
			mark = p.Dim.Sprint("-")
		}
		line := fmt.Sprintf("    %s %s", mark, t.Name)
		if t.Status != result.Pass && t.Message != "" {
			line += p.Dim.Sprint("  " + t.Message)
		}
		fmt.Fprintln(w, line)
	}
}

// writeOutput shows what the graded code printed, once, truncated.
func writeOutput(w io.Writer, out *result.Output, p Palette, o Options) {
	text := strings.TrimRight(out.Stdout, "\n")
	if s := strings.TrimRight(out.Stderr, "\n"); s != "" {
		if text != "" {
			text += "\n"
		}
		text += s
	}
	lines := strings.Split(text, "\n")
	const most = 12
	cut := false
	if len(lines) > most && !o.Verbose {
		lines, cut = lines[:most], true
	}
	for i, l := range lines {
		if len(l) > 76 {
			lines[i] = l[:73] + "..."
		}
	}
	note := fmt.Sprintf("%d bytes", out.Bytes)
	if out.Truncated || cut {
		note += ", truncated"
	}
	fmt.Fprintf(w, "\n  %s %s\n", p.Dim.Sprint("your code printed"), p.Dim.Sprintf("(%s):", note))
	fmt.Fprintln(w, indent(strings.Join(lines, "\n"), "    │ "))
}

// writeComplexity shows each operation's expected and measured cost, and for an operation whose
// cost is wrong a chart of the graded code's time per call against the reference's.
func writeComplexity(w io.Writer, r *result.Result, p Palette) {
	if len(r.Complexity) == 0 {
		return
	}
	measured := false
	var expected []string
	for _, c := range r.Complexity {
		measured = measured || c.Status.Judged()
		expected = append(expected, c.Op+" "+string(c.Expected))
	}
	if !measured {
		// Nothing judged (an earlier test failed, or the performance test itself stopped): the
		// expected costs, in one line, with the judge's reason where it gave one.
		note := "measured once every other test passes"
		if reason := r.Complexity[0].Reason; reason != "" {
			note = reason
		}
		fmt.Fprintf(w, "\n%s\n", Wrap(p.Dim.Sprint("expected cost: ")+strings.Join(expected, " · ")+
			p.Dim.Sprint(" ("+note+")"), 76, "  "))
		return
	}
	// Each column fits its longest entry: an observed "O(removals)", an expected "O(log n + r)".
	opWide, expWide, wide := 12, 10, 10
	for _, c := range r.Complexity {
		opWide = max(opWide, utf8.RuneCountInString(c.Op))
		expWide = max(expWide, utf8.RuneCountInString(string(c.Expected)))
		wide = max(wide, utf8.RuneCountInString(string(c.Observed)))
	}
	fmt.Fprintf(w, "\n  %s\n", p.Dim.Sprint(strings.TrimRight(fmt.Sprintf("%-*s %-9s %-*s %-*s", opWide, "operation", "grows in", expWide, "expected", wide, "observed"), " ")))
	for _, c := range r.Complexity {
		observed, mark := c.Observed, ""
		switch {
		case !c.Status.Judged() && len(c.Points) > 0:
			// Measured, but its ladder stopped once another operation was proven wrong or the
			// measuring budget was spent.
			observed, mark = "-", p.Dim.Sprint("not judged")
		case !c.Status.Judged():
			observed, mark = "-", p.Dim.Sprint("not measured")
		case c.Status.OK():
			mark = p.Good.Sprint("✓")
		case c.Status == growth.Slow && !observed.BigO():
			// Each call is over the time limit, and its growth, shown as measured, was
			// proven neither right nor wrong.
			mark = p.Bad.Sprint("✗ too slow, growth not proven wrong")
		case c.Status == growth.Slow:
			// Its growth was shown right, but each call is over the time limit.
			mark = p.Bad.Sprint("✗ too slow")
		default:
			mark = p.Bad.Sprint("✗")
		}
		axis := c.Axis
		if axis == "" {
			axis = "-"
		}
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("  %-*s %-9s %-*s %-*s %s", opWide, c.Op, axis, expWide, c.Expected, wide, observed, mark), " "))
	}
	for _, c := range r.Complexity {
		if !c.Status.Failed() || len(c.Points) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n  %s\n%s\n", p.Bad.Sprint(c.Op+" ("+c.Axis+"):"), Wrap(c.Reason, 74, "    "))
		Chart(w, c, p)
		if c.Hint != "" {
			fmt.Fprintf(w, "  %s %s\n", p.Unfinished.Sprint("hint:"), wrapIndent(c.Hint, 70, "        "))
		}
	}
}

// Chart draws the graded code's and the reference's nanoseconds per call at each size, on a
// logarithmic scale so that both fit in 80 columns.
func Chart(w io.Writer, c result.Complexity, p Palette) {
	label := 12 // "n=1000000", or wider for a longer axis ("removals=200000")
	for _, pt := range c.Points {
		label = max(label, len(fmt.Sprintf("%s=%d", c.Axis, pt.Size)))
	}
	width := 36 - (label - 12) // the bars give up what the labels take
	hi, lo := 1.0, math.Inf(1)
	for _, pt := range c.Points {
		hi = math.Max(hi, math.Max(pt.Learner, pt.Reference))
		lo = math.Min(lo, math.Max(1, math.Min(pt.Learner, pt.Reference)))
	}
	lo = math.Max(1, lo/2)
	bar := func(ns float64) string {
		if ns <= 0 {
			return ""
		}
		frac := math.Log(math.Max(ns, lo)/lo) / math.Log(hi/lo)
		return strings.Repeat("█", max(1, int(math.Round(frac*float64(width)))))
	}
	fmt.Fprintf(w, "    %s\n", p.Dim.Sprintf("time per call as %s grows (log scale)", c.Axis))
	for _, pt := range c.Points {
		capped := ""
		if pt.Capped {
			capped = " (and more)"
		}
		fmt.Fprintf(w, "    %-*s you %s %s%s\n", label, fmt.Sprintf("%s=%d", c.Axis, pt.Size), p.Bad.Sprint(bar(pt.Learner)), nanos(pt.Learner), capped)
		ref := nanos(pt.Reference)
		if pt.Reference <= 0 {
			ref = "not timed at this size"
		}
		fmt.Fprintf(w, "    %-*s ref %s %s\n", label, "", p.Good.Sprint(bar(pt.Reference)), ref)
	}
}

// nanos formats nanoseconds per call: "850 ns", "12.3 µs", "4.1 ms".
func nanos(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.1f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.1f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

// wrapIndent wraps s at width and indents the lines after the first.
func wrapIndent(s string, width int, prefix string) string {
	return strings.TrimPrefix(indent(wrap(s, width), prefix), prefix)
}

// JSON writes results as kata's --json document: one object for a single result, or
// {"results": [...]} for several.
func JSON(w io.Writer, results []*result.Result, single bool) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if single && len(results) == 1 {
		return enc.Encode(results[0])
	}
	if results == nil {
		results = []*result.Result{}
	}
	return enc.Encode(struct {
		Results []*result.Result `json:"results"`
	}{results})
}

// Summary writes one line per result and a total, after several results.
func Summary(w io.Writer, results []*result.Result, o Options) {
	p := NewPalette(o.Color)
	accepted := 0
	for _, r := range results {
		if r.Accepted() {
			accepted++
		}
	}
	fmt.Fprintf(w, "%s\n", p.Bold.Sprintf("%d of %d accepted", accepted, len(results)))
	for _, r := range results {
		c := p.Verdict(r.Verdict)
		fmt.Fprintf(w, "  %-15s %s\n", r.Exercise, c.Sprint(Mark(r.Verdict)+" "+r.Verdict.Words()))
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// indent prefixes every non-empty line of s.
func indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

// wrap breaks s into lines of at most width runes at spaces, keeping its line breaks.
func wrap(s string, width int) string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			if line != "" && len([]rune(line))+1+len([]rune(word)) > width {
				out = append(out, line)
				line = word
				continue
			}
			if line != "" {
				line += " "
			}
			line += word
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// Wrap breaks s into lines of at most width runes at spaces, each line after prefix.
func Wrap(s string, width int, prefix string) string {
	return indent(wrap(s, width), prefix)
}
