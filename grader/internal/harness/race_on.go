//go:build race

package harness

// Race says whether the test program was built with Go's race detector, which then watches the
// run for data races. Its shadow memory grows with the process's own: a process over its memory
// limit must be stopped at once there, before it grows into the detector's address space.
const Race = true
