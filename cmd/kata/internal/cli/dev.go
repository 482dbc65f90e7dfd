package cli

import (
	"context"
	"os"

	"github.com/spf13/cobra"

	"kata/grader/exercise"
	"kata/grader/layout"
	"kata/grader/stress"
)

// newDev builds kata dev: commands for those who work on the kit itself.
func newDev(s *Streams) *cobra.Command {
	dev := &cobra.Command{
		Use:   "dev",
		Short: "Commands for working on the kit itself",
		Example: `  kata dev stress --runs 10
  kata dev stress --exercise skiplist --quiet-only`,
		Args: cobra.NoArgs,
	}
	dev.AddCommand(newStress(s))
	return dev
}

// stressOptions are kata dev stress's flags.
type stressOptions struct {
	streams    *Streams
	runs       int
	exercises  []string
	quietOnly  bool
	loadedOnly bool
	alongside  int
	record     string
}

func newStress(s *Streams) *cobra.Command {
	o := &stressOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "stress",
		Short: "Measure how reliable the growth verdicts are",
		Long: `Run the performance tests of each reference and of the growth variants under
grader/testdata many times, first on a quiet machine and then with other
gradings running alongside (--alongside of them, each grading a reference over
and over), and count the false flags (a right-growth variant under accepted/
called too slow) and the misses (a variant under time_limit_exceeded/ whose
name starts with growth- accepted). Both counts should be zero.

It prints one line per variant and mode as it goes, then the table and the
totals. It takes minutes: every variant is built once and measured --runs times
per mode. --record FILE writes every run's measurements as JSON lines, the
form the growth judge's tests replay (grader/internal/growth/testdata).`,
		Example: `  kata dev stress --runs 10
  kata dev stress --exercise hashset --runs 5 --quiet-only`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return stressRun(cmd.Context(), o) },
	}
	f := cmd.Flags()
	f.IntVar(&o.runs, "runs", 5, "runs of each variant in each mode")
	f.StringArrayVar(&o.exercises, "exercise", nil, "only this exercise (repeatable)")
	cmd.RegisterFlagCompletionFunc("exercise", completeExerciseFlag)
	f.BoolVar(&o.quietOnly, "quiet-only", false, "skip the runs with other gradings alongside")
	f.BoolVar(&o.loadedOnly, "loaded-only", false, "skip the runs on a quiet machine")
	cmd.MarkFlagsMutuallyExclusive("quiet-only", "loaded-only")
	f.IntVar(&o.alongside, "alongside", 2, "gradings alongside each loaded run")
	f.StringVar(&o.record, "record", "", "write each run's measurements here (JSON lines)")
	return cmd
}

func stressRun(ctx context.Context, o *stressOptions) error {
	if o.runs < 1 {
		return usageErr("--runs must be at least 1")
	}
	root, err := findKit(o.streams.Dir)
	if err != nil {
		return err
	}
	kit := layout.Kit{Root: root}
	exercises := exercise.All()
	if len(o.exercises) > 0 {
		exercises = nil
		for _, name := range o.exercises {
			e, err := lookup(name)
			if err != nil {
				return err
			}
			exercises = append(exercises, e)
		}
	}
	variants, err := stress.Variants(kit, exercises)
	if err != nil {
		return err
	}
	if o.alongside < 1 && !o.quietOnly {
		return usageErr("--alongside must be at least 1 (or use --quiet-only)")
	}
	opts := stress.Options{Kit: kit, Runs: o.runs, Progress: o.streams.Err, LoadedOnly: o.loadedOnly}
	if !o.quietOnly {
		opts.Alongside = o.alongside
	}
	if o.record != "" {
		f, err := os.Create(o.record)
		if err != nil {
			return usageErr("cannot write --record: %v", err)
		}
		defer f.Close()
		opts.Record = f
	}
	tallies, err := stress.Run(ctx, opts, variants)
	if err != nil {
		return err
	}
	if ff, miss := stress.Print(o.streams.Out, tallies); ff+miss > 0 {
		return &exitError{code: exitNotAccepted}
	}
	return nil
}
