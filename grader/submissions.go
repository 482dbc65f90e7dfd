package grader

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"

	"kata/grader/exercise"
	"kata/grader/result"
	"kata/grader/verdict"
	"kata/internal/parallel"
)

// Submission is a package in a Kattis-style tree of submissions whose expected verdict is the
// name of the folder it sits in: DIR/<exercise>/<verdict>/<name>/.
type Submission struct {
	Exercise *exercise.Exercise
	Expected verdict.Verdict
	Name     string
	Dir      string
}

// Submissions lists the submissions under root, in order. Folders that do not fit the layout
// are errors, so a typo in a verdict's name cannot hide a submission.
func Submissions(root string) ([]Submission, error) {
	var subs []Submission
	exercises, err := folders(root)
	if err != nil {
		return nil, err
	}
	for _, name := range exercises {
		e, err := exercise.Lookup(name)
		if err != nil || e.Name != name {
			return nil, fmt.Errorf("%s: not an exercise's folder", filepath.Join(root, name))
		}
		verdicts, err := folders(filepath.Join(root, name))
		if err != nil {
			return nil, err
		}
		for _, vName := range verdicts {
			v, err := verdict.Parse(vName)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", filepath.Join(root, name, vName), err)
			}
			packages, err := folders(filepath.Join(root, name, vName))
			if err != nil {
				return nil, err
			}
			for _, sName := range packages {
				subs = append(subs, Submission{Exercise: e, Expected: v, Name: sName,
					Dir: filepath.Join(root, name, vName, sName)})
			}
		}
	}
	sort.SliceStable(subs, func(i, j int) bool { return subs[i].Dir < subs[j].Dir })
	return subs, nil
}

// folders returns the names of the folders in dir, files left aside.
func folders(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// Outcome is how a submission fared against the verdict its folder names.
type Outcome struct {
	Submission Submission
	Result     *result.Result // nil when Err is set
	Err        error          // the judge could not take the submission (a usage or kit error)
}

// OK reports whether the submission got the verdict its folder names.
func (o Outcome) OK() bool { return o.Err == nil && o.Result.Verdict == o.Submission.Expected }

// JudgeSubmissions judges every submission against the references in solutions with judge (Judge
// when nil), workers at a time (0: one per core), and returns the outcomes in the submissions'
// order; once ctx is done no more submissions are judged. done, if set, is told of each outcome as
// it comes. This is how kata verify --submissions and the judge's own regression suite grade a
// Kattis-style tree.
func JudgeSubmissions(ctx context.Context, judge JudgeFunc, base, root, solutions string, subs []Submission, seed uint64,
	limits Limits, workers int, done func(Outcome)) []Outcome {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	out := make([]Outcome, len(subs))
	var mu sync.Mutex
	parallel.Each(ctx, len(subs), workers, func(i int) {
		out[i] = JudgeSubmission(ctx, judge, base, root, solutions, subs[i], seed, limits)
		if done != nil {
			mu.Lock()
			done(out[i])
			mu.Unlock()
		}
	})
	return out
}

// JudgeSubmission judges one submission against the references in solutions with judge (Judge
// when nil).
func JudgeSubmission(ctx context.Context, judge JudgeFunc, base, root, solutions string, s Submission, seed uint64, limits Limits) Outcome {
	if judge == nil {
		judge = Judge
	}
	res, err := judge(ctx, Request{Root: root, Exercise: s.Exercise, Dir: s.Dir, Base: base, Solutions: solutions,
		Seed: seed, Limits: limits})
	return Outcome{Submission: s, Result: res, Err: err}
}
