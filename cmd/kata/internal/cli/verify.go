package cli

import (
	"context"
	"path/filepath"

	"github.com/spf13/cobra"

	"kata/grader"
	"kata/grader/exercise"
)

// verifyOptions are kata verify's flags.
type verifyOptions struct {
	streams *Streams
	json    bool
	seed    string
	noColor bool
	verbose bool
}

func newVerify(s *Streams) *cobra.Command {
	o := &verifyOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Check every reference solution (for instructors)",
		Long: `Grade every reference solution in solutions/ on the hidden tests that do not
depend on a reference: the fixed examples and edge cases, and the property
tests (uniform GetRandom, no false negatives, false-positive rates, the sizing
formulas). The kit's rules are checked too. Every line should say accepted.`,
		Example: `  kata verify
  kata verify --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return verifyRun(cmd.Context(), o) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print one JSON document on stdout, nothing else")
	f.StringVar(&o.seed, "seed", "", "replay the randomized tests with seed `N`")
	f.BoolVar(&o.noColor, "no-color", false, "no colours (also NO_COLOR, and when stdout is not a terminal)")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list every hidden test")
	return cmd
}

func verifyRun(ctx context.Context, o *verifyOptions) error {
	seed, err := parseSeed(o.seed)
	if err != nil {
		return err
	}
	root, err := findKit(o.streams.Dir)
	if err != nil {
		return err
	}
	solutions := filepath.Join(root, "solutions")
	var reqs []grader.Request
	for _, e := range exercise.All() {
		reqs = append(reqs, grader.Request{
			Root: root, Exercise: e, Dir: filepath.Join(solutions, e.Name), Solutions: solutions,
			Seed: seed, Verify: true, Strict: true,
		})
	}
	var sp *spinner
	if !o.json {
		sp = startSpinner(o.streams, exercise.Names())
	}
	results, err := judgeAll(ctx, o.streams, reqs, sp)
	sp.stop()
	if err != nil {
		return err
	}
	for _, r := range results {
		r.Replay = "kata verify --seed " + formatSeed(seed)
	}
	return printResults(o.streams, results, false, o.json, o.noColor, o.verbose)
}
