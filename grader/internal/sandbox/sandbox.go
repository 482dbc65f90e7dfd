// Package sandbox runs the test program under limits the operating system enforces: a wall-clock
// limit, an address-space limit where the system has one, and a cap on the output kept. When Run
// returns, no process the test program started is left running.
//
// What each system can do differs (process groups and resource limits are Unix features); what a
// system cannot do is said in Outcome.Notes, never hidden and never a crash.
package sandbox

import (
	"context"
	"errors"
	"os/exec"
	"time"
)

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
	Env  []string
	Dir  string
}

// Outcome is how a run ended.
type Outcome struct {
	ExitCode int    // the exit status; -1 when killed by a signal
	Signal   string // the signal that ended the process, if one did
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
	c.Dir, c.Env = cmd.Dir, cmd.Env
	c.WaitDelay = 500 * time.Millisecond
	if err := c.Start(); err != nil {
		return nil, err
	}
	err := c.Wait()
	killGroup(c) // whatever the program left behind
	out.TimedOut = errors.Is(ctx.Err(), context.DeadlineExceeded)
	out.ExitCode, out.Signal = exitStatus(c, err)
	return out, nil
}

// exitStatus reads the exit code and the ending signal, if any.
func exitStatus(c *exec.Cmd, err error) (int, string) {
	if c.ProcessState == nil {
		return -1, ""
	}
	return c.ProcessState.ExitCode(), signalName(c.ProcessState)
}
