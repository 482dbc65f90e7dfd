package harness

import (
	"fmt"
	"time"
)

// ProcessCPU returns the CPU time used so far by the whole process: a suite that runs the graded
// code on goroutines of its own tells a spinning call from one starved by a busy machine with it.
func ProcessCPU() time.Duration { return processCPU() }

// Seed returns the run's seed, for a message that tells the learner how to run the same calls
// again (--seed).
func (t *T) Seed() uint64 { return t.run.seed }

// Note sets the message a passing test ends with: what it could not judge, and why. The report
// prints it after the test's name, so it does not begin with the name itself.
func (t *T) Note(format string, args ...any) { t.note = fmt.Sprintf(format, args...) }
