package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"kata/cmd/kata/internal/progress"
	"kata/cmd/kata/internal/watch"
	"kata/grader"
	"kata/grader/exercise"
	"kata/grader/report"
	"kata/grader/verdict"
)

// watchOptions are kata watch's flags and argument.
type watchOptions struct {
	streams *Streams
	name    string
	seed    string
	verbose bool
	quiet   time.Duration // how long a folder stays quiet after a save before grading
}

func newWatch(s *Streams) *cobra.Command {
	o := &watchOptions{streams: s, quiet: watch.DefaultQuiet}
	cmd := &cobra.Command{
		Use:   "watch [NAME]",
		Short: "Grade an exercise again each time you save it",
		Long: `Grade exercises/NAME now, then again each time you save a Go file in its
folder, and show the verdict on a clean screen. Saves that come in a burst are
graded once; a save while grading is graded once more right after. Each run
counts as an attempt.

Once the exercise is accepted, press Enter to go on to the next unsolved one.
Without NAME, kata watch starts at the next unsolved exercise. Ctrl-C stops
watching.`,
		Example: `  kata watch            # the next exercise you have not solved
  kata watch hashset
  kata watch trie --seed 42`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeExercises,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.name = args[0]
			}
			return watchRun(cmd.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.seed, "seed", "", "grade every run with seed `N` (a fresh seed each run otherwise)")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list every hidden test and everything your code printed")
	return cmd
}

func watchRun(ctx context.Context, o *watchOptions) error {
	if o.seed != "" {
		if _, err := parseSeed(o.seed); err != nil {
			return err
		}
	}
	k, err := openKit(o.streams)
	if err != nil {
		return err
	}
	var e *exercise.Exercise
	if o.name != "" {
		if e, err = lookup(o.name); err != nil {
			return err
		}
	} else {
		next := k.progress().Next(exercise.Names())
		if next == "" {
			return usageErr("every exercise is solved: name one to watch, kata watch NAME")
		}
		e, _ = exercise.Lookup(next)
	}
	var enter <-chan struct{}
	if o.streams.InTerminal {
		enter = enterPresses(o.streams.In)
	}
	for e != nil && ctx.Err() == nil {
		if e, err = watchExercise(ctx, k, o, e, enter); err != nil {
			return err
		}
	}
	return nil
}

// watchExercise grades e each time it is saved, until ctx is done or the learner, once it is
// accepted, presses Enter to go on; it then returns the exercise to go on to.
func watchExercise(ctx context.Context, k *kit, o *watchOptions, e *exercise.Exercise, enter <-chan struct{}) (*exercise.Exercise, error) {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	var mu sync.Mutex
	var offered, chosen *exercise.Exercise // the next exercise, once e is accepted
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-enter:
				mu.Lock()
				chosen = offered
				mu.Unlock()
				if chosen != nil {
					stop()
					return
				}
			}
		}
	}()
	runs := 0
	dir := k.Exercise(e.Name)
	err := watch.Watch(ctx, watch.Config{
		Dir: dir, Match: watch.GoSource, Quiet: o.quiet,
		Run: func(ctx context.Context) {
			runs++
			next := watchGrade(ctx, k, o, e, runs, enter != nil)
			mu.Lock()
			offered = next
			mu.Unlock()
		},
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, kitErr("cannot watch %s: it does not exist (kata reset %s brings the stub back)", k.display(dir), e.Name)
	}
	if err != nil {
		return nil, kitErr("cannot watch %s: %v", k.display(dir), err)
	}
	mu.Lock()
	defer mu.Unlock()
	return chosen, nil
}

// watchGrade grades e, records the attempt and shows the verdict on a clean screen. When e is
// accepted and another exercise is unsolved, it offers that one when the learner can answer
// (interactive) and returns it.
func watchGrade(ctx context.Context, k *kit, o *watchOptions, e *exercise.Exercise, run int, interactive bool) *exercise.Exercise {
	s := o.streams
	seed, _ := parseSeed(o.seed)
	sp := startSpinner(s, []string{e.Name})
	res, err := s.judge(ctx, grader.Request{
		Root: k.Root, Exercise: e, Dir: k.Exercise(e.Name), Base: s.Dir, Solutions: k.Solutions(),
		Seed: seed, Reuse: true, Stage: func(stage grader.Stage) { sp.stage(e.Name, string(stage)) },
	})
	sp.stop()
	if ctx.Err() != nil {
		return nil // stopped: the next screen, or the shell, comes next
	}
	color := s.colorOn()
	p := report.NewPalette(color)
	switch {
	case s.OutTerminal:
		fmt.Fprint(s.Out, "\x1b[H\x1b[2J") // a clean screen for each run
	case run > 1:
		fmt.Fprintln(s.Out) // a log, with a blank line between runs
	}
	fmt.Fprintln(s.Out, p.Dim.Sprintf("kata watch · %s · %s · run %d at %s", e.Name, e.Title, run, s.now().Format("15:04:05")))
	fmt.Fprintln(s.Out)
	footer := func() {
		fmt.Fprintf(s.Out, "\n%s\n", p.Dim.Sprintf("Watching %s: save a .go file to grade it again, Ctrl-C to stop.",
			k.displayDir(k.Exercise(e.Name))))
	}
	if err != nil {
		fmt.Fprintf(s.Err, "kata: %s\n", oneLine(err.Error()))
		footer()
		return nil
	}
	res.Replay = "kata run " + e.Name + " --seed " + formatSeed(seed)
	report.Human(s.Out, res, report.Options{Color: color, Verbose: o.verbose})
	st := k.update("this attempt", func(st *progress.State) { st.Attempt(e.Name, res.Verdict, s.now()) })
	if !res.Accepted() || st == nil {
		footer()
		return nil
	}
	fmt.Fprintln(s.Out)
	fmt.Fprintf(s.Out, "%s %s.\n", p.Good.Sprintf("%s %s solved!", report.Mark(verdict.Accepted), e.Name), solvedCount(st, p))
	next := st.Next(exercise.Names())
	switch {
	case next == "":
		footer()
		return nil
	case !interactive:
		fmt.Fprintf(s.Out, "Next: %s\n", p.Code.Sprint("kata watch "+next))
		footer()
		return nil
	}
	fmt.Fprintf(s.Out, "\nPress Enter to go on to %s, or Ctrl-C to stop.\n", p.Bold.Sprint(next))
	n, _ := exercise.Lookup(next)
	return n
}

// enterPresses sends a value each time a line is read from r, for as long as r gives lines.
func enterPresses(r io.Reader) <-chan struct{} {
	ch := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- struct{}{}
		}
	}()
	return ch
}
