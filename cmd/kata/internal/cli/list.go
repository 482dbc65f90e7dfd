package cli

import (
	"context"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"kata/grader/exercise"
)

// listOptions are kata list's flags.
type listOptions struct {
	streams *Streams
}

func newList(s *Streams) *cobra.Command {
	o := &listOptions{streams: s}
	return &cobra.Command{
		Use:     "list",
		Short:   "Show the practice list and your progress",
		Example: "  kata list",
		Args:    cobra.NoArgs,
		RunE:    func(cmd *cobra.Command, args []string) error { return listRun(cmd.Context(), o) },
	}
}

func listRun(ctx context.Context, o *listOptions) error {
	if _, err := findKit(o.streams.Dir); err != nil {
		return err
	}
	w := o.streams.Out
	fmt.Fprintf(w, "%-3s %-15s %-7s %s\n", "#", "exercise", "level", "slug")
	for i, e := range exercise.All() {
		fmt.Fprintf(w, "%-3d %-15s %-7s %s\n", i+1, e.Name, e.Difficulty, e.Slug)
	}
	return nil
}

func formatSeed(seed uint64) string { return strconv.FormatUint(seed, 10) }
