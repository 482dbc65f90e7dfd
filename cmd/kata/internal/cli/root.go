// Package cli is kata's command line: one file per command, each an options struct, a cobra
// command that only parses, and a function that does the work. The judging itself lives in
// package grader; this package turns its results into output and exit statuses.
package cli

import (
	"context"
	"errors"
	"fmt"
	"kata/grader/report"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"kata/grader"
	"kata/grader/exercise"
)

// Exit statuses, as the contract fixes them.
const (
	exitOK          = 0   // every graded package accepted
	exitNotAccepted = 1   // some package not accepted
	exitUsage       = 2   // usage error, or the kit cannot run
	exitInterrupted = 130 // Ctrl-C
)

// Main runs kata with args and returns its exit status.
func Main(args []string, s *Streams) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root := newRoot(s)
	root.SetArgs(append([]string{}, args...)) // never nil: cobra would read os.Args
	root.SetIn(s.In)
	root.SetOut(s.Out)
	root.SetErr(s.Err)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	if ctx.Err() != nil || errors.Is(err, context.Canceled) {
		fmt.Fprintln(s.Err, "kata: interrupted")
		return exitInterrupted
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(s.Err, "kata: "+oneLine(ee.msg))
		}
		return ee.code
	}
	var ue *grader.UsageError
	var ke *grader.KitError
	switch {
	case errors.As(err, &ue), errors.As(err, &ke):
		fmt.Fprintln(s.Err, "kata: "+oneLine(err.Error()))
	default:
		// cobra's own errors: unknown commands and flags.
		fmt.Fprintln(s.Err, "kata: "+oneLine(err.Error())+" (see kata --help)")
	}
	return exitUsage
}

// oneLine keeps an error to one line: the first, with a pointer to the rest.
func oneLine(msg string) string {
	msg = strings.TrimSpace(msg)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		first := strings.TrimSuffix(strings.TrimSpace(msg[:i]), ":")
		rest := strings.TrimSpace(msg[i+1:])
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			rest = rest[:j]
		}
		return first + ": " + rest
	}
	return msg
}

// newRoot builds the command tree.
func newRoot(s *Streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "kata",
		Short: "Practice randomized data structures against a strict judge",
		Long: `kata is a practice kit for randomized and probabilistic data structures, built
like an online judge. Write the package in exercises/NAME, run kata run NAME,
and get a verdict: accepted, or the smallest failing case with the seed to
replay it, and how your code's cost grows against the expected one.

With no command, kata shows the practice list.`,
		Example: `  kata                  # the practice list and your progress
  kata run hashset      # grade exercises/hashset
  kata watch            # grade the next exercise each time you save it
  kata hint hashset     # a nudge, then more
  kata run --all        # grade every exercise
  kata verify           # instructors: check the reference solutions`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
	}
	list := &listOptions{streams: s}
	root.RunE = func(cmd *cobra.Command, args []string) error { return listRun(cmd.Context(), list) }
	root.PersistentFlags().BoolVar(&s.NoColor, "no-color", false, "no colours (as with NO_COLOR, or when piped)")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageErr("%v (see %s --help)", err, cmd.CommandPath())
	})
	root.AddCommand(newList(s), newRun(s), newWatch(s), newHint(s), newReset(s), newRestore(s),
		newSolution(s), newVerify(s), newGrade(s), newDev(s))
	addDefaultCommands(root)
	return root
}

// addDefaultCommands adds cobra's help and completion commands now rather than when kata
// runs, to give them examples like every other command.
func addDefaultCommands(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	examples := map[string]string{
		"help":       "  kata help run",
		"completion": "  kata completion bash > ~/.local/share/bash-completion/completions/kata",
		"bash":       "  source <(kata completion bash)",
		"zsh":        "  kata completion zsh > \"${fpath[1]}/_kata\"",
		"fish":       "  kata completion fish > ~/.config/fish/completions/kata.fish",
		"powershell": "  kata completion powershell | Out-String | Invoke-Expression",
	}
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Example == "" {
			c.Example = examples[c.Name()]
			c.Long = fitLines(c.Long)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// fitLines wraps the lines of cobra's own help texts that would not fit the terminal.
func fitLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if visibleLen(l) > termWidth-2 && !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "\t") {
			lines[i] = report.Wrap(l, termWidth-2, "")
		}
	}
	return strings.Join(lines, "\n")
}

// completeExercises completes exercise names and slugs.
func completeExercises(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, e := range exercise.All() {
		for _, name := range []string{e.Name, e.Slug} {
			if strings.HasPrefix(name, toComplete) {
				out = append(out, cobra.CompletionWithDesc(name, e.Title+" ("+string(e.Difficulty)+")"))
			}
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeExerciseFlag completes an --exercise flag's value, whatever arguments come before it.
func completeExerciseFlag(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return completeExercises(cmd, nil, toComplete)
}
