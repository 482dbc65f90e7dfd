//go:build !unix && !windows

package sandbox

import (
	"context"
	"os"
	"os/exec"
)

// command runs the program plainly: this system has neither process groups nor limits here.
func command(ctx context.Context, cmd Command, limits Limits) (*exec.Cmd, []string) {
	return exec.CommandContext(ctx, cmd.Path, cmd.Args...),
		[]string{"this system has no process groups or resource limits: only the wall-clock limit applies"}
}

func killGroup(c *exec.Cmd) {
	if c.Process != nil {
		_ = c.Process.Kill()
	}
}

func signalName(*os.ProcessState) Signal { return "" }

// sigkill is empty: no process ends by a signal here.
const sigkill Signal = ""
