package cli

import (
	"context"
	"fmt"
	"io"
	"kata/grader/report"

	"github.com/spf13/cobra"

	"kata/cmd/kata/internal/progress"
	"kata/grader/exercise"
)

// hintOptions are kata hint's flags and argument.
type hintOptions struct {
	streams *Streams
	name    string
	all     bool
}

func newHint(s *Streams) *cobra.Command {
	o := &hintOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "hint NAME",
		Short: "Show the next hint for an exercise",
		Long: `Show one more hint for an exercise, from a nudge to the key idea. Each call
shows the next one and counts it in your progress (kata list shows how many
you used); after the last, kata hint shows the last one again. With --all, it
shows again every hint you have used so far, and counts none.`,
		Example: `  kata hint hashset
  kata hint design-hashset --all   # every hint used so far`,
		Args:              exactlyOne("kata hint NAME (kata list shows the names)"),
		ValidArgsFunction: completeExercises,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.name = args[0]
			return hintRun(cmd.Context(), o)
		},
	}
	cmd.Flags().BoolVar(&o.all, "all", false, "show every hint used so far, and count none")
	return cmd
}

func hintRun(_ context.Context, o *hintOptions) error {
	e, err := lookup(o.name)
	if err != nil {
		return err
	}
	k, err := openKit(o.streams)
	if err != nil {
		return err
	}
	w, p := o.streams.Out, report.NewPalette(o.streams.colorOn())
	total := len(e.Hints)
	if total == 0 {
		fmt.Fprintf(w, "%s has no hints.\n", e.Name)
		return nil
	}
	if o.all {
		used := min(k.progress().Get(e.Name).HintsUsed, total)
		if used == 0 {
			fmt.Fprintf(w, "No hints used for %s yet: %s shows the first of %d.\n",
				e.Name, p.Code.Sprint("kata hint "+e.Name), total)
			return nil
		}
		for i := range used {
			if i > 0 {
				fmt.Fprintln(w)
			}
			writeHint(w, e, i+1, p)
		}
		writeHintFooter(w, e, used, p)
		return nil
	}

	level, again := 1, false
	if k.update("this hint", func(st *progress.State) { level, again = st.TakeHint(e.Name, total) }) == nil {
		// Not counted, but shown all the same: the next one after those already used.
		level = min(k.progress().Get(e.Name).HintsUsed+1, total)
	}
	if again {
		fmt.Fprintf(w, "You have seen all %d hints for %s; here is the last one again.\n\n", total, e.Name)
	}
	writeHint(w, e, level, p)
	writeHintFooter(w, e, level, p)
	return nil
}

// writeHint writes hint number level (from 1) of e.
func writeHint(w io.Writer, e *exercise.Exercise, level int, p report.Palette) {
	fmt.Fprintln(w, p.Bold.Sprintf("Hint %d of %d · %s · %s", level, len(e.Hints), e.Name, e.Title))
	fmt.Fprintln(w)
	fmt.Fprintln(w, report.Wrap(e.Hints[level-1], termWidth-4, "  "))
}

// writeHintFooter says what comes after hint number level: another hint, or none.
func writeHintFooter(w io.Writer, e *exercise.Exercise, level int, p report.Palette) {
	fmt.Fprintln(w)
	if left := len(e.Hints) - level; left > 0 {
		fmt.Fprintf(w, "%s shows the next one (%d more).\n", p.Code.Sprint("kata hint "+e.Name), left)
		return
	}
	fmt.Fprintf(w, "That is the last hint. Still stuck? %s shows the reference.\n",
		p.Code.Sprint("kata solution "+e.Name))
}

// exactlyOne accepts exactly one argument, an exercise name; otherwise it is a usage error
// saying how to call the command.
func exactlyOne(usage string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) == 0:
			return usageErr("which exercise? %s", usage)
		case len(args) > 1:
			return usageErr("one exercise at a time: %s", usage)
		}
		return nil
	}
}
