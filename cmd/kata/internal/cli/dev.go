package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"

	"github.com/spf13/cobra"

	"kata/grader/exercise"
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
	dev.AddCommand(newStress(s), newSpin())
	return dev
}

// stressOptions are kata dev stress's flags.
type stressOptions struct {
	streams   *Streams
	runs      int
	exercises []string
	quietOnly bool
}

func newStress(s *Streams) *cobra.Command {
	o := &stressOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "stress",
		Short: "Measure how reliable the growth verdicts are",
		Long: `Run the performance tests of each reference and of the growth variants under
grader/testdata many times, first on a quiet machine and then with another
process keeping one core busy, and count the false flags (a right-growth variant
under accepted/ called too slow) and the misses (a variant under
time_limit_exceeded/ whose name starts with growth- accepted). Both counts
should be zero.

It prints one line per variant and mode as it goes, then the table and the
totals. It takes minutes: every variant is built once and measured --runs times
per mode.`,
		Example: `  kata dev stress --runs 10
  kata dev stress --exercise hashset --runs 5 --quiet-only`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return stressRun(cmd.Context(), o) },
	}
	f := cmd.Flags()
	f.IntVar(&o.runs, "runs", 5, "runs of each variant in each mode")
	f.StringArrayVar(&o.exercises, "exercise", nil, "only this exercise (repeatable)")
	cmd.RegisterFlagCompletionFunc("exercise", completeExerciseFlag)
	f.BoolVar(&o.quietOnly, "quiet-only", false, "skip the runs with a busy core")
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
	variants, err := stress.Variants(root, exercises)
	if err != nil {
		return err
	}
	opts := stress.Options{Root: root, Runs: o.runs, Progress: o.streams.Err}
	if !o.quietOnly {
		opts.Load = busyCore
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

// busyCore starts another kata process that keeps one core busy, and returns how to stop it.
func busyCore() (func(), error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, "dev", "spin")
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return func() {
		cmd.Process.Kill()
		cmd.Wait()
	}, nil
}

// newSpin builds kata dev spin, the busy process of kata dev stress: it spins on one core
// until it is killed.
func newSpin() *cobra.Command {
	return &cobra.Command{
		Use:    "spin",
		Short:  "Keep one core busy until killed (the load of kata dev stress)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			x := uint64(1)
			for {
				x = x*6364136223846793005 + 1442695040888963407
				if x == 0 {
					fmt.Println(x) // never: keeps the loop from being optimised away
				}
			}
		},
	}
}
