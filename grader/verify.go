package grader

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"kata/grader/exercise"
	"kata/grader/internal/build"
	"kata/grader/result"
)

// JudgeFunc grades a package as Judge does. The commands that grade many packages take one, so
// that their tests can give them a fake judge instead of building and running every package.
type JudgeFunc func(context.Context, Request) (*result.Result, error)

// VerifyReference checks the reference of e in the solutions folder on its own terms: the
// hidden tests that do not depend on a reference (the fixed examples and edge cases, the
// property tests) and the exercise's rules. It returns the result, and a *KitError saying
// "solutions/X is wrong: ..." with the failing case when the reference is not accepted, so that
// nobody is graded against it. It grades with judge, or with Judge when judge is nil.
func VerifyReference(ctx context.Context, judge JudgeFunc, base, root, solutions string, e *exercise.Exercise, seed uint64) (*result.Result, error) {
	if judge == nil {
		judge = Judge
	}
	dir := filepath.Join(solutions, e.Name)
	res, err := judge(ctx, Request{
		Root: root, Exercise: e, Dir: dir, Base: base, Solutions: solutions, Seed: seed,
		Verify: true, Strict: true, Reuse: true,
	})
	if err != nil {
		if ke, ok := err.(*KitError); ok {
			return nil, &KitError{Msg: fmt.Sprintf("%s is wrong: %s", build.Display(base, dir), ke.Msg)}
		}
		return nil, err
	}
	if !res.Accepted() {
		return res, &KitError{Msg: WrongReference(res)}
	}
	return res, nil
}

// WrongReference says why a reference's verification failed, in one paragraph: its verdict, its
// message and its failing call.
func WrongReference(res *result.Result) string {
	msg := fmt.Sprintf("%s is wrong (%s): %s", res.Package, res.Verdict.Words(), res.Message)
	if res.Test != "" {
		msg += " [hidden test " + res.Test + "]"
	}
	if res.Case != nil && res.Case.Code != "" {
		msg += "\n" + strings.TrimRight(res.Case.Code, "\n")
	}
	return msg
}
