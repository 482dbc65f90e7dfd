//go:build unix

package sandbox

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"syscall"
)

// command builds the process: in its own process group, so that everything it starts can be
// ended together, and with an address-space limit set by the shell's ulimit just before exec,
// so the limit holds from the first instruction of the program (its init functions included).
func command(ctx context.Context, cmd Command, limits Limits) (*exec.Cmd, []string) {
	var c *exec.Cmd
	var notes []string
	if limits.Memory > 0 && runtime.GOOS == "linux" {
		script := fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, limits.Memory>>10)
		c = exec.CommandContext(ctx, "/bin/sh", append([]string{"-c", script, cmd.Path}, cmd.Args...)...)
	} else {
		c = exec.CommandContext(ctx, cmd.Path, cmd.Args...)
		if limits.Memory > 0 {
			notes = append(notes, "this system does not enforce address-space limits: "+
				"memory is watched from inside the test process only")
		}
	}
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error {
		killGroup(c)
		return nil
	}
	return c, notes
}

// killGroup ends the process and every process in its group.
func killGroup(c *exec.Cmd) {
	if c.Process == nil {
		return
	}
	// The process group's id is the leader's pid (Setpgid with Pgid 0).
	_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
	_ = c.Process.Signal(os.Kill)
}

// sigkill is SIGKILL's name.
var sigkill = Signal(syscall.SIGKILL.String())

// signalName names the signal that ended the process, if one did.
func signalName(ps *os.ProcessState) Signal {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return Signal(ws.Signal().String())
	}
	return ""
}
