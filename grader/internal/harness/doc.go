// Package harness runs an exercise's hidden tests inside the child process the judge starts.
//
// The judge generates a main package that imports the learner's package, the reference solution
// and the exercise's suite (package suites/NAME), and calls Main. Main runs the suite's tests one
// by one and writes what happened to the judge's record (package record): never to stdout, which
// belongs to the learner's code.
//
// Index:
//   - Suite, Test, Kind, Probe (suite.go): what a suite declares.
//   - Main, Run, Config (main.go): the run loop and its configuration from the environment.
//   - T (t.go): one running test: its seeded random source, its CPU budget, failing.
//   - Call, Model, Expect, OneOf (call.go): operations on a structure and what a result must be.
//   - Methods and its callers Func0, Proc1, Func1, Func2, Seq2, Pair1, Triple1 (dispatch.go):
//     a suite's methods called by name, as its generated dispatch does.
//   - Model.Script, Model.Scripts, Model.Random, TwinsTest (model_aids.go): a suite's tests
//     built from its model.
//   - Twins, TwinsOf (twins.go): two structures at once, and whether they share state.
//   - T.Second (second.go): a part of a test run in a second process of the graded program.
//   - Meter, Ladder (perf.go), Sweep (ladders.go): growth measurements against the reference.
//   - Declared (declared.go): a growth series expecting the cost the registry declares;
//     SeriesOf (series.go), a suite's declarer of them.
//   - KeyedGrowth (keyedgrowth.go): the growth test of a structure keyed by ints.
//   - WideInt (values.go): an int from the whole range, for random cases.
//   - PanicText, tame (panictext.go): a panic value of the graded code's as text, safely.
//   - Script (sequence.go): fixed steps with fixed expected results.
//   - Compare (sequence.go): random sequences against the reference, shrunk on failure.
//   - shrink (shrink.go): delta debugging over a failing sequence, then simpler values.
//   - Lit, render (gocode.go): failing cases as Go test code a learner can paste.
//   - ThreadCPU (cputime_*.go): CPU time of the calling thread.
//   - watchdog (watchdog.go): memory limit and stuck operations.
package harness
