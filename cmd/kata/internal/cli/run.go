package cli

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"kata/cmd/kata/internal/progress"
	"kata/grader"
	"kata/grader/exercise"
	"kata/grader/report"
	"kata/grader/result"
	"kata/grader/verdict"
	"kata/internal/parallel"
)

// runOptions are kata run's flags and arguments.
type runOptions struct {
	streams *Streams
	name    string
	all     bool
	impl    string
	json    bool
	seed    string
	verbose bool
	// solutions is --solutions: another tree of references, checked before use.
	solutions string
}

func newRun(s *Streams) *cobra.Command {
	o := &runOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "run [NAME]",
		Short: "Grade an exercise and print the verdict",
		Long: `Grade your package exercises/NAME against the hidden tests and print the
verdict.

NAME is the exercise's short name or its slug (kata list shows both). The
judge builds your package with the hidden tests in a separate process; nothing
in your folder is changed. When it is wrong, kata prints the smallest failing
case as a Go test you can paste, the expected and actual results, and the seed
that replays the run.`,
		Example: `  kata run hashset
  kata run design-skiplist --seed 42     # replay a run exactly
  kata run trie --impl ~/my-trie         # grade a package in another folder
  kata run --all --json > results.json`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeExercises,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.name = args[0]
			}
			return runRun(cmd.Context(), o)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.all, "all", false, "grade every exercise")
	f.StringVar(&o.impl, "impl", "", "grade the package in `DIR` instead of exercises/NAME")
	f.BoolVar(&o.json, "json", false, "print one JSON document on stdout, nothing else")
	f.StringVar(&o.seed, "seed", "", "replay the randomized tests with seed `N`")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list every hidden test and everything your code printed")
	f.StringVar(&o.solutions, "solutions", "", "judge against the references in `DIR`, checked first")
	return cmd
}

func runRun(ctx context.Context, o *runOptions) error {
	switch {
	case o.all && o.name != "":
		return usageErr("give an exercise name or --all, not both")
	case !o.all && o.name == "":
		return usageErr("which exercise? kata run NAME (kata list shows them), or kata run --all")
	case o.all && o.impl != "":
		return usageErr("--impl grades one package: name its exercise, kata run NAME --impl DIR")
	}
	seed, err := parseSeed(o.seed)
	if err != nil {
		return err
	}
	k, err := openKit(o.streams)
	if err != nil {
		return err
	}
	var exercises []*exercise.Exercise
	if o.all {
		exercises = exercise.All()
	} else {
		e, err := lookup(o.name)
		if err != nil {
			return err
		}
		exercises = []*exercise.Exercise{e}
	}
	solutions, err := solutionsFolder(k.Root, o.streams.Dir, o.solutions)
	if err != nil {
		return err
	}
	if o.solutions != "" {
		// Another tree of references is proven on its own terms before anyone is graded
		// against it: a wrong one would mark every learner wrong.
		for _, e := range exercises {
			if _, err := grader.VerifyReference(ctx, o.streams.judge, o.streams.Dir, k.Root, solutions, e, seed); err != nil {
				return err
			}
		}
	}
	reqs := make([]grader.Request, len(exercises))
	for i, e := range exercises {
		dir := k.Exercise(e.Name)
		if o.impl != "" {
			dir = o.impl
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(o.streams.Dir, dir)
			}
		}
		reqs[i] = grader.Request{
			Root: k.Root, Exercise: e, Dir: dir, Base: o.streams.Dir, Solutions: solutions,
			Seed: seed, Reuse: true,
		}
	}
	var sp *spinner
	if !o.json {
		sp = startSpinner(o.streams, exerciseNames(exercises))
	}
	results, err := judgeAll(ctx, o.streams, reqs, sp)
	sp.stop()
	if err != nil {
		return err
	}
	for _, r := range results {
		r.Replay = replay(r, o, seed)
	}
	var solved []string // exercises this run solved for the first time
	var st *progress.State
	if o.impl == "" {
		st = k.update("this attempt", func(st *progress.State) {
			for _, r := range results {
				if st.Attempt(r.Exercise, r.Verdict, o.streams.now()) {
					solved = append(solved, r.Exercise)
				}
			}
		})
	}
	err = printResults(o.streams, results, !o.all, o.json, o.verbose)
	if st != nil && !o.json && (len(solved) > 0 || o.all) {
		p := report.NewPalette(o.streams.colorOn())
		fmt.Fprintln(o.streams.Out)
		for _, name := range solved {
			fmt.Fprintln(o.streams.Out, p.Good.Sprintf("%s %s solved!", report.Mark(verdict.Accepted), name))
		}
		fmt.Fprintln(o.streams.Out, progressLine(st, p))
	}
	return err
}

// exerciseNames returns the exercises' short names.
func exerciseNames(exercises []*exercise.Exercise) []string {
	names := make([]string, len(exercises))
	for i, e := range exercises {
		names[i] = e.Name
	}
	return names
}

// replay is the command that replays a result exactly.
func replay(r *result.Result, o *runOptions, seed uint64) string {
	cmd := "kata run " + r.Exercise
	if o.impl != "" {
		cmd += " --impl " + quoteArg(o.impl)
	}
	if o.solutions != "" {
		cmd += " --solutions " + quoteArg(o.solutions)
	}
	return cmd + " --seed " + strconv.FormatUint(seed, 10)
}

func quoteArg(s string) string {
	if strings.ContainsAny(s, " \t'\"$`\\") {
		return strconv.Quote(s)
	}
	return s
}

// parseSeed reads --seed, or draws a fresh seed when it is empty.
func parseSeed(s string) (uint64, error) {
	if s == "" {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return 1, nil
		}
		return binary.LittleEndian.Uint64(b[:])%999_999_999 + 1, nil
	}
	seed, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, usageErr("bad --seed %q: want a whole number from 0 to %d", s, uint64(1<<64-1))
	}
	return seed, nil
}

// judgeAll judges the requests, as many at once as there are cores, and returns their results in
// order, telling the spinner what the judge is doing. A usage or kit error stops everything.
func judgeAll(ctx context.Context, s *Streams, reqs []grader.Request, sp *spinner) ([]*result.Result, error) {
	results := make([]*result.Result, len(reqs))
	errs := make([]error, len(reqs))
	parallel.Each(ctx, len(reqs), runtime.NumCPU(), func(i int) {
		r := reqs[i]
		r.Stage = func(stage grader.Stage) { sp.stage(r.Exercise.Name, string(stage)) }
		results[i], errs[i] = s.judge(ctx, r)
		sp.finish(r.Exercise.Name)
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// printResults writes the results, human or JSON, and returns the error that sets the exit
// status: nil when all were accepted.
func printResults(s *Streams, results []*result.Result, single, asJSON, verbose bool) error {
	if asJSON {
		if err := report.JSON(s.Out, results, single); err != nil {
			return err
		}
	} else {
		opts := report.Options{Color: s.colorOn(), Verbose: verbose}
		for i, r := range results {
			if i > 0 {
				fmt.Fprintln(s.Out)
			}
			report.Human(s.Out, r, opts)
		}
		if len(results) > 1 {
			fmt.Fprintln(s.Out)
			report.Summary(s.Out, results, opts)
		}
	}
	for _, r := range results {
		if !r.Accepted() {
			return &exitError{code: exitNotAccepted}
		}
	}
	return nil
}
