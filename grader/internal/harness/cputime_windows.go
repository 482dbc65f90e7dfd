//go:build windows

package harness

import (
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

var procGetThreadTimes = windows.NewLazySystemDLL("kernel32.dll").NewProc("GetThreadTimes")

// ThreadCPU returns the CPU time used so far by the calling OS thread. Lock the goroutine to its
// thread (runtime.LockOSThread) for differences to mean anything.
func ThreadCPU() time.Duration {
	var creation, exit, kernel, user windows.Filetime
	thread, _ := windows.GetCurrentThread()
	r, _, _ := procGetThreadTimes.Call(uintptr(thread),
		uintptr(unsafe.Pointer(&creation)), uintptr(unsafe.Pointer(&exit)),
		uintptr(unsafe.Pointer(&kernel)), uintptr(unsafe.Pointer(&user)))
	if r == 0 {
		return processCPU()
	}
	return filetime(kernel) + filetime(user)
}

// processCPU returns the CPU time used so far by the whole process.
func processCPU() time.Duration {
	var creation, exit, kernel, user windows.Filetime
	if err := windows.GetProcessTimes(windows.CurrentProcess(), &creation, &exit, &kernel, &user); err != nil {
		return 0
	}
	return filetime(kernel) + filetime(user)
}

// filetime converts a FILETIME duration (100 ns units) to a time.Duration.
func filetime(f windows.Filetime) time.Duration {
	return time.Duration(uint64(f.HighDateTime)<<32|uint64(f.LowDateTime)) * 100
}
