package cuckoo

import (
	"encoding/binary"
	"runtime"
	"time"

	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfFillBuckets are the numbers of buckets (quadrupling from 2^10 to 2^18, a span of 256) of
// the filters that Insert fills across the load range the contract names, up to FillLoad.
var PerfFillBuckets = harness.Sizes(1<<10, 1<<18, 4)

// FillLoad is the share of the 4B slots a fill takes: Insert is O(1) expected up to it.
const FillLoad = 0.9

// fillChunk is the number of the graded filter's Inserts in one call of a fill: the watchdog's
// limit on one call applies to a chunk.
const fillChunk = 1024

// fillSlots is the least number of slots filled at each B: filters of fewer slots are filled
// several times, afresh, so that every sample times as many Inserts (a fill of 2^10 buckets
// alone takes a tenth of a millisecond, which one interruption can double).
const fillSlots = 1 << 16

// byFill measures Insert across the whole load range: at each B of PerfFillBuckets, fresh filters
// of each side take distinct keys until FillLoad of their slots are full (fillSlots slots or more
// in all), and the sample is each side's CPU time per Insert over its whole fills. Evictions grow
// in number as a filter fills, so that a right filter's Insert costs more near 90% than at low
// load, as the reference's does, and the ratio of the two stays as it is whatever B. An Insert that does work in proportion to
// the table only when it must evict (a copy of the table, to undo a failed Insert) costs nothing
// more at low load and O(B) at high load, and its ratio grows with B.
//
// The graded filter fills within the meter's budget: MeterFloor and MeterFactor times the
// reference's fills so far, which a filter within the time limit never reaches. A fill that
// passes it stops the ladder, its sample the CPU time per Insert so far (capped), which the whole
// fill's, its dearest Inserts still to come, could only exceed. A graded filter whose Insert
// fails stops its fill there: its sample is the Inserts it took.
func byFill(t *harness.T, m *harness.Meter, learner, reference API, seed uint64) []*growth.Series {
	ins := harness.Declared(ex, growth.Series{Op: "Insert", Axis: "B", SlowHint: slowHint, Hint: fillHint})
	var spent, spentRef time.Duration // each side's CPU time in the fills so far
	key := func(buf []byte, i int) []byte {
		return binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(buf[:0], seed), uint64(i))
	}
	for _, b := range PerfFillBuckets {
		runtime.GC() // collections stay between measurements (see harness.JudgeGrowth)
		n := int(FillLoad * 4 * float64(b))
		buf := make([]byte, 0, 16)
		var dl, dr time.Duration
		var done, doneRef int
		capped := false
		for fill := 0; fill < max(1, fillSlots/(4*b)) && !capped; fill++ {
			base := fill * n // other keys in each fill
			r := reference.New(4 * uint64(b))
			start := harness.ThreadCPU()
			i := 0
			for ; i < n && r.Insert(key(buf, base+i)); i++ {
			}
			dr += harness.ThreadCPU() - start
			doneRef += i
			runtime.KeepAlive(r)

			l := t.Invoke(harness.Call{Method: "New", Func: true, Args: []any{4 * uint64(b)}},
				func() any { return learner.New(4 * uint64(b)) }).(Filter)
			failed := false
			for lo := 0; lo < n && !failed && !capped; lo += fillChunk {
				hi := min(lo+fillChunk, n)
				start := harness.ThreadCPU()
				t.Invoke(harness.Call{Method: "Insert"}, func() any {
					for i := lo; i < hi; i++ {
						if !l.Insert(key(buf, base+i)) {
							failed, hi = true, i+1
							break
						}
					}
					return nil
				})
				dl += harness.ThreadCPU() - start
				done += hi - lo
				capped = !m.Afford(spent+dl, spentRef+dr)
			}
		}
		spent, spentRef = spent+dl, spentRef+dr
		ins.Add(growth.Sample{Size: b, Capped: capped,
			Learner:   float64(dl.Nanoseconds()) / float64(max(done, 1)),
			Reference: float64(dr.Nanoseconds()) / float64(max(doneRef, 1))})
		if capped || m.Proven(ins) {
			break
		}
	}
	return []*growth.Series{ins}
}

// fillHint is said when Insert's cost over a fill grows with B: at every load or only near full,
// which the fill does not tell apart.
const fillHint = "Insert grows with the number of buckets as the filter fills: it must read only the key's " +
	"two buckets and, when both are full, move fingerprints along one eviction path; never scan or copy " +
	"the table, at any load (a copy made to undo a failed Insert costs O(B) on every Insert that must " +
	"evict, and near full most must): undo only the slots the evictions wrote, in reverse order, or keep " +
	"the last evicted fingerprint aside"
