//go:build unix

package harness

import (
	"time"

	"golang.org/x/sys/unix"
)

// ThreadCPU returns the CPU time used so far by the calling OS thread. Lock the goroutine to its
// thread (runtime.LockOSThread) for differences to mean anything.
func ThreadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return processCPU()
	}
	return time.Duration(ts.Nano())
}

// processCPU returns the CPU time used so far by the whole process.
func processCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
