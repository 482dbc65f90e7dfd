package harness

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"kata/grader/internal/growth"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// Meter times batches of calls of the graded code and of the reference, alternating between
// the two so that a change in the machine's load touches both, in the test thread's CPU time
// (which another busy process disturbs far less than the wall clock). It keeps the graded code
// within a budget that grows with the reference's own time: a solution far too slow does not
// make kata slow, its measurements stop and the judgement uses what was seen.
type Meter struct {
	t       *T
	learner time.Duration // CPU time spent in the graded code's batches
	ref     time.Duration // CPU time spent in the reference's batches
	stopped bool
	Floor   time.Duration // budget the graded code always has
	Factor  float64       // and Factor times the reference's time on top
	Repeats int           // timed repetitions of a query batch; the fastest counts
	rounds  int
	stretch float64 // budget multiplier while a judgement is unsure
}

// Budget defaults: the graded code may spend MeterFloor of CPU plus MeterFactor times what the
// reference spent on the same measurements.
const (
	MeterFloor  = 1500 * time.Millisecond
	MeterFactor = 12
)

func newMeter(t *T) *Meter {
	return &Meter{t: t, Floor: MeterFloor, Factor: MeterFactor, Repeats: 3, stretch: 1}
}

// allowed is the graded code's budget so far.
func (m *Meter) allowed() time.Duration {
	return m.Floor + time.Duration(m.Factor*float64(m.ref))
}

// Afford reports whether the graded code can spend an estimated d more within its budget.
// Once the answer is no, the meter stays stopped.
func (m *Meter) Afford(d time.Duration) bool {
	if m.learner+d > time.Duration(m.stretch*float64(m.allowed())) {
		m.stopped = true
	}
	return !m.stopped
}

// Stretch multiplies the budget by f from now on (1 restores it).
func (m *Meter) Stretch(f float64) { m.stretch = f }

// UnsureStretch is how much more budget a measurement gets while some judgement is still
// unsure: a memmove-based O(n) insertion looks almost right up to 50,000 elements and shows its
// growth clearly only at the largest sizes, which are worth a few more seconds to reach rather
// than a wrong verdict either way.
const UnsureStretch = 3

// Stopped reports whether the budget ran out.
func (m *Meter) Stopped() bool { return m.stopped }

// time runs f on the test's thread and returns the CPU time it took.
func cpu(f func()) time.Duration {
	start := ThreadCPU()
	f()
	return ThreadCPU() - start
}

// Pair times one batch of ops calls on each side and returns nanoseconds per call, the fastest
// of Repeats rounds. learner and reference run a batch of count calls; undo, if not nil,
// restores a side's structure after its batch, untimed. The graded side runs as the call c,
// for crash reports and the watchdog.
//
// Before the graded code's first full batch, a small probe batch estimates what the rounds
// will cost; when that is beyond the budget, Pair returns the probe's time with ok false and
// the meter stops.
func (m *Meter) Pair(c Call, ops int, learner, reference, undoL, undoR func(count int)) (l, r float64, ok bool) {
	probe := max(1, ops/64)
	d := cpu(func() { m.t.Invoke(c, func() any { learner(probe); return nil }) })
	m.learner += d
	if undoL != nil {
		m.t.Invoke(c, func() any { undoL(probe); return nil })
	}
	estimate := time.Duration(float64(d) / float64(probe) * float64(ops))
	if !m.Afford(estimate * time.Duration(m.Repeats)) {
		rd := cpu(func() { reference(probe) })
		m.ref += rd
		if undoR != nil {
			undoR(probe)
		}
		return float64(d.Nanoseconds()) / float64(probe), float64(rd.Nanoseconds()) / float64(probe), false
	}
	l, r = -1, -1
	for rep := range m.Repeats {
		sides := []bool{true, false}
		if (rep+m.rounds)%2 == 1 {
			sides = []bool{false, true}
		}
		for _, isLearner := range sides {
			var d time.Duration
			if isLearner {
				d = cpu(func() { m.t.invokeBatch(c, batchLimit(estimate), func() { learner(ops) }) })
				m.learner += d
				if undoL != nil {
					m.t.Invoke(c, func() any { undoL(ops); return nil })
				}
			} else {
				d = cpu(func() { reference(ops) })
				m.ref += d
				if undoR != nil {
					undoR(ops)
				}
			}
			ns := float64(d.Nanoseconds()) / float64(ops)
			if isLearner && (l < 0 || ns < l) {
				l = ns
			}
			if !isLearner && (r < 0 || ns < r) {
				r = ns
			}
		}
	}
	m.rounds++
	return l, r, true
}

// Ladder measures operations of a structure as it grows through Sizes: growing from one size
// to the next times Grow's operation per element (a whole doubling window or more, so an
// amortised O(1) operation is judged on its average), and at each size each query is timed in
// batches. The same values and the same calls go to both sides.
type Ladder[S any] struct {
	Sizes []int
	New   func() S // a fresh structure of the graded package
	Ref   func() S // a fresh reference structure
	// Grow adds the elements with indices from..to-1 of the suite's value list.
	Grow Op[S]
	// Queries are timed at each size.
	Queries []Op[S]
}

// Op is one measured operation.
type Op[S any] struct {
	Series *growth.Series
	// Batch is the number of calls in one timed batch (queries only).
	Batch int
	// Run performs the batch on s at size n (for Grow: adds elements from..to-1, with from
	// passed as n and to as batch).
	Run func(s S, n, batch int)
	// Undo restores s after a batch, untimed; nil if the batch changes nothing.
	Undo func(s S, n, batch int)
}

// Measure runs the ladder and returns its series.
func (l *Ladder[S]) Measure(m *Meter) []*growth.Series {
	learner := m.t.Invoke(Call{Method: "New", Func: true}, func() any { return l.New() }).(S)
	ref := l.Ref()
	series := []*growth.Series{l.Grow.Series}
	for _, q := range l.Queries {
		series = append(series, q.Series)
	}
	stoppedQ := make([]bool, len(l.Queries))
	lastGrow := 0.0 // learner ns per element in the last growth window
	prev := 0
	for i, n := range l.Sizes {
		runtime.GC()
		// Growing: predict the graded code's time from the last window, as if its cost
		// per element grew in proportion to the size (what a wrong growth rate does), with a
		// factor of two for caches that stop fitting.
		m.Stretch(1)
		if unsure(series) {
			m.Stretch(UnsureStretch)
		}
		if i > 0 && !m.Afford(time.Duration(2*lastGrow*float64(n-prev)*float64(n)/float64(prev))) {
			markCapped(series)
			break
		}
		c := Call{Method: l.Grow.Series.Op}
		var dl, dr time.Duration
		predicted := time.Duration(2 * lastGrow * float64(n-prev) * float64(n) / float64(max(prev, 1)))
		growL := func() {
			dl = cpu(func() { m.t.invokeBatch(c, batchLimit(predicted), func() { l.Grow.Run(learner, prev, n) }) })
		}
		growR := func() { dr = cpu(func() { l.Grow.Run(ref, prev, n) }) }
		if i%2 == 0 {
			growL()
			growR()
		} else {
			growR()
			growL()
		}
		m.learner += dl
		m.ref += dr
		lastGrow = float64(dl.Nanoseconds()) / float64(n-prev)
		l.Grow.Series.Add(growth.Sample{Size: n, Learner: lastGrow, Reference: float64(dr.Nanoseconds()) / float64(n-prev)})
		for j, q := range l.Queries {
			if stoppedQ[j] {
				continue
			}
			if len(q.Series.Samples) > 0 {
				last := q.Series.Samples[len(q.Series.Samples)-1]
				estimate := last.Learner * float64(q.Batch*m.Repeats) * float64(n) / float64(last.Size)
				if !m.Afford(time.Duration(estimate)) {
					stoppedQ[j] = true
					q.Series.Samples[len(q.Series.Samples)-1].Capped = true
					continue
				}
			}
			var undoL, undoR func(int)
			if q.Undo != nil {
				undoL = func(count int) { q.Undo(learner, n, count) }
				undoR = func(count int) { q.Undo(ref, n, count) }
			}
			ln, rn, ok := m.Pair(Call{Method: q.Series.Op}, q.Batch,
				func(count int) { q.Run(learner, n, count) }, func(count int) { q.Run(ref, n, count) }, undoL, undoR)
			q.Series.Add(growth.Sample{Size: n, Learner: ln, Reference: rn, Capped: !ok})
			stoppedQ[j] = !ok
		}
		prev = n
		if decided(series) {
			break // a growth rate already proven wrong: measuring further only costs time
		}
	}
	runtime.KeepAlive(learner)
	runtime.KeepAlive(ref)
	return series
}

// decided reports whether some series is already judged to grow wrongly beyond doubt. A series
// that is only too slow goes on being measured while the budget lasts, to see how it grows.
func decided(series []*growth.Series) bool {
	return slices.ContainsFunc(series, func(s *growth.Series) bool {
		d := growth.Decide(s)
		return !d.OK && !d.Unsure && d.Observed != s.Expected
	})
}

// batchLimit is how long a batch of calls expected to take about estimate may run before the
// watchdog calls it stuck: ten times the estimate, and never less than BatchFloor. The meter's
// budget stops a slow solution long before; this catches a batch that never ends.
func batchLimit(estimate time.Duration) time.Duration {
	return max(BatchFloor, 10*estimate)
}

// BatchFloor is the least time a measured batch of calls may run before the watchdog calls it
// stuck: a whole growth window of a slow but right solution, on a busy machine.
const BatchFloor = 20 * time.Second

// unsure reports whether some series's judgement is still unsure.
func unsure(series []*growth.Series) bool {
	return slices.ContainsFunc(series, func(s *growth.Series) bool { return growth.Decide(s).Unsure })
}

// markCapped notes on every series that the measurements stopped at the budget.
func markCapped(series []*growth.Series) {
	for _, s := range series {
		if k := len(s.Samples); k > 0 {
			s.Samples[k-1].Capped = true
		}
	}
}

// JudgeGrowth measures with measure and judges every series it returns. A judgement near a
// threshold is measured once more (a fresh measure, the fastest sample per size kept) before it
// stands; if it is still unsure, the graded code has the benefit of the doubt — a false alarm is
// worse than a miss. A series whose growth is wrong, or that passes the time limit, fails the
// test with time_limit_exceeded, naming the operation, with its hint.
func JudgeGrowth(t *T, measure func(m *Meter) []*growth.Series) {
	m := newMeter(t)
	series := measure(m)
	decisions := decide(series)
	if slices.ContainsFunc(decisions, func(d growth.Decision) bool { return d.Unsure }) && !m.Stopped() {
		m2 := newMeter(t)
		m2.rounds = 1
		again := measure(m2)
		for i := range series {
			for _, s := range again[i].Samples {
				series[i].Add(s)
			}
		}
		decisions = decide(series)
	}
	var fail *record.Failure
	for i, s := range series {
		d := decisions[i]
		if d.Unsure {
			d.OK = true
		}
		capped := slices.ContainsFunc(s.Samples, func(x growth.Sample) bool { return x.Capped })
		for _, x := range s.Samples {
			t.Measure(record.Point{Op: s.Op, Axis: s.Axis, Size: x.Size, Learner: x.Learner, Reference: x.Reference, Capped: x.Capped})
		}
		hint := ""
		if !d.OK {
			hint = s.Hint
			if d.Observed == s.Expected && s.SlowHint != "" && growthKnown(s) {
				hint = s.SlowHint
			}
		}
		t.run.write(record.Event{Kind: record.Judged, Test: t.name, Complexity: &record.Complexity{
			Op: s.Op, Axis: s.Axis, Expected: s.Expected, Observed: d.Observed, OK: d.OK, Reason: d.Reason,
			Hint: hint, Slope: d.Slope, Growth: d.Growth, Ratio: d.Ratio, Capped: capped,
		}})
		if !d.OK && fail == nil {
			fail = &record.Failure{Verdict: string(verdict.TimeLimitExceeded), Op: s.Op, Message: d.Reason, Hint: hint}
		}
	}
	if fail != nil {
		t.Fail(fail)
	}
}

// growthKnown reports whether a series spans enough sizes to say its growth is right: three
// or more, over a factor of 8. Before that, too slow may be the first sign of a wrong growth.
func growthKnown(s *growth.Series) bool {
	n := len(s.Samples)
	return n >= 3 && s.Samples[n-1].Size >= 8*s.Samples[0].Size
}

func decide(series []*growth.Series) []growth.Decision {
	out := make([]growth.Decision, len(series))
	for i, s := range series {
		out[i] = growth.Decide(s)
	}
	return out
}

// Sizes returns a geometric ladder from lo to hi (inclusive) with the given factor.
func Sizes(lo, hi, factor int) []int {
	var out []int
	for n := lo; n <= hi; n *= factor {
		out = append(out, n)
	}
	if out[len(out)-1] != hi {
		panic(fmt.Sprintf("harness.Sizes: %d is not %d times a power of %d", hi, lo, factor))
	}
	return out
}

// Keyed describes the operations of a structure keyed by ints (a set, a skip list) for a Ladder:
// the structure grows by Insert over a list of distinct values; Lookup alternates present and
// absent values; Delete removes present values and the ladder puts them back, untimed.
type Keyed[S any] struct {
	Insert, Lookup, Delete func(s S, v int)
	// The series each operation's measurements go to; Lookup and Delete may be nil.
	InsertSeries, LookupSeries, DeleteSeries *growth.Series
	// Extra queries, timed like Lookup.
	Extra []Op[S]
}

// KeyedBatch is the number of calls in a timed query batch of a keyed ladder.
const KeyedBatch = 1000

// Ladder builds the ladder over values (distinct, at least the largest size long).
func (k Keyed[S]) Ladder(sizes []int, values []int, newL, newR func() S) *Ladder[S] {
	// pick returns the i-th query value at size n: present ones spread over the structure.
	pick := func(n, i int) int { return values[(i*7919)%n] }
	l := &Ladder[S]{
		Sizes: sizes, New: newL, Ref: newR,
		Grow: Op[S]{Series: k.InsertSeries, Run: func(s S, from, to int) {
			for _, v := range values[from:to] {
				k.Insert(s, v)
			}
		}},
	}
	if k.Lookup != nil {
		l.Queries = append(l.Queries, Op[S]{Series: k.LookupSeries, Batch: KeyedBatch, Run: func(s S, n, batch int) {
			for i := range batch {
				k.Lookup(s, pick(n, i)+i&1) // present, then (almost surely) absent
			}
		}})
	}
	if k.Delete != nil {
		l.Queries = append(l.Queries, Op[S]{Series: k.DeleteSeries, Batch: KeyedBatch,
			Run: func(s S, n, batch int) {
				for i := range batch {
					k.Delete(s, pick(n, i))
				}
			},
			Undo: func(s S, n, batch int) {
				for i := range batch {
					k.Insert(s, pick(n, i))
				}
			},
		})
	}
	l.Queries = append(l.Queries, k.Extra...)
	return l
}

// DistinctInts draws n distinct ints, spread over the whole range, with t's random source.
func DistinctInts(t *T, n int) []int {
	seen := make(map[int]bool, n)
	out := make([]int, 0, n)
	for len(out) < n {
		v := int(t.Rand().Uint64() >> 1)
		if v&1 == 0 && !seen[v] { // even, so v+1 is surely absent
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
