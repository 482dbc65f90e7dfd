package harness

import (
	"runtime"
	"runtime/debug"
	"testing"

	"golang.org/x/sys/unix"
)

// minorFaults returns how many pages the calling thread has faulted in so far.
func minorFaults(t *testing.T) int64 {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		t.Skipf("no per-thread fault count: %v", err)
	}
	return ru.Minflt
}

// TestPrefaultTakesThePageFaultsOffTheClock checks that after prefault the allocations of a growth
// window, with the collector off as in JudgeGrowth, reuse pages the process already has: a slice
// grown by appending, as a trie kept in one slice grows, faults in nearly no page of its own.
// The heap has gaps given back to the operating system below its free space, as a grading's heap
// has after its earlier tests; the window's smaller slices land in them first.
func TestPrefaultTakesThePageFaultsOffTheClock(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	pins := gaps(8, 4<<20)
	defer runtime.KeepAlive(pins)
	window := func() (faults int64, bytes float64) {
		before := minorFaults(t)
		bytes = allocated(func() {
			var arena [][26]int32
			for range 150_000 {
				arena = append(arena, [26]int32{1})
			}
			runtime.KeepAlive(arena)
		})
		return minorFaults(t) - before, bytes
	}
	debug.FreeOSMemory()
	cold, bytes := window()
	pages := int64(bytes) / pageStride
	if cold < pages/4 {
		t.Skipf("a window on fresh memory faulted %d pages of its %d: this machine hands out pages some other way", cold, pages)
	}
	debug.FreeOSMemory()
	prefault(1.5 * bytes)
	warm, _ := window()
	if warm > pages/20 {
		t.Errorf("after prefault a window of %d pages faulted %d in (%d without it)", pages, warm, cold)
	}
	t.Logf("%d pages allocated: %d faults on fresh memory, %d after prefault", pages, cold, warm)
}

// gaps leaves n free gaps of size bytes each in the heap, between small blocks it returns for the
// caller to keep alive, and gives the gaps' pages back to the operating system.
func gaps(n, size int) [][]byte {
	var pins, held [][]byte
	for range n {
		held = append(held, make([]byte, size))
		pins = append(pins, make([]byte, 64<<10))
	}
	runtime.KeepAlive(held)
	held = nil
	debug.FreeOSMemory()
	return pins
}
