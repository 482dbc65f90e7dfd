package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"kata/grader"
	"kata/grader/exercise"
	"kata/grader/layout"
	"kata/grader/report"
	"kata/grader/result"
	"kata/grader/verdict"
)

// verifyOptions are kata verify's flags.
type verifyOptions struct {
	streams     *Streams
	json        bool
	seed        string
	verbose     bool
	solutions   string
	submissions string
}

func newVerify(s *Streams) *cobra.Command {
	o := &verifyOptions{streams: s}
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Check the reference solutions, and submissions with known verdicts",
		Long: `Grade every reference solution on its own terms: the hidden tests that do
not depend on a reference (the fixed examples and edge cases, and the property
tests: uniform GetRandom, no false negatives, false-positive rates, the sizing
formulas) and the kit's rules. A reference that fails is named with its failing
case, and is never used to grade anyone. Every line should say accepted.

With --solutions, check another tree of references (an instructor's own).

With --submissions DIR, also grade every package in
DIR/<exercise>/<verdict>/<name>/ against the references and report each whose
verdict differs from the folder it sits in, with a table of how many of each
kind were caught (the layout of Kattis problem packages; grader/testdata holds
the kit's own).`,
		Example: `  kata verify
  kata verify --solutions ~/course/solutions
  kata verify --submissions ~/course/submissions
  kata verify --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return verifyRun(cmd.Context(), o) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print one JSON document on stdout, nothing else")
	f.StringVar(&o.seed, "seed", "", "replay the randomized tests with seed `N`")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "list every hidden test")
	f.StringVar(&o.solutions, "solutions", "", "check the references in `DIR` instead of solutions/")
	f.StringVar(&o.submissions, "submissions", "", "also grade the submissions in `DIR` (see above)")
	return cmd
}

// verifyDocument is kata verify's --json document: the contract's results, one per reference,
// and the submissions when --submissions was given.
type verifyDocument struct {
	Results     []*result.Result `json:"results"`
	Submissions []submissionLine `json:"submissions,omitempty"`
}

// submissionLine is one submission's outcome in --json.
type submissionLine struct {
	Exercise string          `json:"exercise"`
	Name     string          `json:"name"`
	Dir      string          `json:"dir"`
	Expected verdict.Verdict `json:"expected"`
	Verdict  verdict.Verdict `json:"verdict,omitempty"`
	OK       bool            `json:"ok"`
	Message  string          `json:"message"`
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
	solutions, err := solutionsFolder(root, o.streams.Dir, o.solutions)
	if err != nil {
		return err
	}
	var subs []grader.Submission
	if o.submissions != "" {
		if subs, err = grader.Submissions(resolve(o.streams.Dir, o.submissions)); err != nil {
			return usageErr("--submissions: %v", err)
		}
	}
	var reqs []grader.Request
	for _, e := range exercise.All() {
		reqs = append(reqs, grader.Request{
			Root: root, Exercise: e, Dir: filepath.Join(solutions, e.Name), Base: o.streams.Dir,
			Solutions: solutions, Seed: seed, Verify: true, Strict: true, Reuse: true,
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
	replay := "kata verify --seed " + formatSeed(seed)
	if o.solutions != "" {
		replay += " --solutions " + quoteArg(o.solutions)
	}
	wrong := map[string]bool{} // exercises whose reference is wrong
	for _, r := range results {
		r.Replay = replay
		wrong[r.Exercise] = !r.Accepted()
	}
	var outcomes []grader.Outcome
	if len(subs) > 0 {
		var usable []grader.Submission
		for _, s := range subs {
			if !wrong[s.Exercise.Name] {
				usable = append(usable, s)
			}
		}
		var bar *spinner
		if !o.json {
			bar = startSpinner(o.streams, []string{fmt.Sprintf("%d submissions", len(usable))})
		}
		done := 0
		outcomes = grader.JudgeSubmissions(ctx, o.streams.judge, o.streams.Dir, root, solutions, usable, seed, grader.DefaultLimits, 0,
			func(grader.Outcome) {
				done++
				bar.stage(fmt.Sprintf("%d submissions", len(usable)), fmt.Sprintf("%d graded", done))
			})
		bar.stop()
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	failed := false
	for _, r := range results {
		failed = failed || !r.Accepted()
	}
	for _, out := range outcomes {
		failed = failed || !out.OK()
	}
	if o.json {
		doc := verifyDocument{Results: results}
		for _, out := range outcomes {
			doc.Submissions = append(doc.Submissions, lineOf(out))
		}
		enc := json.NewEncoder(o.streams.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			return err
		}
	} else {
		opts := report.Options{Color: o.streams.colorOn(), Verbose: o.verbose, NoCost: true}
		writeVerify(o.streams.Out, results, outcomes, subs, wrong, opts)
	}
	if failed {
		return &exitError{code: exitNotAccepted}
	}
	return nil
}

// solutionsFolder is the references' folder: the kit's solutions/, or --solutions.
func solutionsFolder(root, wd, flag string) (string, error) {
	if flag == "" {
		return layout.Kit{Root: root}.Solutions(), nil
	}
	dir := resolve(wd, flag)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return "", usageErr("--solutions %s is not a folder", flag)
	}
	return dir, nil
}

// lineOf turns a submission's outcome into its --json line.
func lineOf(out grader.Outcome) submissionLine {
	l := submissionLine{Exercise: out.Submission.Exercise.Name, Name: out.Submission.Name,
		Dir: out.Submission.Dir, Expected: out.Submission.Expected, OK: out.OK()}
	if out.Err != nil {
		l.Message = out.Err.Error()
	} else {
		l.Verdict, l.Message = out.Result.Verdict, out.Result.Message
	}
	return l
}

// writeVerify writes the references' results, then the submissions' table and mismatches.
func writeVerify(w io.Writer, results []*result.Result, outcomes []grader.Outcome, subs []grader.Submission,
	wrong map[string]bool, opts report.Options) {
	p := report.NewPalette(opts.Color)
	for i, r := range results {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if !r.Accepted() {
			fmt.Fprintln(w, p.Bad.Sprint(r.Package+" is wrong: ")+r.Message)
		}
		report.Human(w, r, opts)
	}
	fmt.Fprintln(w)
	report.Summary(w, results, opts)
	if len(subs) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n", p.Bold.Sprintf("Submissions: %d", len(subs)))
	writeCaught(w, outcomes, subs, wrong, p)
	for _, out := range outcomes {
		if out.OK() {
			continue
		}
		got := "kit error: " + oneLine(fmt.Sprint(out.Err))
		if out.Err == nil {
			got = fmt.Sprintf("%s: %s", out.Result.Verdict, out.Result.Message)
		}
		fmt.Fprintf(w, "  %s %s\n%s\n", p.Bad.Sprint("✗"), out.Submission.Dir,
			report.Wrap(fmt.Sprintf("want %s, got %s", out.Submission.Expected, got), 74, "    "))
	}
}

// writeCaught prints, per exercise and expected verdict, how many submissions got it.
func writeCaught(w io.Writer, outcomes []grader.Outcome, subs []grader.Submission, wrong map[string]bool, p report.Palette) {
	type key struct{ exercise, verdict string }
	caught, total := map[key]int{}, map[key]int{}
	for _, s := range subs {
		total[key{s.Exercise.Name, string(s.Expected)}]++
	}
	for _, out := range outcomes {
		if out.OK() {
			caught[key{out.Submission.Exercise.Name, string(out.Submission.Expected)}]++
		}
	}
	for _, e := range exercise.All() {
		var cells []string
		for _, v := range verdict.All {
			k := key{e.Name, string(v)}
			if total[k] == 0 {
				continue
			}
			cell := fmt.Sprintf("%s %d/%d", v, caught[k], total[k])
			if caught[k] < total[k] {
				cell = p.Bad.Sprint(cell)
			}
			cells = append(cells, cell)
		}
		if len(cells) == 0 {
			continue
		}
		if wrong[e.Name] {
			fmt.Fprintf(w, "  %-14s %s\n", e.Name, p.Bad.Sprintf("not graded: solutions/%s is wrong", e.Name))
			continue
		}
		fmt.Fprintf(w, "  %-14s %s\n", e.Name, strings.TrimPrefix(report.Wrap(strings.Join(cells, " · "), 62, "                 "), "                 "))
	}
}
