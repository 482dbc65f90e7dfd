// Package sandbox runs the test program under limits the operating system enforces: a wall-clock
// limit, an address-space limit where the system has one, and a cap on the output kept. When Run
// returns, no process the test program started is left running: the process group is ended,
// and on Linux also every process that carries the run's mark in its environment (one that
// started a session of its own, say).
//
// What each system can do differs (process groups and resource limits are Unix features); what a
// system cannot do is said in Outcome.Notes, never hidden and never a crash.
package sandbox

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"os/exec"
	"slices"
	"time"
)

// markVar is the environment variable that marks every process of one run, so that those
// that leave its process group can still be found and ended.
const markVar = "KATA_SANDBOX"

// Limits bound one run.
type Limits struct {
	Wall   time.Duration // wall-clock time before the run is killed
	Memory uint64        // address-space limit in bytes for the process (0: none)
	Output int           // bytes of stdout and of stderr kept, head and tail together
}

// Command is the program to run.
type Command struct {
	Path string
	Args []string
	Env  []string // the whole environment; Run adds the mark of the run
	Dir  string
	// Stdin is what the program reads on its standard input, then end of file.
	Stdin []byte
}

// Signal is the signal that ended a process, named as the system names it ("killed",
// "segmentation fault"); empty when none did.
type Signal string

// Killed reports whether the signal was SIGKILL, which no process can catch: the judge's, the
// system's out-of-memory killer's, or another process's.
func (s Signal) Killed() bool { return s != "" && s == sigkill }

// Outcome is how a run ended.
type Outcome struct {
	ExitCode int    // the exit status; -1 when killed by a signal
	Signal   Signal // the signal that ended the process, if one did
	TimedOut bool   // the wall-clock limit ended the run
	Stdout   *Capture
	Stderr   *Capture
	Notes    []string // limits this system could not apply
}

// Run runs cmd under limits and returns how it ended. Cancelling ctx (the user pressed Ctrl-C)
// ends the run and all its processes at once. An error means the program could not be started.
func Run(ctx context.Context, cmd Command, limits Limits) (*Outcome, error) {
	ctx, cancel := context.WithTimeout(ctx, limits.Wall)
	defer cancel()
	out := &Outcome{Stdout: NewCapture(limits.Output), Stderr: NewCapture(limits.Output)}
	c, notes := command(ctx, cmd, limits)
	out.Notes = notes
	c.Stdout, c.Stderr = out.Stdout, out.Stderr
	if cmd.Stdin != nil {
		c.Stdin = bytes.NewReader(cmd.Stdin)
	}
	mark := markVar + "=" + rand.Text()
	c.Dir, c.Env = cmd.Dir, append(slices.Clip(cmd.Env), mark)
	c.WaitDelay = 500 * time.Millisecond
	if err := c.Start(); err != nil {
		return nil, err
	}
	err := c.Wait()
	killGroup(c) // whatever the program left behind
	sweep(mark)  // and whatever left the group
	out.TimedOut = errors.Is(ctx.Err(), context.DeadlineExceeded)
	out.ExitCode, out.Signal = exitStatus(c, err)
	return out, nil
}

// exitStatus reads the exit code and the ending signal, if any.
func exitStatus(c *exec.Cmd, err error) (int, Signal) {
	if c.ProcessState == nil {
		return -1, ""
	}
	return c.ProcessState.ExitCode(), signalName(c.ProcessState)
}
