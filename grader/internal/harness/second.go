package harness

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"time"

	"kata/grader/internal/seal"
)

// A second process of the graded program runs the part of a test that the test's own process
// cannot check: what a structure left in files, read again where nothing of the first process
// remains, such as a hash seed drawn at random when the process starts.
const (
	secondEnv    = "KATA_SECOND"     // the name, in Suite.Seconds, of the part a second process runs
	secondDirEnv = "KATA_SECOND_DIR" // the folder the part works in
)

// SecondLimit is the wall time a second process may take before it is stopped: far above what
// reading a small store again needs, on a busy machine.
const SecondLimit = 30 * time.Second

// ErrNoSecond wraps the reason a second process could not be started: the environment does not
// let the program start itself again. The check is then not made, and nothing is held against
// the graded code.
var ErrNoSecond = errors.New("no second process")

// runSecond runs, in a second process, the part of a test named name, and exits: 0 when it
// returned nil, 1 with its error on standard error. It never returns.
func runSecond(s *Suite, name string) {
	part, ok := s.Seconds[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "kata harness: the suite has no second-process part %q\n", name)
		os.Exit(3)
	}
	debug.SetMaxStack(MaxStack)
	if err := part(os.Getenv(secondDirEnv)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// Second runs the suite's Seconds[name] on the folder dir in a second process of the graded
// program, and returns its error: the part's own, or that the process crashed or passed
// SecondLimit. An error wrapping ErrNoSecond means the process could not be started. A suite
// run in this process (Local), whose program is not the graded one, runs the part here.
func (t *T) Second(name, dir string) error {
	part, ok := t.run.seconds[name]
	if !ok {
		t.Internalf("the suite has no second-process part %q", name)
	}
	if t.run.inProcess {
		return part(dir)
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNoSecond, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), SecondLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, self)
	// The second process reads no key: it writes no record.
	cmd.Env = append(os.Environ(), secondEnv+"="+name, secondDirEnv+"="+dir, seal.Env+"=")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%w: %v", ErrNoSecond, err)
	}
	err = cmd.Wait()
	text := strings.TrimSpace(out.String())
	if len(text) > 2000 {
		text = text[:2000] + " …"
	}
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("the second process did not finish within %v", SecondLimit)
	case err != nil && text != "":
		return errors.New(text)
	case err != nil:
		return fmt.Errorf("the second process failed: %v", err)
	}
	return nil
}
