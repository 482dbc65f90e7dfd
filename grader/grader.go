// Package grader is kata's judge. Judge builds a graded package with an exercise's reference
// solution and hidden tests, runs them in a child process under limits, and turns the judge's
// own record of what happened into exactly one verdict.
//
// The stages, each in its own package under grader/internal: rules (the type-checked package's
// API and rules), build (an overlay build that writes nothing into the graded folder), sandbox
// (the child process and its limits), the harness and suites that run inside the child, record
// (the child's account of the run), and crash (explaining a dead child from the runtime's last
// words). This package ties them together; it never imports the CLI, nor the harness or the
// suites: what it knows of the hidden tests it reads from grader/internal/catalog.
package grader

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"kata/grader/exercise"
	"kata/grader/internal/build"
	"kata/grader/internal/catalog"
	"kata/grader/internal/prune"
	"kata/grader/internal/record"
	"kata/grader/internal/rules"
	"kata/grader/result"
	"kata/grader/verdict"
)

// Request says what to judge.
type Request struct {
	Root     string             // the kit's root (holding go.mod)
	Exercise *exercise.Exercise // the exercise
	Dir      string             // the graded package's folder
	// Base is the folder that messages show paths relative to: the folder the user works in
	// (the CLI's working folder). Empty, paths are shown as given.
	Base      string
	Solutions string // the folder holding the reference packages (NAME/ each)
	Seed      uint64 // the run's seed; the same seed replays the same tests
	// Verify runs only the tests that do not depend on the reference, to check the reference
	// itself (kata verify).
	Verify bool
	// Strict treats a package with another name or API as a usage error rather than a
	// compile error: the graded folder is a reference solution (kata verify), so a wrong
	// package there means the kit cannot run, not that a learner made a mistake.
	Strict bool
	// PerfOnly runs only the probe and the performance tests (the stress command).
	PerfOnly bool
	// Reuse keeps the test program in the user's cache, one per graded folder, so that grading
	// a package again skips linking when nothing changed (kata run and watch). Off, the program
	// is built in the scratch folder and removed with it (grading a class).
	Reuse  bool
	Limits Limits
	// Stage, if set, is told what the judge is doing: Checking, Building, then Testing.
	Stage func(stage Stage)
}

// Stage is what the judge is doing, as a progress line says it: "checking".
type Stage string

// The stages of judging a package, in order.
const (
	// Checking type-checks the package against the exercise's API and rules.
	Checking Stage = "checking"
	// Building compiles the package with the reference and the hidden tests.
	Building Stage = "building"
	// Testing runs the hidden tests.
	Testing Stage = "testing"
)

// Limits bound a run of the hidden tests.
type Limits struct {
	Wall    time.Duration // wall-clock limit of the test process
	Memory  uint64        // memory the graded code may use, in bytes
	OpLimit time.Duration // longest a single call may run
	Output  int           // bytes of output kept from each of stdout and stderr
}

// DefaultLimits are the limits of a run unless told otherwise. The memory limit is 1 GiB: the
// largest hidden test holds a few hundred thousand values, for which every right solution needs
// tens of megabytes, and a learner's laptop must keep working. The judge's own data in the same
// process is not counted against it (see record.JudgeMemory).
var DefaultLimits = Limits{
	Wall:    60 * time.Second,
	Memory:  1 << 30,
	OpLimit: record.DefaultOpLimit,
	Output:  64 << 10,
}

// UsageError is a mistake in what was asked: a folder that does not exist, a package that is
// not the exercise. The CLI exits 2 with its message.
type UsageError struct{ Msg string }

// Error returns the message.
func (e *UsageError) Error() string { return e.Msg }

// KitError says the kit itself cannot judge: no Go toolchain, a reference that does not build
// or misbehaves. The CLI exits 2 with its message.
type KitError struct{ Msg string }

// Error returns the message.
func (e *KitError) Error() string { return e.Msg }

// Judge grades the package in r.Dir. The error is a *UsageError or a *KitError, or the context's
// error when interrupted; every verdict, even a crash of the graded code, is a Result.
func Judge(ctx context.Context, r Request) (*result.Result, error) {
	p, err := Prepare(ctx, r)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	return p.Run(ctx, r.Seed)
}

// Prepared is a graded package checked and built with its hidden tests, ready to run them, as
// many times as asked (the stress command runs one build many times).
type Prepared struct {
	r        Request
	suite    *catalog.Suite
	work     string
	programs []program      // the test programs, with their binaries once built
	static   *result.Result // the verdict when the package cannot run: compile error, broken rule
	started  time.Time
	goTmp    string // the go command's scratch folder
}

// Prepare checks the rules and builds the test program. Close removes what it made.
func Prepare(ctx context.Context, r Request) (*Prepared, error) {
	p := &Prepared{r: r, started: time.Now()}
	if p.r.Limits == (Limits{}) {
		p.r.Limits = DefaultLimits
	}
	suite, ok := catalog.For(r.Exercise.Name)
	if !ok {
		return nil, &KitError{Msg: fmt.Sprintf("no hidden tests for %s", r.Exercise.Name)}
	}
	p.suite = suite
	if err := checkFolder(r.Base, r.Dir, r.Exercise, r.Strict); err != nil {
		return nil, err
	}
	reference := filepath.Join(r.Solutions, r.Exercise.Name)
	if _, err := build.Files(reference); err != nil {
		return nil, &KitError{Msg: fmt.Sprintf("no reference solution for %s: %v", r.Exercise.Name, err)}
	}
	if _, err := exec.LookPath("go"); err != nil {
		return nil, &KitError{Msg: "no Go toolchain: the go command is not on PATH (install Go from https://go.dev/dl/)"}
	}
	work, err := os.MkdirTemp("", "kata-"+r.Exercise.Name+"-")
	if err != nil {
		return nil, &KitError{Msg: "cannot make a scratch folder: " + err.Error()}
	}
	p.work = work
	// The go command links the test program in its scratch folder and renames it into place,
	// which is atomic (a run of the previous program is not disturbed) only within one file
	// system: a reused program's scratch folder sits beside it.
	output := reusable(r, reference)
	goTmpParent := work
	if output != "" {
		goTmpParent = filepath.Dir(output)
	}
	goTmp, err := os.MkdirTemp(goTmpParent, "go-")
	if err != nil {
		p.Close()
		return nil, &KitError{Msg: "cannot make a scratch folder: " + err.Error()}
	}
	p.goTmp = goTmp

	stage(r, Checking)
	checked := make(chan checkOutcome, 1)
	go func() {
		rep, err := rules.Check(ctx, rules.Spec{Root: r.Root, Exercise: r.Exercise, Dir: r.Dir, Base: r.Base, GoTmp: goTmp})
		checked <- checkOutcome{rep, err}
	}()
	stage(r, Building)
	p.programs = programs(r, suite)
	built, buildErr := buildPrograms(ctx, build.Spec{
		Root: r.Root, Exercise: r.Exercise.Name, Learner: r.Dir, Base: r.Base, Reference: reference,
		Suite: catalog.Import(suite.Exercise), Binding: suite.Binding, Work: work, GoTmp: goTmp, Output: output,
	}, p.programs)
	check := <-checked
	if err := ctx.Err(); err != nil {
		p.Close()
		return nil, err
	}
	res := p.newResult(r.Seed)
	done, err := judgeStatic(p.r, res, check, built, buildErr)
	if err != nil {
		p.Close()
		return nil, err
	}
	if done {
		p.static = res
	}
	return p, nil
}

// reusable returns where to keep the test program between runs, or "" to build it in the
// scratch folder: when not asked to reuse it, and on Windows, where a running program cannot be
// replaced by the next build.
func reusable(r Request, reference string) string {
	if !r.Reuse || runtime.GOOS == "windows" {
		return ""
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	key := sha256.Sum256([]byte(abs(r.Root) + "\x00" + abs(r.Dir) + "\x00" + abs(reference)))
	cache := filepath.Join(dir, "kata")
	dir = filepath.Join(cache, r.Exercise.Name+"-"+hex.EncodeToString(key[:8]))
	if _, err := os.Stat(dir); err != nil {
		prune.Oldest(cache, MaxReused-1, true) // the least recently used go
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ""
	}
	now := time.Now()
	os.Chtimes(dir, now, now) // kept fresh, so pruning removes the least recently used
	return filepath.Join(dir, "kata-tests")
}

// MaxReused is how many test programs kata keeps in the user's cache: a learner's
// exercises and a few more folders graded with --impl.
const MaxReused = 16

func abs(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}

// newResult starts a result for a run with seed.
func (p *Prepared) newResult(seed uint64) *result.Result {
	return &result.Result{
		Exercise: p.r.Exercise.Name, Seed: seed, Package: build.Display(p.r.Base, p.r.Dir),
		Tests: []result.Test{}, Complexity: []result.Complexity{},
	}
}

// Run runs the hidden tests with seed and returns the verdict. A package that could not be
// built or broke a rule has its verdict already; Run returns it.
func (p *Prepared) Run(ctx context.Context, seed uint64) (*result.Result, error) {
	res := p.newResult(seed)
	defer func() {
		res.DurationMS = time.Since(p.started).Milliseconds()
		p.started = time.Now() // a second run counts from here
		res.Message = oneLine(res.Message)
		for i := range res.Tests {
			res.Tests[i].Message = oneLine(res.Tests[i].Message)
		}
	}()
	if p.static != nil {
		*res = *p.static
		res.Seed = seed
		return res, nil
	}
	r := p.r
	r.Seed = seed
	stage(r, Testing)
	if err := runTests(ctx, r, p.suite, p.programs, p.work, res); err != nil {
		return nil, err
	}
	return res, nil
}

// Close removes the scratch folders, with the test program unless it is reused.
func (p *Prepared) Close() error {
	if p.goTmp != "" {
		os.RemoveAll(p.goTmp)
	}
	if p.work == "" {
		return nil
	}
	return os.RemoveAll(p.work)
}

type checkOutcome struct {
	rep *rules.Report
	err error
}

func stage(r Request, s Stage) {
	if r.Stage != nil {
		r.Stage(s)
	}
}

// checkFolder makes sure dir is a folder holding a Go package, of the exercise's name when
// strict (a reference solution).
func checkFolder(base, dir string, e *exercise.Exercise, strict bool) error {
	info, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return &UsageError{Msg: fmt.Sprintf("%s does not exist", build.Display(base, dir))}
		}
		return &UsageError{Msg: err.Error()}
	}
	if !info.IsDir() {
		return &UsageError{Msg: fmt.Sprintf("%s is not a folder", build.Display(base, dir))}
	}
	files, err := build.Files(dir)
	if err != nil {
		return &UsageError{Msg: fmt.Sprintf("%s holds no Go package (no .go files besides tests)", build.Display(base, dir))}
	}
	if !strict {
		return nil
	}
	fset := token.NewFileSet()
	for _, f := range files {
		parsed, err := parser.ParseFile(fset, f, nil, parser.PackageClauseOnly)
		if err != nil {
			continue // the compiler will say it better
		}
		if name := parsed.Name.Name; name != e.Name {
			return &UsageError{Msg: fmt.Sprintf("%s holds package %s, not package %s: a reference solution keeps the exercise's package name",
				build.Display(base, dir), name, e.Name)}
		}
	}
	return nil
}

// judgeStatic turns the rules check and the build into a verdict when either failed. It
// reports done when the verdict is settled without running anything.
func judgeStatic(r Request, res *result.Result, check checkOutcome, built *build.Result, buildErr error) (bool, error) {
	if buildErr != nil {
		return true, &KitError{Msg: "cannot build: " + buildErr.Error()}
	}
	rep := check.rep
	switch {
	case rep != nil && len(rep.TypeErrors) > 0 && len(rep.Violations) > 0:
		// An import the exercise forbids, of a library the kit's module does not require, is why
		// the package does not build: the rule says what to change.
		ruleViolation(res, rep.Violations)
		return true, nil
	case built.Failed && built.InLearner || rep != nil && len(rep.TypeErrors) > 0:
		res.Verdict = verdict.CompileError
		locs := built.Errors
		if !built.Failed || !built.InLearner {
			locs = rep.TypeErrors
		}
		res.Errors = append(res.Errors, locs...)
		res.Message = fmt.Sprintf("the package does not build: %s", firstLine(res.Errors))
		return true, nil
	case rep != nil && len(rep.API) > 0:
		// Checked before the build's other failures: a package with another API makes the
		// generated test program fail to build, which is not the kit's fault.
		if r.Strict {
			return true, &UsageError{Msg: fmt.Sprintf("%s is not a %s package: %s",
				build.Display(r.Base, r.Dir), r.Exercise.Name, rep.API[0])}
		}
		res.Verdict = verdict.CompileError
		for _, p := range rep.API {
			res.Errors = append(res.Errors, result.Location{Message: p, Rule: result.API})
		}
		res.Message = "the package does not have the exercise's API: " + rep.API[0]
		return true, nil
	case built.Failed && rep != nil && len(rep.Violations) > 0:
		// A rule the package breaks can also break the link (a go:linkname into the kit): the
		// rule names the cause.
		ruleViolation(res, rep.Violations)
		return true, nil
	case built.Failed && learnersBuild(built, rep):
		res.Verdict = verdict.CompileError
		res.Errors = append(res.Errors, atLinknames(built.Errors, rep)...)
		res.Message = fmt.Sprintf("the package does not build: %s", firstLine(res.Errors))
		return true, nil
	case built.Failed:
		return true, &KitError{Msg: fmt.Sprintf("the reference solution or the hidden tests of %s do not build: %s",
			r.Exercise.Name, firstLine(built.Errors))}
	case check.err != nil:
		return true, &KitError{Msg: check.err.Error()}
	case len(rep.Violations) > 0:
		ruleViolation(res, rep.Violations)
		return true, nil
	}
	return false, nil
}

// ruleViolation makes res a rule_violation for the broken rules vs.
func ruleViolation(res *result.Result, vs []rules.Violation) {
	res.Verdict = verdict.RuleViolation
	res.Errors = append(res.Errors, vs...)
	res.Message = fmt.Sprintf("rule %s broken at %s", vs[0].Rule, vs[0])
}

// learnersBuild reports whether a failed build is the graded package's doing: the compiler or
// the linker names the package, or the package has go:linkname directives, which can make the
// link fail in other packages' names.
func learnersBuild(built *build.Result, rep *rules.Report) bool {
	return built.InLearner || built.NamesLearner || rep != nil && len(rep.Linknames) > 0
}

// atLinknames places the linker's messages, which have no position, at the graded package's
// go:linkname directive they name, or at its first one.
func atLinknames(locs []result.Location, rep *rules.Report) []result.Location {
	if rep == nil || len(rep.Linknames) == 0 {
		return locs
	}
	out := make([]result.Location, len(locs))
	for i, l := range locs {
		out[i] = l
		if l.File != "" {
			continue
		}
		at := rep.Linknames[0]
		for _, ln := range rep.Linknames {
			if strings.Contains(l.Message, ln.Target) {
				at = ln
				break
			}
		}
		out[i].File, out[i].Line, out[i].Column = at.File, at.Line, at.Column
	}
	return out
}

func firstLine(locs []result.Location) string {
	if len(locs) == 0 {
		return "see the compiler's output"
	}
	return locs[0].String()
}

// nonce returns a fresh random token for a run's record.
func nonce() string {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return fmt.Sprint(time.Now().UnixNano())
	}
	return hex.EncodeToString(b)
}
