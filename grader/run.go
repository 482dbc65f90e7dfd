package grader

import (
	"context"
	"crypto/rand"
	"fmt"
	"go/ast"
	gobuild "go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"kata/grader/internal/build"
	"kata/grader/internal/catalog"
	"kata/grader/internal/crash"
	"kata/grader/internal/growth"
	"kata/grader/internal/hints"
	"kata/grader/internal/record"
	"kata/grader/internal/sandbox"
	"kata/grader/result"
	"kata/grader/verdict"
)

// child is one run of the test program.
type child struct {
	prog  program
	out   *sandbox.Outcome
	log   *record.Log
	nonce string
	tests []string
	// raceLog is the path prefix of the race detector's log files, for a program built with it.
	raceLog string
}

// start runs test program p once on tests, the tests its mode takes before the test until (all
// of them when until is ""), tracing every call of the test trace when it is set, and reads its
// record.
func start(ctx context.Context, r Request, p program, work string, tests []string, until, trace string) (*child, error) {
	runDir, err := os.MkdirTemp(work, "run-")
	if err != nil {
		return nil, &KitError{Msg: err.Error()}
	}
	recPath := filepath.Join(runDir, "record")
	tmp := filepath.Join(runDir, "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		return nil, &KitError{Msg: err.Error()}
	}
	n, key := nonce(), make([]byte, record.KeySize)
	rand.Read(key)
	env := append(childEnv(tmp), record.Config{
		Record: recPath, Nonce: n, Sealed: true, Seed: r.Seed, Verify: r.Verify, Trace: trace, PerfOnly: p.mode.PerfOnly,
		NoPerf: p.mode.NoPerf, Until: until, Memory: r.Limits.Memory, OpLimit: r.Limits.OpLimit, Wall: r.Limits.Wall,
		Cache: userCache(),
	}.Environ()...)
	raceLog := ""
	if p.race {
		raceLog = filepath.Join(runDir, "race")
		env = append(env, raceOptions(raceLog))
	}
	out, err := sandbox.Run(ctx, sandbox.Command{Path: p.binary, Env: env, Dir: tmp, Stdin: key}, sandbox.Limits{
		Wall:   r.Limits.Wall,
		Memory: addressSpace(r.Limits.Memory, p.race),
		Output: r.Limits.Output,
	})
	if err != nil {
		return nil, &KitError{Msg: "cannot start the test program: " + err.Error()}
	}
	log, err := record.ReadFile(recPath, key)
	if err != nil {
		return nil, &KitError{Msg: "cannot read the test record: " + err.Error()}
	}
	return &child{prog: p, out: out, log: log, nonce: n, tests: tests, raceLog: raceLog}, nil
}

// addressSpace is the operating system's hard limit for a run whose graded code may use memory
// bytes. A Go program reserves about 1.2 GiB of address space before it allocates anything (on
// 64-bit Linux), so the hard limit sits 2 GiB above the watchdog's (the graded code's limit plus
// the judge's own record.JudgeMemory): far enough that the watchdog, which can say which test and
// call were to blame, speaks first, and low enough that the machine never runs out of memory
// because of a submission.
//
// Under Go's race detector (race) the detector's shadow memory takes about five times the
// address space the program's own memory does, though little of it is ever touched: the limit
// then grows by RaceShadow times the watchdog's, so that the watchdog still speaks first.
func addressSpace(memory uint64, race bool) uint64 {
	if memory == 0 {
		return 0
	}
	if race {
		return (memory+record.JudgeMemory)*RaceShadow + 2<<30
	}
	return memory + record.JudgeMemory + 2<<30
}

// RaceShadow is how many times the watchdog's memory limit a run under the race detector may
// reserve in address space: measured, 4.6 times the Go runtime's memory plus 1 GiB.
const RaceShadow = 6

// userCache is the user's cache folder, or "" when there is none.
func userCache() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return dir
}

// childEnv is the environment of the test program: only what a Go program needs, with its
// temporary files kept in the run's scratch folder.
func childEnv(tmp string) []string {
	env := []string{"TMPDIR=" + tmp, "TMP=" + tmp, "TEMP=" + tmp, "HOME=" + tmp, "GOTRACEBACK=single"}
	for _, k := range []string{"PATH", "LANG", "SYSTEMROOT", "GOMAXPROCS"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// runTests runs the hidden tests, program after program while a later one can still change the
// verdict, and fills res from their records: one verdict, from the test that failed first in the
// suite's order.
func runTests(ctx context.Context, r Request, suite *catalog.Suite, progs []program, work string, res *result.Result) error {
	var runs []*child
	for _, p := range progs {
		p, tests, until := unsettled(suite, runs, p)
		if !beyondProbe(tests) {
			break
		}
		c, err := start(ctx, r, p, work, tests, until, "")
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		runs = append(runs, c)
		res.Notes = append(res.Notes, c.out.Notes...)
	}
	res.Output = output(runs, r)
	fillTests(res, planned(suite, progs), runs)
	for i := range res.Tests {
		res.Tests[i].Message = mapped(res.Tests[i].Message, r) // as the verdict's message is
	}
	// The last run's record holds the growth judgements: the performance tests' program's, or
	// the one that says why they did not run.
	res.Complexity = complexity(r, runs[len(runs)-1].log, suite)
	c := decisive(suite, runs)
	if missing := c.log.Incomplete(c.nonce, c.tests); missing != "" {
		return judgeIncomplete(ctx, r, work, res, c, missing)
	}
	if err := judgeComplete(r, res, c); err != nil {
		return err
	}
	if h := buildsDiffer(runs, c, r.Dir); h != "" && res.Hint != "" {
		res.Hint = h + ". " + res.Hint
	} else if h != "" {
		res.Hint = h
	}
	return nil
}

// buildsDiffer says why the race detector's build passed the test that failed in run c, when c
// is the plain build's run and the detector's run took that test and passed it, on the same seed.
// When the package in dir can be other code in the two builds (buildsCanDiffer), that is the
// likely cause; otherwise the failure depends on how the test's goroutines interleave, which
// differs from run to run. It is "" when the builds did not split so.
func buildsDiffer(runs []*child, c *child, dir string) string {
	if c.prog.race {
		return ""
	}
	failed := ""
	for _, name := range c.tests {
		if testOf(c, name).Status == result.Fail {
			failed = name
			break
		}
	}
	for _, o := range runs {
		if !o.prog.race || failed == "" || !slices.Contains(o.tests, failed) || testOf(o, failed).Status != result.Pass {
			continue
		}
		if buildsCanDiffer(dir) {
			return failed + " passed in the test program built with Go's race detector and failed in the one " +
				"built without it: your package is other code in the two builds (a file with //go:build !race, " +
				"or code that reads its own build settings), and both must be right"
		}
		return failed + " passed in one run and failed in another, on the same seed: the failure shows only in " +
			"some interleavings of the goroutines, so run it again and it may pass, but it is there"
	}
	return ""
}

// buildsCanDiffer reports whether the package in dir can be other code with and without the race
// detector: its files differ between the two builds (a build constraint on race), or it imports
// runtime/debug, whose ReadBuildInfo tells the builds apart. A package that cannot be read is
// taken to differ.
func buildsCanDiffer(dir string) bool {
	withRace := gobuild.Default
	withRace.BuildTags = append(slices.Clone(withRace.BuildTags), "race")
	plain, err := gobuild.Default.ImportDir(dir, 0)
	if err != nil {
		return true
	}
	raced, err := withRace.ImportDir(dir, 0)
	if err != nil {
		return true
	}
	return !slices.Equal(plain.GoFiles, raced.GoFiles) || slices.Contains(plain.Imports, "runtime/debug") ||
		slices.Contains(raced.Imports, "runtime/debug")
}

// fillTests lists every test named with how it ended in the first run that took it and failed
// it, or else in the first run that took it; tests no run took did not run because an earlier
// test failed, and tests a record does not account for are skipped, with the reason.
func fillTests(res *result.Result, names []string, runs []*child) {
	res.Tests = res.Tests[:0]
	for _, name := range names {
		i := slices.IndexFunc(runs, func(c *child) bool {
			return slices.Contains(c.tests, name) && testOf(c, name).Status == result.Fail
		})
		if i < 0 {
			i = slices.IndexFunc(runs, func(c *child) bool { return slices.Contains(c.tests, name) })
		}
		if i < 0 {
			res.Tests = append(res.Tests, result.Test{Name: name, Status: result.Skip, Message: "not run: an earlier test failed"})
			continue
		}
		res.Tests = append(res.Tests, testOf(runs[i], name))
	}
}

// testOf is how test name ended in run c.
func testOf(c *child, name string) result.Test {
	t := result.Test{Name: name, Status: result.Skip, Message: "not run: the test process ended early"}
	if e, ok := c.log.Ends()[name]; ok {
		t.Status, t.Message = e.Status, e.Message
		t.CPUMS = float64(e.Elapsed.Microseconds()) / 1000
		if e.Failure != nil {
			t.Message = e.Failure.Message
		}
	} else if name == c.log.Running() {
		t.Status, t.Message = result.Fail, "the test process died during this test"
	}
	return t
}

// complexity lists each measured operation's growth as judged, with its points; operations the
// run did not reach are listed with their expected cost only, and why: an earlier test failed,
// or the performance test that measures them stopped before judging them.
func complexity(r Request, log *record.Log, suite *catalog.Suite) []result.Complexity {
	points := map[string][]result.Point{}
	for _, p := range log.Points() {
		key := p.Op + "/" + p.Axis
		points[key] = append(points[key], p.Point)
	}
	judged := log.Judgements()
	out := []result.Complexity{}
	for _, op := range r.Exercise.Ops {
		found := false
		for _, j := range judged {
			if j.Op != op.Name {
				continue
			}
			found = true
			c := result.Complexity{Judgement: j.Judgement, Points: points[j.Op+"/"+j.Axis]}
			if !c.Status.Failed() { // right, or measured but not judged: the reason says which
				c.Hint = c.Reason
			}
			out = append(out, c)
		}
		if !found {
			why, reason := "not measured: an earlier test failed", ""
			if t := stoppedIn(log, suite); t != "" {
				why = "not judged: the run stopped in " + t + ", which measures the costs, before it judged this one"
				reason = why
			}
			if r.Verify {
				why, reason = "not measured: kata verify checks references on reference-free tests only", ""
			}
			out = append(out, result.Complexity{Judgement: result.Judgement{Op: op.Name, Expected: growth.Class(op.Expected),
				Hint: why, Reason: reason}})
		}
	}
	return out
}

// stoppedIn is the performance test the run stopped in, by a failure or a crash, or "" when it
// stopped in another test or did not stop.
func stoppedIn(log *record.Log, suite *catalog.Suite) string {
	name := log.Running()
	if name == "" {
		for _, e := range log.Events {
			if e.Kind == record.End && e.Status == result.Fail {
				name = e.Test
				break
			}
		}
	}
	for _, t := range suite.Tests {
		if t.Name == name && t.Kind == catalog.Performance {
			return name
		}
	}
	return ""
}

// judgeComplete reads the verdict off a complete record: the first failed test decides.
func judgeComplete(r Request, res *result.Result, c *child) error {
	for _, e := range c.log.Events {
		if e.Kind != record.End || e.Status != result.Fail || e.Failure == nil {
			continue
		}
		f := e.Failure
		if f.Internal {
			who := "the hidden test " + e.Test
			if r.Verify {
				who = "the reference " + build.Display(r.Base, r.Dir)
			}
			return &KitError{Msg: fmt.Sprintf("%s misbehaved (seed %d): %s", who, r.Seed, mapped(f.Message, r))}
		}
		v, err := verdict.Parse(string(f.Verdict))
		if err != nil {
			return &KitError{Msg: "the test record holds " + err.Error()}
		}
		setFailure(res, r, e.Test, v, f)
		return nil
	}
	res.Verdict = verdict.Accepted
	res.Message = fmt.Sprintf("all %d hidden tests passed", len(res.Tests))
	return nil
}

// setFailure fills res from the failure that decided the verdict.
func setFailure(res *result.Result, r Request, test string, v verdict.Verdict, f *record.Failure) {
	res.Verdict = v
	res.Test = test
	res.Message = mapped(f.Message, r)
	res.Details = mapped(f.Details, r)
	res.Op = f.Op
	res.Hint = f.Hint
	res.Methods = f.Methods
	res.Case = f.Case
	if f.Panic != "" {
		res.Panic = &result.Panic{Value: f.Panic, Frames: learnerFrames(f.Stack, r)}
	}
	if res.Hint == hints.NegativeMod && !hasRemainder(r.Dir) {
		res.Hint = hints.NegativeIndex
	}
}

// hasRemainder reports whether the Go files of the package in dir use the % operator, which the
// hint about a negative key % n blames: a package without one indexes with the key some other
// way. A file that does not parse counts as having one, so that the hint is kept.
func hasRemainder(dir string) bool {
	files, err := build.Files(dir)
	if err != nil {
		return true
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if !strings.HasSuffix(name, ".go") {
			continue // assembly, embedded data
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return true
		}
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				found = found || n.Op == token.REM
			case *ast.AssignStmt:
				found = found || n.Tok == token.REM_ASSIGN
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// learnerFrames keeps the graded package's frames of a panic's stack, innermost first.
func learnerFrames(stack string, r Request) []string {
	c := crash.Analyze(mapped(stack, r), 0, "", build.LearnerImport(r.Exercise.Name))
	return c.Frames
}

// mapped rewrites the virtual build paths in text to the graded package's real folder.
func mapped(text string, r Request) string {
	virtual := build.VirtualDir(r.Root, r.Exercise.Name)
	return build.MapPaths(text, r.Root, r.Base, map[string]string{
		filepath.Join(virtual, "learner"):   r.Dir,
		filepath.Join(virtual, "reference"): filepath.Join(r.Solutions, r.Exercise.Name),
	})
}

// A message is one line a person reads first (the contract's words), of at most maxMessage
// bytes: headMessage from its start, with the call it names, and tailMessage from its end, with
// what the call returned. A call's arguments alone can be 64 KiB long.
const (
	maxMessage  = 600
	headMessage = 400
	tailMessage = 150
)

// oneLine makes text a message: its lines joined by "; ", and its middle left out when it is
// longer than maxMessage.
func oneLine(text string) string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	text = strings.Join(lines, "; ")
	if len(text) <= maxMessage {
		return text
	}
	head, tail := headMessage, len(text)-tailMessage
	for !utf8.RuneStart(text[head]) {
		head--
	}
	for !utf8.RuneStart(text[tail]) {
		tail++
	}
	return fmt.Sprintf("%s … (%d bytes left out) … %s", text[:head], tail-head, text[tail:])
}

// judgeIncomplete decides the verdict of a run whose record is incomplete: the watchdog's abort,
// the wall-clock limit, or a crash. It never accepts.
func judgeIncomplete(ctx context.Context, r Request, work string, res *result.Result, c *child, missing string) error {
	running := c.log.Running()
	if abort, ok := c.log.Find(record.Abort); ok && abort.Failure != nil {
		v, err := verdict.Parse(string(abort.Failure.Verdict))
		if err != nil {
			v = verdict.RuntimeError
		}
		setFailure(res, r, abort.Test, v, abort.Failure)
		return nil
	}
	if c.out.TimedOut {
		res.Verdict = verdict.TimeLimitExceeded
		res.Test = running
		res.Message = fmt.Sprintf("the hidden tests ran past the wall-clock limit of %s", r.Limits.Wall)
		if running != "" {
			res.Message += " during test " + running
		}
		return nil
	}
	if c.log.Foreign > 0 {
		// Lines the harness did not sign: the graded code wrote into the record, and whatever
		// the record lacks may be what it overwrote.
		if len(c.log.Events) == 0 {
			missing = "none of its lines is the harness's"
		}
		res.Test, res.Verdict = running, verdict.RuntimeError
		res.Message = fmt.Sprintf("the judge's record of the run holds %d line(s) its harness did not write: "+
			"the graded code wrote into the judge's files, and the run cannot be judged (%s)", c.log.Foreign, missing)
		return nil
	}
	stderr := mapped(c.out.Stderr.String()+raceLogs(c.raceLog), r)
	cr := crash.Analyze(stderr, c.out.ExitCode, c.out.Signal, build.LearnerImport(r.Exercise.Name))
	if cr.Kind == crash.RaceDetector {
		// The detector's own failure says nothing right or wrong of the graded code: no verdict.
		return &KitError{Msg: fmt.Sprintf("cannot grade %s (seed %d) under Go's race detector, in hidden test %q: %s; "+
			"a run under the detector may reserve %.1f GiB of address space", build.Display(r.Base, r.Dir), r.Seed,
			running, cr.Reason, float64(addressSpace(r.Limits.Memory, true))/(1<<30))}
	}
	res.Test = running
	res.Verdict = verdict.RuntimeError
	if cr.Kind == crash.OutOfMemory || cr.Kind == crash.Signal && c.out.Signal.Killed() {
		res.Verdict = verdict.MemoryLimitExceeded
	}
	res.Message = cr.Reason
	if cr.Value != "" {
		res.Panic = &result.Panic{Value: cr.Value, Frames: cr.Frames}
	}
	switch {
	case len(c.log.Events) == 0 || c.log.Events[0].Kind != record.Hello:
		res.Message = cr.Reason + " (before the first hidden test: in an init function?)"
	case running != "":
		res.Message += " (hidden test " + running + ")"
		if op := traceOp(ctx, r, c.prog, work, running); op != "" {
			res.Op = op
			res.Message = strings.TrimSuffix(res.Message, ")") + ", during " + op + ")"
		}
	default:
		res.Message += " (" + missing + ")"
	}
	return nil
}

// traceOp runs one test again in program p with every call traced and returns the call during
// which the process died, or "" if the replay did not die the same way.
func traceOp(ctx context.Context, r Request, p program, work, test string) string {
	c, err := start(ctx, r, p, work, []string{test}, "", test)
	if err != nil || c.log.Incomplete(c.nonce, []string{test}) == "" {
		return ""
	}
	last := ""
	for _, e := range c.log.Events {
		if e.Kind == record.Trace && e.Op != "" {
			last = fmt.Sprintf("%s (operation %d)", e.Op, e.Index)
		}
	}
	return last
}

// output keeps what the graded code printed in the runs, when it printed anything.
func output(runs []*child, r Request) *result.Output {
	var o result.Output
	for _, c := range runs {
		out := c.out
		o.Stdout += mapped(out.Stdout.String(), r)
		o.Stderr += mapped(out.Stderr.String(), r)
		o.Bytes += out.Stdout.Total() + out.Stderr.Total()
		o.Truncated = o.Truncated || out.Stdout.Truncated() || out.Stderr.Truncated()
	}
	if o.Bytes == 0 {
		return nil
	}
	return &o
}
