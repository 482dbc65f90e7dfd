package cli

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"kata/grader"
	"kata/grader/classroom"
	"kata/grader/exercise"
	"kata/grader/gradebook"
	"kata/grader/layout"
)

// gradeOptions are kata grade's flags and arguments.
type gradeOptions struct {
	streams   *Streams
	args      []string // the ROOTs, or with --merge the shards' folders
	exercises []string
	out       string
	seed      string
	shard     string
	weights   []string
	jobs      int
	solutions string
	json      bool
	merge     bool
}

// gradeOnly are the flags that choose what to grade, which --merge does not take.
var gradeOnly = []string{"exercise", "seed", "shard", "weight", "jobs", "solutions"}

// newGrade is kata grade: grade many students' copies of the kit, or join shards' gradebooks.
func newGrade(s *Streams) *cobra.Command {
	o := &gradeOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "grade ROOT...",
		Short: "Grade a whole class and write a gradebook (for instructors)",
		Long: `Grade many students' work at once and write a gradebook.

Each ROOT is one student's copy of the kit (packages in ROOT/exercises/NAME),
or a folder holding the exercise packages (ROOT/NAME). The student's name is
the ROOT's folder name. Every student is graded on every exercise, or on those
named with --exercise, --jobs at a time. A missing or broken package is that
student's failure; an exercise whose reference solution is broken is graded
for nobody, and kata says why.

The gradebook in --out: grades.html (open it in a browser), grades.csv,
grades.json, junit.xml, and gradescope/STUDENT/results.json for Gradescope.
Each exercise is worth 100 points times its weight: 70 for correctness and
30 for performance.

Every submission gets its own seed, derived from --seed: the same --seed
grades the same way again, and each row's replay command reruns one
submission.

--shard i/N grades the i-th of N blocks of the students, in name order, so
that N machines share a class: give each the same ROOTs and --seed, then
join their gradebooks with kata grade --merge. In GitHub Actions (exit
status 1 only says that some submission was not accepted):

  jobs:
    grade:
      strategy:
        fail-fast: false
        matrix: {shard: [1, 2, 3, 4]}
      runs-on: ubuntu-latest
      steps:
        - uses: actions/checkout@v4
        - uses: actions/setup-go@v5
          with: {go-version-file: go.mod}
        - run: >-
            go run ./cmd/kata grade class/* --seed 20260901
            --shard ${{ matrix.shard }}/4 --out shard-${{ matrix.shard }}
            || [ $? -eq 1 ]
        - uses: actions/upload-artifact@v4
          with:
            name: shard-${{ matrix.shard }}
            path: shard-${{ matrix.shard }}
    merge:
      needs: grade
      runs-on: ubuntu-latest
      steps:
        - uses: actions/checkout@v4
        - uses: actions/setup-go@v5
          with: {go-version-file: go.mod}
        - uses: actions/download-artifact@v4
          with: {pattern: shard-*}
        - run: >-
            go run ./cmd/kata grade --merge shard-* --out book
            || [ $? -eq 1 ]
        - uses: actions/upload-artifact@v4
          with: {name: gradebook, path: book}

Exit status: 0 when every submission is accepted, 1 when some is not, 2 for
a usage error or when an exercise could not be graded.`,
		Example: `  kata grade class/*                          # every student, every exercise
  kata grade class/* --exercise skiplist --exercise trie --out week3
  kata grade class/* --weight skiplist=2 --seed 42
  kata grade class/* --seed 42 --shard 2/4 --out shard-2
  kata grade --merge shard-1 shard-2 shard-3 shard-4 --out gradebook`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.args = args
			if o.merge {
				for _, name := range gradeOnly {
					if cmd.Flags().Changed(name) {
						return usageErr("--merge takes no --%s: the shards' own settings are kept", name)
					}
				}
				return mergeRun(o)
			}
			return gradeRun(cmd.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.exercises, "exercise", nil, "grade only exercise `NAME` (repeat for more; default all)")
	cmd.RegisterFlagCompletionFunc("exercise", completeExerciseFlag)
	f.StringVar(&o.out, "out", "grades", "write the gradebook into `DIR`")
	f.StringVar(&o.seed, "seed", "", "grade with seed `N`, to grade the same way again")
	f.StringVar(&o.shard, "shard", "", "grade only shard `i/N` of the students (needs --seed)")
	f.StringArrayVar(&o.weights, "weight", nil, "weigh an exercise: `NAME=W` (repeat for more; default 1)")
	f.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "judge `N` submissions at once")
	f.StringVar(&o.solutions, "solutions", "", "judge against the references in `DIR` (default solutions/)")
	f.BoolVar(&o.json, "json", false, "print grades.json on stdout, nothing else")
	f.BoolVar(&o.merge, "merge", false, "join the gradebooks in the DIRs (the shards' --out)")
	return cmd
}

func gradeRun(ctx context.Context, o *gradeOptions) error {
	s := o.streams
	if len(o.args) == 0 {
		return usageErr("which students? kata grade ROOT... (each a copy of the kit, or a folder of exercise packages)")
	}
	if o.jobs < 1 {
		return usageErr("bad --jobs %d: want 1 or more", o.jobs)
	}
	var shard classroom.Shard
	if o.shard != "" {
		var err error
		if shard, err = classroom.ParseShard(o.shard); err != nil {
			return usageErr("%v", err)
		}
		if o.seed == "" {
			return usageErr("--shard needs --seed N: every shard must grade with the same seed")
		}
	}
	seed, err := parseSeed(o.seed)
	if err != nil {
		return err
	}
	exercises, err := chosenExercises(o.exercises)
	if err != nil {
		return err
	}
	weights, err := parseWeights(o.weights, exercises)
	if err != nil {
		return err
	}
	root, err := findKit(s.Dir)
	if err != nil {
		return err
	}
	solutions := layout.Kit{Root: root}.Solutions()
	if o.solutions != "" {
		solutions = resolve(s.Dir, o.solutions)
		if info, err := os.Stat(solutions); err != nil || !info.IsDir() {
			return usageErr("--solutions %s is not a folder", o.solutions)
		}
	}
	students, err := classroom.Students(s.Dir, o.args)
	if err != nil {
		return usageErr("%v", err)
	}
	if o.shard != "" {
		students = shard.Of(students)
	}
	digest, err := classroom.KitDigest(root, solutions, exercises)
	if err != nil {
		return &grader.KitError{Msg: "cannot read the kit: " + err.Error()}
	}

	class := classroom.Class{
		Root: root, Base: o.streams.Dir, Solutions: solutions, Students: students, Exercises: exercises,
		Seed: seed, Limits: grader.DefaultLimits, Jobs: o.jobs, Judge: s.judge,
	}
	var bar *progressBar
	if s.animate() && !o.json {
		bar = &progressBar{w: s.Err, start: time.Now()}
		class.Progress = bar.update
	}
	start := time.Now()
	outcome, err := classroom.Grade(ctx, class)
	if bar != nil {
		bar.clear()
	}
	if err != nil {
		return err
	}
	for _, r := range outcome.Rows {
		r.Result.Replay = gradeReplay(r, o.solutions)
	}
	kit := gradebook.Kit{Digest: digest, Solutions: o.solutions, Limits: gradebook.LimitsOf(class.Limits)}
	if kit.Solutions == "" {
		kit.Solutions = "solutions"
	}
	opts := gradebook.Options{Kit: kit, Weights: weights}
	if o.shard != "" {
		opts.Shard = shard.String()
	}
	book := gradebook.New(class, outcome, opts)
	what := fmt.Sprintf("graded %s × %s in %s with seed %d", nounCount(len(students), "student"),
		nounCount(len(exercises)-len(outcome.Refused), "exercise"), time.Since(start).Round(time.Second), seed)
	if o.shard != "" {
		what += ", shard " + shard.String()
	}
	return publish(o, book, what)
}

// mergeRun joins shards' gradebooks.
func mergeRun(o *gradeOptions) error {
	if len(o.args) == 0 {
		return usageErr("which gradebooks? kata grade --merge DIR... (the shards' --out folders)")
	}
	books := make([]*gradebook.Book, len(o.args))
	for i, dir := range o.args {
		b, err := gradebook.Read(resolve(o.streams.Dir, dir))
		if err != nil {
			return usageErr("%v", err)
		}
		books[i] = b
	}
	book, err := gradebook.Merge(books, o.args)
	if err != nil {
		return usageErr("%v", err)
	}
	return publish(o, book, fmt.Sprintf("merged %s with seed %d", nounCount(len(books), "gradebook"), book.Seed))
}

// publish writes the gradebook and reports it: grades.json on stdout with --json, otherwise the
// summary table and what was written where; refusals on stderr. It returns the error that sets
// the exit status.
func publish(o *gradeOptions, book *gradebook.Book, what string) error {
	s := o.streams
	out := resolve(s.Dir, o.out)
	if err := book.Write(out); err != nil {
		return &grader.KitError{Msg: "cannot write the gradebook: " + err.Error()}
	}
	if o.json {
		if err := book.WriteJSON(s.Out); err != nil {
			return err
		}
	} else {
		book.WriteSummary(s.Out, s.colorOn())
		accepted := 0
		for _, r := range book.Grades {
			if r.Verdict.IsAccepted() {
				accepted++
			}
		}
		fmt.Fprintf(s.Out, "\n%s: %d of %d accepted\n", what, accepted, len(book.Grades))
		fmt.Fprintf(s.Out, "gradebook in %s:\n  %s  %s  %s  %s  %s/\n", o.out, gradebook.HTMLFile,
			gradebook.CSVFile, gradebook.JSONFile, gradebook.JUnitFile, gradebook.GradescopeDir)
	}
	for _, r := range book.Refused {
		fmt.Fprintf(s.Err, "kata: not grading %s: %s\n", r.Exercise, oneLine(r.Reason))
	}
	switch {
	case len(book.Refused) > 0:
		return &exitError{code: exitUsage}
	case !book.Accepted():
		return &exitError{code: exitNotAccepted}
	}
	return nil
}

// chosenExercises looks up --exercise names, in practice-list order; all exercises when none
// is named.
func chosenExercises(names []string) ([]*exercise.Exercise, error) {
	if len(names) == 0 {
		return exercise.All(), nil
	}
	chosen := map[string]bool{}
	for _, n := range names {
		e, err := exercise.Lookup(n)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		chosen[e.Name] = true
	}
	var out []*exercise.Exercise
	for _, e := range exercise.All() {
		if chosen[e.Name] {
			out = append(out, e)
		}
	}
	return out, nil
}

// parseWeights reads --weight NAME=W flags for the chosen exercises.
func parseWeights(flags []string, exercises []*exercise.Exercise) (map[string]float64, error) {
	weights := map[string]float64{}
	for _, f := range flags {
		name, value, ok := strings.Cut(f, "=")
		if !ok {
			return nil, usageErr("bad --weight %q: want NAME=W, as in skiplist=2", f)
		}
		e, err := exercise.Lookup(name)
		if err != nil {
			return nil, usageErr("bad --weight %q: %v", f, err)
		}
		if !slices.Contains(exercises, e) {
			return nil, usageErr("--weight %s: %s is not being graded", f, e.Name)
		}
		w, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || w <= 0 || math.IsInf(w, 0) {
			return nil, usageErr("bad --weight %q: want a number above 0", f)
		}
		if _, dup := weights[e.Name]; dup {
			return nil, usageErr("--weight for %s is given twice", e.Name)
		}
		weights[e.Name] = w
	}
	return weights, nil
}

// gradeReplay is the command that replays one row: the student's package with the row's seed.
func gradeReplay(r classroom.Row, solutions string) string {
	cmd := fmt.Sprintf("kata run %s --impl %s --seed %d", r.Exercise, quoteArg(r.Dir), r.Result.Seed)
	if solutions != "" {
		cmd += " --solutions " + quoteArg(solutions)
	}
	return cmd
}

// nounCount is n with its noun: "1 student", "4 students".
func nounCount(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// progressBar draws one line on a terminal: a bar, how many are done, what was judged last and
// the time left.
type progressBar struct {
	w     io.Writer
	start time.Time
}

func (p *progressBar) update(pr classroom.Progress) {
	const width = 20
	filled := width * pr.Done / max(1, pr.Total)
	what := pr.Student + "/" + pr.Exercise
	if pr.Student == "" {
		what = "reference " + pr.Exercise
	}
	left := ""
	if pr.Done > 0 && pr.Done < pr.Total {
		elapsed := time.Since(p.start)
		left = fmt.Sprintf(" ~%s left", (elapsed / time.Duration(pr.Done) * time.Duration(pr.Total-pr.Done)).Round(time.Second))
	}
	line := fmt.Sprintf("%s%s %d/%d%s  %s", strings.Repeat("█", filled), strings.Repeat("░", width-filled),
		pr.Done, pr.Total, left, what)
	if r := []rune(line); len(r) > termWidth-1 {
		line = string(r[:termWidth-2]) + "…"
	}
	fmt.Fprint(p.w, "\r\033[K"+line)
}

// clear removes the bar.
func (p *progressBar) clear() { fmt.Fprint(p.w, "\r\033[K") }
