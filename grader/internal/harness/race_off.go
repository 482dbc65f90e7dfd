//go:build !race

package harness

// raceBuild says whether the test program was built with Go's race detector, whose shadow memory
// grows with the process's own: a process over its memory limit must be stopped at once there,
// before it grows into the detector's address space.
const raceBuild = false
