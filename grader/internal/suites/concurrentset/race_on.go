//go:build race

package concurrentset

import (
	"os"
	"runtime"
	"strconv"
	"strings"
)

// raceErrors returns how many races the detector reported so far.
func raceErrors() int { return runtime.RaceErrors() }

// raceReport returns the detector's reports so far: the judge has them written to a file per
// process whose path starts with the log_path of GORACE (PREFIX.PID). It returns "" when they
// went to stderr.
func raceReport() string {
	prefix := logPath(os.Getenv("GORACE"))
	if prefix == "" {
		return ""
	}
	b, _ := os.ReadFile(prefix + "." + strconv.Itoa(os.Getpid()))
	return string(b)
}

// logPath returns the log_path among the race detector's options, which may be quoted.
func logPath(options string) string {
	_, rest, ok := strings.Cut(" "+options, " log_path=")
	if !ok {
		return ""
	}
	if quoted, ok := strings.CutPrefix(rest, `"`); ok {
		path, _, _ := strings.Cut(quoted, `"`)
		return path
	}
	path, _, _ := strings.Cut(rest, " ")
	return path
}
