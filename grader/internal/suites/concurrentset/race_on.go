//go:build race && unix

package concurrentset

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"syscall"

	"kata/grader/internal/record"
)

// raceChecked says whether the race detector watches this run.
const raceChecked = true

// raceLogVar marks the process after it has started itself again with the race detector's log
// redirected; its value is the log's path prefix.
const raceLogVar = "KATA_RACE_LOG"

// init starts the test program once more, in the same process (exec keeps its id, its process
// group, its files and its environment), with the race detector told to write its reports to a
// file in the run's temporary folder rather than to stderr, so that a report can be read back
// and named in the verdict.
// The detector reads its options only when the program starts, hence the second start.
func init() {
	if os.Getenv(raceLogVar) != "" || record.ConfigFromEnv().Record == "" {
		return // started again already, or not the judge's test program
	}
	self, err := os.Executable()
	if err != nil {
		return
	}
	prefix := filepath.Join(os.TempDir(), "kata-race-"+strconv.Itoa(os.Getpid()))
	env := append(os.Environ(), raceLogVar+"="+prefix, "GORACE=log_path="+prefix+" history_size=3")
	syscall.Exec(self, os.Args, env) // returns only on failure: the reports then go to stderr
}

// raceErrors returns how many races the detector reported so far.
func raceErrors() int { return runtime.RaceErrors() }

// raceReport returns the detector's reports so far, or "" when they went to stderr.
func raceReport() string {
	prefix := os.Getenv(raceLogVar)
	if prefix == "" {
		return ""
	}
	b, _ := os.ReadFile(prefix + "." + strconv.Itoa(os.Getpid()))
	return string(b)
}
