package cli

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

// solutionOptions are kata solution's flags and argument.
type solutionOptions struct {
	streams *Streams
	name    string
	force   bool
}

func newSolution(s *Streams) *cobra.Command {
	o := &solutionOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "solution NAME",
		Short: "Show the reference solution of an exercise",
		Long: `Print the reference solution of an exercise: the Go files of solutions/NAME,
without their tests. Once you have solved the exercise it prints at once;
before that kata asks you first on a terminal, and elsewhere (a script, a
pipe) needs --force.`,
		Example: `  kata solution hashset
  kata solution trie --force | less`,
		Args:              exactlyOne("kata solution NAME (kata list shows the names)"),
		ValidArgsFunction: completeExercises,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.name = args[0]
			return solutionRun(cmd.Context(), o)
		},
	}
	cmd.Flags().BoolVar(&o.force, "force", false, "show it even though the exercise is not solved yet")
	return cmd
}

func solutionRun(_ context.Context, o *solutionOptions) error {
	e, err := lookup(o.name)
	if err != nil {
		return err
	}
	k, err := openKit(o.streams)
	if err != nil {
		return err
	}
	dir := k.Solution(e.Name)
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err == nil {
		files = slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
	}
	if len(files) == 0 {
		return kitErr("no reference solution for %s in %s", e.Name, k.display(dir))
	}
	s := o.streams
	if !o.force && !k.progress().Get(e.Name).IsSolved() {
		if !s.InTerminal || !s.OutTerminal {
			return usageErr("%s is not solved yet: kata solution %s --force shows the reference anyway", e.Name, e.Name)
		}
		fmt.Fprintf(s.Err, "Show the reference solution for %s before solving it? [y/N] ", e.Name)
		answer, _ := bufio.NewReader(s.In).ReadString('\n')
		if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
			fmt.Fprintf(s.Err, "Not shown. kata hint %s gives a nudge instead.\n", e.Name)
			return nil
		}
	}
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return kitErr("cannot read %s: %v", k.display(f), err)
		}
		if i > 0 {
			fmt.Fprintln(s.Out)
		}
		name, err := filepath.Rel(k.Root, f) // solutions/NAME/NAME.go
		if err != nil {
			name = f
		}
		fmt.Fprintf(s.Out, "// %s\n\n", filepath.ToSlash(name))
		s.Out.Write(data)
	}
	return nil
}
