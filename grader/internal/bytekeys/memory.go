package bytekeys

import (
	"fmt"
	"runtime"

	"kata/grader/internal/harness"
)

// Footprint is the heap a filter keeps alive, measured by [Measure].
type Footprint struct {
	// AfterNew is the heap kept alive by the filter just made, in bytes.
	AfterNew int64
	// Total is the heap kept alive once the keys are added, in bytes.
	Total int64
	// Goroutines is how many more goroutines run once the keys are added than before the
	// filter was made.
	Goroutines int
}

// Measure makes a filter with build, adds keys 0 to n-1 of gen to it with add, and returns the
// heap it keeps alive after it is made and once the keys are added, each measured after a
// garbage collection: what a filter's memory property compares with its bound.
func Measure[F any](build func() F, add func(f F, key []byte), gen Gen, n int) Footprint {
	var before, built, filled runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	goroutines := runtime.NumGoroutine()
	f := build()
	runtime.GC()
	runtime.ReadMemStats(&built)
	var buf []byte
	for i := range uint64(n) {
		buf = gen(buf, i)
		add(f, buf)
	}
	runtime.GC()
	runtime.ReadMemStats(&filled)
	runtime.KeepAlive(f)
	return Footprint{
		AfterNew:   int64(built.HeapAlloc) - int64(before.HeapAlloc),
		Total:      int64(filled.HeapAlloc) - int64(before.HeapAlloc),
		Goroutines: runtime.NumGoroutine() - goroutines,
	}
}

// Over logs the footprint against limit, in bytes, and reports whether the filter keeps more
// than limit alive once its keys are added, and whether it did already once made.
func (fp Footprint) Over(t *harness.T, limit int64) (over, atNew bool) {
	t.Logf("memory: %d bytes after New, %d after the keys, limit %d", fp.AfterNew, fp.Total, limit)
	return fp.Total > limit, fp.AfterNew > limit
}

// MiB formats a number of bytes in MiB, as a memory failure prints it: "1.5 MiB".
func MiB(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
