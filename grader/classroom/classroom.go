// Package classroom grades a whole class: many students' copies of the kit, each judged on the
// chosen exercises by grader.Judge (or Class.Judge), on a pool of workers.
//
// # Students
//
// Each ROOT is one student's work: either a copy of the kit, with the exercise packages at
// ROOT/exercises/NAME, or a folder holding the packages directly at ROOT/NAME. A ROOT that has
// an exercises folder is read as a copy of the kit; any other as a folder of packages. A
// student's name is the ROOT's base name; when two ROOTs share a base name, the one whose
// absolute path sorts first keeps it and the others become NAME-2, NAME-3, ... in that order, so
// the names do not depend on the order of the ROOTs on the command line. Students are listed
// by name.
//
// # Failures are the student's, a broken kit is nobody's
//
// A missing folder, or a folder the judge cannot take (a *grader.UsageError: no Go files, say),
// is that student's failure for that exercise: a compile_error row with the reason. The judge
// contains what a hostile package does (endless loops, crashes, floods of output), so one copy
// never stops the others; and since a machine busy judging many copies at once can make an
// honest operation look slow, a submission failed only because an operation grew too fast is
// judged again, alone, before its verdict is kept. A reference that is broken is no student's fault: before
// anyone is graded, each exercise's reference is verified on its own terms
// (grader.VerifyReference), and an exercise whose reference fails, or for which the judge
// reports a *grader.KitError at any point, is refused: no student is graded on it, and the refusal says why, once.
//
// # Seeds
//
// Every submission is judged with its own seed, derived from the run's seed, the student's name
// and the exercise (see SubmissionSeed). The same run seed reproduces every verdict, and one
// row replays alone with kata run NAME --impl DIR --seed S.
//
// # Shards
//
// A class can be split over N machines: shard i of N grades a contiguous block of the students
// in name order (see Shard). Every shard must be given the same ROOTs and the same seed.
package classroom

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"kata/grader"
	"kata/grader/exercise"
	"kata/grader/internal/build"
	"kata/grader/layout"
	"kata/grader/result"
	"kata/grader/verdict"
	"kata/internal/parallel"
)

// Class is what to grade, and how.
type Class struct {
	Root      string               // the kit's root (holding go.mod)
	Base      string               // the folder messages show paths relative to (see grader.Request)
	Solutions string               // the folder of reference packages; Root/solutions when empty
	Students  []Student            // the students to grade, in order
	Exercises []*exercise.Exercise // the exercises to grade, in order
	Seed      uint64               // the run's seed, from which each submission's is derived
	Limits    grader.Limits        // limits of every run; grader.DefaultLimits when zero
	Jobs      int                  // submissions judged at once; runtime.NumCPU() when 0 or less
	// Progress, if set, is told of every judged package. It is called from one goroutine at a
	// time.
	Progress func(Progress)
	// Judge grades each package, the references included; grader.Judge when nil. Tests give a
	// fake one.
	Judge grader.JudgeFunc
}

// Progress is how far a grading run has come.
type Progress struct {
	Done, Total int
	// Student and Exercise name the package just judged. Student is empty for an exercise's
	// reference, which is checked before any student is graded.
	Student, Exercise string
}

// Row is one student's grade for one exercise.
type Row struct {
	Student  string
	Exercise string
	Dir      string         // the graded package's folder, under the student's ROOT as given
	Result   *result.Result // the judge's answer; Result.Seed is the submission's seed
}

// Refusal is an exercise nobody was graded on, because the kit cannot judge it.
type Refusal struct {
	Exercise string `json:"exercise"`
	Reason   string `json:"reason"`
}

// Outcome is a graded class.
type Outcome struct {
	// Rows holds one row per student and graded exercise: students in class order, each with
	// the exercises in order. A refused exercise has no rows.
	Rows    []Row
	Refused []Refusal // in the exercises' order
}

// Grade judges every student on every exercise of c. Its only error is the context's, when the
// run was interrupted; everything else that goes wrong is in a row or a refusal.
func Grade(ctx context.Context, c Class) (*Outcome, error) {
	if c.Solutions == "" {
		c.Solutions = layout.Kit{Root: c.Root}.Solutions()
	}
	if c.Jobs <= 0 {
		c.Jobs = runtime.NumCPU()
	}
	if c.Judge == nil {
		c.Judge = grader.Judge
	}
	g := &grading{c: c, refused: map[string]string{},
		total: len(c.Exercises) * (1 + len(c.Students))}

	refs := make([]job, len(c.Exercises))
	for i, e := range c.Exercises {
		refs[i] = job{exercise: e}
	}
	g.run(ctx, refs, g.checkReference)
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	var subs []job
	for _, s := range c.Students {
		for _, e := range c.Exercises {
			subs = append(subs, job{student: s.Name, exercise: e, dir: s.path(e), shown: s.Dir(e)})
		}
	}
	rows := make([]Row, len(subs))
	g.run(ctx, subs, func(ctx context.Context, i int, j job) {
		if res := g.judge(ctx, j); res != nil {
			rows[i] = Row{Student: j.student, Exercise: j.exercise.Name, Dir: j.shown, Result: res}
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	// Growth is measured against the reference in the same process, yet a machine busy with
	// other submissions can still make an honest operation look slow: a submission failed only
	// on growth is judged again, alone, with the same seed, and the second verdict stands.
	var again []int
	for i, r := range rows {
		if r.Result != nil && slowGrowth(r.Result) {
			again = append(again, i)
		}
	}
	g.total += len(again)
	g.c.Jobs = 1
	g.run(ctx, subsetOf(subs, again), func(ctx context.Context, k int, j job) {
		if res := g.judge(ctx, j); res != nil {
			rows[again[k]].Result = res
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	out := &Outcome{Rows: []Row{}, Refused: []Refusal{}}
	for _, e := range c.Exercises {
		if reason, ok := g.refused[e.Name]; ok {
			out.Refused = append(out.Refused, Refusal{Exercise: e.Name, Reason: reason})
		}
	}
	for _, r := range rows {
		if _, ok := g.refused[r.Exercise]; !ok && r.Result != nil {
			out.Rows = append(out.Rows, r)
		}
	}
	return out, nil
}

// job is one package to judge.
type job struct {
	student  string // "" for a reference
	exercise *exercise.Exercise
	dir      string // the package's absolute path ("" for a reference)
	shown    string // the package's folder as the student's ROOT was given
}

// grading is the state of one run of Grade.
type grading struct {
	c       Class
	mu      sync.Mutex
	refused map[string]string // exercise -> why it is not graded
	done    int
	total   int
}

// run gives the jobs to c.Jobs workers, each calling do, until all are done or ctx ends.
func (g *grading) run(ctx context.Context, jobs []job, do func(ctx context.Context, i int, j job)) {
	parallel.Each(ctx, len(jobs), g.c.Jobs, func(i int) {
		do(ctx, i, jobs[i])
		g.report(jobs[i])
	})
}

// report counts a job as done and tells the progress callback.
func (g *grading) report(j job) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.done++
	if g.c.Progress != nil {
		g.c.Progress(Progress{Done: g.done, Total: g.total, Student: j.student, Exercise: j.exercise.Name})
	}
}

// refuse records that exercise cannot be graded, keeping the first reason given.
func (g *grading) refuse(exercise, reason string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.refused[exercise]; !ok {
		g.refused[exercise] = reason
	}
}

func (g *grading) isRefused(exercise string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	_, ok := g.refused[exercise]
	return ok
}

// checkReference verifies an exercise's reference on its own terms, and refuses the exercise
// unless it passes.
func (g *grading) checkReference(ctx context.Context, _ int, j job) {
	if _, err := grader.VerifyReference(ctx, g.c.Judge, g.c.Base, g.c.Root, g.c.Solutions, j.exercise, g.c.Seed); err != nil && ctx.Err() == nil {
		g.refuse(j.exercise.Name, err.Error())
	}
}

// judge grades one submission. It returns nil when there is no row to keep: the exercise is
// refused, or the run was interrupted.
func (g *grading) judge(ctx context.Context, j job) (res *result.Result) {
	if g.isRefused(j.exercise.Name) || ctx.Err() != nil {
		return nil
	}
	seed := SubmissionSeed(g.c.Seed, j.student, j.exercise.Name)
	defer func() {
		// A panic in the judge is the kit's bug, not this student's: it must not end the run.
		if p := recover(); p != nil {
			g.refuse(j.exercise.Name, fmt.Sprintf("the judge crashed on %s's package (seed %d): %v", j.student, seed, p))
			res = nil
		}
	}()
	res, err := g.c.Judge(ctx, grader.Request{
		Root: g.c.Root, Exercise: j.exercise, Dir: j.dir, Base: g.c.Base, Solutions: g.c.Solutions,
		Seed: seed, Limits: g.c.Limits,
	})
	var usage *grader.UsageError
	var kit *grader.KitError
	switch {
	case ctx.Err() != nil:
		return nil
	case errors.As(err, &usage):
		return &result.Result{
			Exercise: j.exercise.Name, Verdict: verdict.CompileError, Seed: seed,
			Message: usage.Msg, Package: build.Display(g.c.Base, j.dir),
			Tests: []result.Test{}, Complexity: []result.Complexity{},
		}
	case errors.As(err, &kit):
		g.refuse(j.exercise.Name, fmt.Sprintf("%s (while grading %s)", kit.Msg, j.student))
		return nil
	case err != nil:
		g.refuse(j.exercise.Name, err.Error())
		return nil
	}
	return res
}

// slowGrowth reports whether a submission failed only because an operation grew faster than
// expected.
func slowGrowth(r *result.Result) bool {
	if r.Verdict != verdict.TimeLimitExceeded {
		return false
	}
	for _, c := range r.Complexity {
		if c.Status.Failed() {
			return true
		}
	}
	return false
}

// subsetOf returns the jobs at the indices.
func subsetOf(jobs []job, indices []int) []job {
	out := make([]job, len(indices))
	for k, i := range indices {
		out[k] = jobs[i]
	}
	return out
}
