//go:build windows

package sandbox

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// command builds the process in a new process group. Windows has no address-space limit that
// a child inherits: memory is watched from inside the test process.
func command(ctx context.Context, cmd Command, limits Limits) (*exec.Cmd, []string) {
	c := exec.CommandContext(ctx, cmd.Path, cmd.Args...)
	c.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
	c.Cancel = func() error {
		killGroup(c)
		return nil
	}
	var notes []string
	if limits.Memory > 0 {
		notes = append(notes, "Windows does not enforce the memory limit on the test process: "+
			"memory is watched from inside it only")
	}
	return c, notes
}

// killGroup ends the process and the processes it started, with taskkill's tree kill.
func killGroup(c *exec.Cmd) {
	if c.Process == nil {
		return
	}
	_ = exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(c.Process.Pid)).Run()
	_ = c.Process.Kill()
}

// signalName is empty: Windows processes do not end by signals.
func signalName(*os.ProcessState) Signal { return "" }

// sigkill is empty: no process ends by a signal here.
const sigkill Signal = ""
