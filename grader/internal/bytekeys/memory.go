package bytekeys

import (
	"fmt"
	"runtime"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
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

// Overuse is the message and hint of a memory failure.
type Overuse struct{ Message, Hint string }

// Judge logs the footprint against limit, in bytes, and fails t with memory_limit_exceeded when
// the filter keeps more than limit alive once its keys are added: with atNew's message and hint
// when it did already once made, added's otherwise. More is the exercise's stated memory bound
// broken, as for any memory over a limit.
func (fp Footprint) Judge(t *harness.T, limit int64, atNew, added Overuse) {
	t.Logf("memory: %d bytes after New, %d after the keys, limit %d", fp.AfterNew, fp.Total, limit)
	if fp.Total <= limit {
		return
	}
	why := added
	if fp.AfterNew > limit {
		why = atNew
	}
	t.Fail(&record.Failure{Verdict: verdict.MemoryLimitExceeded, Message: why.Message, Hint: why.Hint})
}

// MiB formats a number of bytes in MiB, as a memory failure prints it: "1.5 MiB".
func MiB(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }
