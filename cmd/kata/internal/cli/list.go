package cli

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"kata/cmd/kata/internal/progress"
	"kata/grader/exercise"
	"kata/grader/report"
	"kata/grader/verdict"
)

// listOptions are kata list's flags.
type listOptions struct {
	streams *Streams
}

func newList(s *Streams) *cobra.Command {
	o := &listOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "Show the practice list and your progress",
		Long: `Show the practice list in order, with your progress on each exercise: not
started, attempted (with the verdict of your last run), or solved (with the
date), how many times it was graded and how many of its hints you used. The
last line counts the exercises solved and names the next one to do, which an
arrow marks in the list.

Your progress is kept in .kata/state.json in the kit (git ignores it).`,
		Example: `  kata list
  kata          # the same`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return listRun(cmd.Context(), o) },
	}
	return cmd
}

func listRun(_ context.Context, o *listOptions) error {
	k, err := openKit(o.streams)
	if err != nil {
		return err
	}
	writeList(o.streams.Out, k.progress(), report.NewPalette(o.streams.colorOn()))
	return nil
}

// writeList writes the practice list with the learner's progress, then the progress line.
func writeList(w io.Writer, st *progress.State, p report.Palette) {
	next := st.Next(exercise.Names())
	width := 0 // the longest name, so that the columns line up
	for _, name := range exercise.Names() {
		width = max(width, len(name))
	}
	for i, e := range exercise.All() {
		mark := "  "
		if e.Name == next {
			mark = p.Bold.Sprint("→ ")
		}
		fmt.Fprintf(w, "%s%2d  %s  %-6s  %s\n", mark, i+1, p.Bold.Sprintf("%-*s", width, e.Name), e.Difficulty, p.Dim.Sprint(e.Slug))
		fmt.Fprintln(w, fitParts("      ", status(st.Get(e.Name), len(e.Hints), p)))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, progressLine(st, p))
}

// status describes the learner's progress on one exercise, in parts to be joined with " · ".
func status(pr progress.Progress, hints int, p report.Palette) []string {
	var parts []string
	switch {
	case !pr.IsStarted():
		return []string{p.Dim.Sprint("not started")}
	case pr.IsSolved():
		parts = append(parts, p.Good.Sprint(report.Mark(verdict.Accepted)+" solved "+pr.Solved.Local().Format("2006-01-02")))
		if pr.LastVerdict != "" && !pr.LastVerdict.IsAccepted() {
			parts = append(parts, "last run: "+verdictWords(pr.LastVerdict, p))
		}
	case pr.Attempts > 0:
		parts = append(parts, verdictWords(pr.LastVerdict, p))
	default:
		parts = append(parts, p.Dim.Sprint("not run yet"))
	}
	if pr.Attempts > 0 {
		parts = append(parts, plural(pr.Attempts, "attempt"))
	}
	if pr.HintsUsed == 0 {
		parts = append(parts, "no hints")
	} else {
		parts = append(parts, fmt.Sprintf("%d/%d hints", min(pr.HintsUsed, hints), hints))
	}
	return parts
}

// verdictWords is a verdict's mark and words in its colour: "✗ wrong answer".
func verdictWords(v verdict.Verdict, p report.Palette) string {
	return p.Verdict(v).Sprint(report.Mark(v) + " " + v.Words())
}

// progressLine counts the solved exercises and names the next one: "2/5 solved · next: kata
// run trie".
func progressLine(st *progress.State, p report.Palette) string {
	count := solvedCount(st, p)
	next := st.Next(exercise.Names())
	if next == "" {
		return count + " · all done: kata run --all grades them all again"
	}
	return count + " · next: " + p.Code.Sprint("kata run "+next)
}

// solvedCount is "2/5 solved".
func solvedCount(st *progress.State, p report.Palette) string {
	names := exercise.Names()
	return p.Bold.Sprintf("%d/%d solved", st.SolvedCount(names), len(names))
}

// fitParts joins parts with " · " on lines that start with prefix and fit the terminal's
// width, starting a new line between parts where one would not.
func fitParts(prefix string, parts []string) string {
	var b strings.Builder
	line := prefix
	for i, part := range parts {
		switch {
		case i == 0:
			line += part
		case visibleLen(line)+3+visibleLen(part) > termWidth:
			b.WriteString(line + "\n")
			line = prefix + part
		default:
			line += " · " + part
		}
	}
	b.WriteString(line)
	return b.String()
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// visibleLen is the number of columns s takes on a terminal: its runes, colours aside.
func visibleLen(s string) int { return utf8.RuneCountInString(ansi.ReplaceAllString(s, "")) }

func formatSeed(seed uint64) string { return strconv.FormatUint(seed, 10) }
