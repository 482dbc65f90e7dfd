package harness

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"time"

	"kata/grader/internal/growth"
	"kata/grader/internal/record"
	"kata/grader/result"
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
	// whole measures a ladder to its end even once a growth is proven wrong.
	whole bool
}

// Budget defaults: the graded code may spend MeterFloor of CPU plus MeterFactor times what the
// reference spent on the same measurements. MeterFactor is above the time limit with its margin
// (growth.TimeFactor × growth.Margin = 45), so that a solution within the time limit is always
// measured over its whole ladder and shown right or too slow on what it did, never cut off
// before its growth is known.
const (
	MeterFloor  = 1500 * time.Millisecond
	MeterFactor = 48
)

func newMeter(t *T) *Meter {
	return &Meter{t: t, Floor: MeterFloor, Factor: MeterFactor, Repeats: 3}
}

// Afford reports whether the graded code can spend an estimated learner more while the
// reference spends an estimated ref more, within the budget that the reference's time makes.
// Once the answer is no, the meter stays stopped.
func (m *Meter) Afford(learner, ref time.Duration) bool {
	if !m.fits(learner, ref) {
		m.stopped = true
	}
	return !m.stopped
}

// fits reports whether Afford would say yes, without stopping the meter when it would not.
func (m *Meter) fits(learner, ref time.Duration) bool {
	return !m.stopped && m.learner+learner <= m.Floor+time.Duration(m.Factor*float64(m.ref+ref))
}

// Stopped reports whether the budget ran out.
func (m *Meter) Stopped() bool { return m.stopped }

// Proven reports whether one of series already grows wrongly beyond doubt, while the meter is
// not measuring a whole ladder: a suite's own measuring loop stops there, as a Ladder does,
// since measuring further only costs time (JudgeGrowth measures again before the verdict).
func (m *Meter) Proven(series ...*growth.Series) bool { return !m.whole && decided(series) }

// cpu runs f on the test's thread and returns the CPU time it took.
func cpu(f func()) time.Duration {
	start := ThreadCPU()
	f()
	return ThreadCPU() - start
}

// heapAllocs is the runtime's count of bytes allocated on the heap so far.
var heapAllocs = []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}

// allocated runs f and returns the bytes it allocated on the heap (with whatever other
// goroutines allocated meanwhile, which during a measurement is next to nothing).
func allocated(f func()) float64 {
	metrics.Read(heapAllocs)
	before := heapAllocs[0].Value.Uint64()
	f()
	metrics.Read(heapAllocs)
	return float64(heapAllocs[0].Value.Uint64() - before)
}

// Pair times one batch of ops calls on each side and returns a sample of the nanoseconds and
// heap bytes per call (its Size left for the caller), the fewest of Repeats rounds. learner and
// reference run a batch of count calls; rep numbers the round, so that a batch that removes
// elements can remove other ones each round (elements put back by undo may land where they are
// cheaper to find). undo, if not nil, restores a side's structure after its batch, untimed.
// The graded side runs as the call c, for crash reports and the watchdog.
//
// Before the first full batches, a small probe batch of each side estimates what the rounds
// will cost; when the graded code's share is beyond the budget, the probes run once more, and
// when the faster of each side's two is still beyond it, Pair returns their sample, Capped,
// with ok false, and the meter stops. The first calls on a structure just made are often the
// first to touch its memory, a page fault each: a counting filter of 2^26 byte counters took
// 594 µs per Add in its probe on a CI machine, 17,000 times its cost at 2^14 counters, and was
// called too slow to measure; the rounds, on memory the probe touched, pay no such cost.
func (m *Meter) Pair(c Call, ops int, learner, reference, undoL, undoR func(count, rep int)) (x growth.Sample, ok bool) {
	probe := max(1, ops/64)
	probeRep := m.Repeats // a round of its own, so the probe's elements are not the rounds'
	probeBoth := func() (d, rd time.Duration) {
		d = cpu(func() { m.t.Invoke(c, func() any { learner(probe, probeRep); return nil }) })
		m.learner += d
		if undoL != nil {
			m.t.invokeBatch(undoCall(c), BatchFloor, func() { undoL(probe, probeRep) })
		}
		rd = cpu(func() { reference(probe, probeRep) })
		m.ref += rd
		if undoR != nil {
			undoR(probe, probeRep)
		}
		return d, rd
	}
	rounds := func(probed time.Duration) time.Duration {
		return time.Duration(float64(probed) / float64(probe) * float64(ops) * float64(m.Repeats))
	}
	d, rd := probeBoth()
	// The rounds' batch limit comes from the first probe, the dearer as a rule: a limit too
	// generous only lets a slow batch finish, one too tight would call a right one stuck.
	estimate := rounds(d) / time.Duration(m.Repeats)
	if !m.fits(rounds(d), rounds(rd)) {
		d2, rd2 := probeBoth()
		d, rd = min(d, d2), min(rd, rd2)
		estimate = max(estimate, rounds(d2)/time.Duration(m.Repeats))
	}
	if !m.Afford(rounds(d), rounds(rd)) {
		return growth.Sample{Learner: float64(d.Nanoseconds()) / float64(probe),
			Reference: float64(rd.Nanoseconds()) / float64(probe), Capped: true}, false
	}
	first := true
	var learnerBytes, referenceBytes float64 // allocated over every round
	for rep := range m.Repeats {
		sides := []bool{true, false}
		if (rep+m.rounds)%2 == 1 {
			sides = []bool{false, true}
		}
		for _, isLearner := range sides {
			var d time.Duration
			var bytes float64
			if isLearner {
				bytes = allocated(func() {
					d = cpu(func() { m.t.invokeBatch(c, batchLimit(estimate), func() { learner(ops, rep) }) })
				})
				m.learner += d
				if undoL != nil {
					// Putting back is a batch of the graded code's calls too (a removed
					// element added again), as slow per call as the operation can be, and
					// named as what it is: an Add that panics there is not the Remove's.
					m.t.invokeBatch(undoCall(c), batchLimit(estimate), func() { undoL(ops, rep) })
				}
			} else {
				bytes = allocated(func() { d = cpu(func() { reference(ops, rep) }) })
				m.ref += d
				if undoR != nil {
					undoR(ops, rep)
				}
			}
			ns := float64(d.Nanoseconds()) / float64(ops)
			if isLearner {
				x.Learner, learnerBytes = fewest(first, x.Learner, ns), learnerBytes+bytes
			} else {
				x.Reference, referenceBytes = fewest(first, x.Reference, ns), referenceBytes+bytes
			}
		}
		first = false
	}
	calls := ops * m.Repeats
	x.LearnerBytes, x.ReferenceBytes = perCall(learnerBytes, calls), perCall(referenceBytes, calls)
	m.rounds++
	return x, true
}

// PairAt measures s's operation at size as Pair does, the graded side running as a call of that
// method, adds the sample to s, and reports whether it was measured in full: false once the
// budget capped it, when the ladder must stop climbing.
func (m *Meter) PairAt(s *growth.Series, size, ops int, learner, reference, undoL, undoR func(count, rep int)) bool {
	x, ok := m.Pair(Call{Method: s.Op}, ops, learner, reference, undoL, undoR)
	x.Size = size
	s.Add(x)
	return ok
}

// AllocResolution is the fewest bytes a measurement must allocate in all for its count to be
// taken: the runtime counts small objects a span (8 KiB or more) at a time, when a goroutine's
// cache takes a fresh span, so a batch of small allocations reads as nothing or as whole spans.
// One call allocating 2 KiB read as 0 B at a small size and as 2 MiB at a large one once made a
// right Merge look like it allocated O(n²). Over 256 KiB the error is a few percent.
const AllocResolution = 256 << 10

// perCall is the bytes per call of total bytes allocated over calls calls, or 0 when the total
// is below AllocResolution: too little to count, which the growth judge leaves out of its fit.
func perCall(total float64, calls int) float64 {
	if total < AllocResolution {
		return 0
	}
	return total / float64(calls)
}

// fewest is v on the first round, and the smaller of old and v after it.
func fewest(first bool, old, v float64) float64 {
	if first {
		return v
	}
	return min(old, v)
}

// Ladder measures operations of a structure as it grows through Sizes: growing from one size
// to the next times Grow's operation per element (a whole doubling window or more, so an
// amortised O(1) operation is judged on its average), and at each size each query is timed in
// batches. The same values and the same calls go to both sides.
type Ladder[S any] struct {
	Sizes   []int
	New     func() S // a fresh structure of the graded package
	Ref     func() S // a fresh reference structure
	Grow    Grower[S]
	Queries []Query[S]
	// Before, if set, runs at each size before its queries, untimed.
	Before func(n int)

	grown float64 // bytes both sides allocated growing since the last size
}

// Grower is the operation that grows a structure.
type Grower[S any] struct {
	Series *growth.Series
	// Run adds the elements with indices from..to-1 of the suite's value list.
	Run func(s S, from, to int)
	// Calls, if set, is what a batch of Run's calls is printed as, where Run makes calls of
	// more methods than the series' operation ("a batch of Add and Erase calls"): a panic or a
	// stuck call in it is then not pinned on one of them.
	Calls string
}

// call is the call a batch of g.Run's calls runs as: of the series' operation, printed as
// g.Calls where that is set.
func (g Grower[S]) call() Call { return Call{Method: g.Series.Op, Text: g.Calls} }

// undoCall is the call that putting back what a batch of c's calls removed runs as.
func undoCall(c Call) Call {
	return Call{Method: c.Method, Text: "the calls that put back what a batch of " + c.Method + " calls removed"}
}

// Query is an operation timed at each size of a ladder.
type Query[S any] struct {
	Series *growth.Series
	Batch  int // calls in one timed batch
	// Run makes count calls on s at size n, in round rep (a batch that removes elements
	// removes other ones in each round).
	Run func(s S, n, count, rep int)
	// Undo restores s after a batch, untimed; nil if the batch changes nothing.
	Undo func(s S, n, count, rep int)
}

// WarmUp is how many elements each side's code grows a throwaway structure by before the
// measurements: the first window would otherwise also time the code's first run (page faults,
// the allocator's first spans), which makes the reference's first sample slow and the ratio
// climb from there.
const WarmUp = 2000

// The graded side's warm-up grows by WarmChunk elements at a time, each chunk a batch for the
// watchdog, and stops once it has taken WarmBudget: a slow but finite Add (one that scans a large
// structure) is then timed by the ladder, which names it, instead of being taken for an endless
// loop by the watchdog's limit on one call.
const (
	WarmChunk  = 100
	WarmBudget = 300 * time.Millisecond
)

// Measure runs the ladder and returns its series.
func (l *Ladder[S]) Measure(m *Meter) []*growth.Series {
	series := []*growth.Series{l.Grow.Series}
	for _, q := range l.Queries {
		series = append(series, q.Series)
	}
	warm := min(WarmUp, l.Sizes[0])
	// The warm-up grows a throwaway structure in batches of WarmChunk calls, each with a batch's
	// time limit, and stops once it has taken WarmBudget: thousands of calls of a slow operation
	// are not taken for one call in an endless loop, and the ladder times them and names them.
	throwaway := m.t.Invoke(Call{Method: "New", Func: true}, func() any { return l.New() }).(S)
	var spent time.Duration
	for from := 0; from < warm && spent < WarmBudget; from += WarmChunk {
		to := min(from+WarmChunk, warm)
		spent += cpu(func() {
			m.t.invokeBatch(l.Grow.call(), BatchFloor, func() { l.Grow.Run(throwaway, from, to) })
		})
	}
	l.Grow.Run(l.Ref(), 0, warm)

	learner := m.t.Invoke(Call{Method: "New", Func: true}, func() any { return l.New() }).(S)
	ref := l.Ref()
	// The first window starts at half the first size, not at an empty structure: growing from
	// nothing times one-time costs (the first nodes, the first spans of the heap) that would
	// make the first ratio an accident.
	prev := l.Sizes[0] / 2
	probe := max(1, prev/64)
	if dl, dr := l.grow(m, learner, ref, 0, probe, 0, 0); !m.Afford(dl*time.Duration(prev/probe), dr*time.Duration(prev/probe)) {
		l.Grow.Series.Add(growth.Sample{Size: probe, Learner: float64(dl.Nanoseconds()) / float64(probe), Capped: true})
		return series
	}
	l.grow(m, learner, ref, probe, prev, 0, 0)
	l.grown = 0
	stoppedQ := make([]bool, len(l.Queries))
	var lastGrow, lastGrowRef float64 // each side's ns per element in the last growth window
	for i, n := range l.Sizes {
		runtime.GC()
		// The window ahead allocates about twice what the last one did: its memory is made
		// the process's own first, untimed (see prefault).
		prefault(3 * l.grown)
		l.grown = 0
		// Growing: each side's time is predicted from its last window at the same cost per
		// element, with half as much again for the graded code (caches that stop fitting), and
		// the window goes ahead if the graded code's share fits the budget: a right solution
		// within the time limit always does. Its batch may run for ten times what a cost per
		// element growing in proportion to the size predicts (what a wrong growth rate does)
		// before the watchdog calls it stuck. The first window is predicted from a probe of
		// its first elements; a window that the last one's cost does not fit grows in parts
		// (see growInParts).
		from := prev
		var dl, dr time.Duration
		window := float64(n - from)
		if i == 0 {
			probe := max(1, (n-prev)/64)
			dl, dr = l.grow(m, learner, ref, prev, prev+probe, i, 0)
			lastGrow = float64(dl.Nanoseconds()) / float64(probe)
			lastGrowRef = float64(dr.Nanoseconds()) / float64(probe)
			from = prev + probe
			window = float64(n - from)
		} else if !m.Stopped() && !m.fits(time.Duration(1.5*lastGrow*window), time.Duration(lastGrowRef*window)) {
			limit := time.Duration(2 * lastGrow * float64(n) / float64(prev))
			dl, dr, from = l.growInParts(m, learner, ref, prev, n, i, limit)
			if from < n {
				l.Grow.Series.Add(growth.Sample{Size: from, Capped: true,
					Learner:   float64(dl.Nanoseconds()) / float64(from-prev),
					Reference: float64(dr.Nanoseconds()) / float64(from-prev)})
				markCapped(series)
				break
			}
			window = 0
		}
		if !m.Afford(time.Duration(1.5*lastGrow*window), time.Duration(lastGrowRef*window)) {
			if i == 0 {
				l.Grow.Series.Add(growth.Sample{Size: from, Learner: lastGrow,
					Reference: float64(dr.Nanoseconds()) / float64(from-prev), Capped: true})
			}
			markCapped(series)
			break
		}
		if from < n {
			predicted := time.Duration(2 * lastGrow * window * float64(n) / float64(max(prev, 1)))
			gl, gr := l.grow(m, learner, ref, from, n, i, predicted)
			dl, dr = dl+gl, dr+gr
		}
		lastGrow = float64(dl.Nanoseconds()) / float64(n-prev)
		lastGrowRef = float64(dr.Nanoseconds()) / float64(n-prev)
		l.Grow.Series.Add(growth.Sample{Size: n, Learner: lastGrow, Reference: float64(dr.Nanoseconds()) / float64(n-prev)})
		m.noteLead(series)
		if l.Before != nil {
			l.Before(n)
		}
		for j, q := range l.Queries {
			if stoppedQ[j] {
				continue
			}
			if m.Stopped() {
				// The budget ran out on another series: this one's last sample is where its
				// measuring stopped. Otherwise the pair's probe, a few calls at this size,
				// says whether the rounds fit, and when they do not its sample is the one
				// that shows the cost, measured, not guessed from the last size.
				stoppedQ[j] = true
				if k := len(q.Series.Samples); k > 0 {
					q.Series.Samples[k-1].Capped = true
				}
				continue
			}
			var undoL, undoR func(int, int)
			if q.Undo != nil {
				undoL = func(count, rep int) { q.Undo(learner, n, count, rep) }
				undoR = func(count, rep int) { q.Undo(ref, n, count, rep) }
			}
			pair := func() bool {
				x, ok := m.Pair(Call{Method: q.Series.Op}, q.Batch,
					func(count, rep int) { q.Run(learner, n, count, rep) },
					func(count, rep int) { q.Run(ref, n, count, rep) }, undoL, undoR)
				x.Size = n
				q.Series.Add(x)
				return ok
			}
			ok := pair()
			if ok && jumped(q.Series) {
				// One sample far off the others may be the machine's (a burst of page
				// reclaim charged to the thread), not the code's: measure it once more, and
				// the fastest stands.
				ok = pair()
			}
			stoppedQ[j] = !ok
			m.noteLead(series)
		}
		prev = n
		if m.Proven(series...) {
			break // a growth rate already proven wrong: measuring further only costs time
		}
	}
	runtime.KeepAlive(learner)
	runtime.KeepAlive(ref)
	return series
}

// growInParts grows both structures from from to n in parts of a 64th of the window, as grow
// does, going on while the rest of the window, predicted from the last part's cost per element as
// a window is from the last window's, fits the budget, and returns each side's CPU time and the
// size reached: n, or where the budget stopped it. limit is each part's cost per element that the
// watchdog's batch limit allows for.
//
// It grows a window that the last one's cost does not fit. That window may have paid a cost the
// next ones do not (a table grown sixteenfold, once), dearer on a loaded machine: stopping on it
// alone made the verdict hang on the load, and its one sample was outvoted by the sizes below it.
// A cost that grows within the window (an Insert that copies the table once the filter fills) is
// stopped where it passes the budget, its sample the average so far, which the whole window's
// cost could only exceed. Either way the part that stops the ladder is a second measurement that
// shows the cost, beside the last window's, and the judgement (the median of the last sizes)
// rests on both.
func (l *Ladder[S]) growInParts(m *Meter, learner, ref S, from, n, i int, limit time.Duration) (dl, dr time.Duration, reached int) {
	part := max(1, (n-from)/64)
	for lo := from; lo < n; {
		hi := min(lo+part, n)
		gl, gr := l.grow(m, learner, ref, lo, hi, i, limit*time.Duration(hi-lo))
		dl, dr = dl+gl, dr+gr
		rest := time.Duration(n - hi)
		if hi < n && !m.Afford(3*gl*rest/time.Duration(2*(hi-lo)), gr*rest/time.Duration(hi-lo)) {
			return dl, dr, hi
		}
		lo = hi
	}
	return dl, dr, n
}

// grow grows both structures from from to to, alternating which goes first by the size's index,
// and returns the CPU time each side took; predicted sets the graded side's batch limit.
func (l *Ladder[S]) grow(m *Meter, learner, ref S, from, to, i int, predicted time.Duration) (dl, dr time.Duration) {
	c := l.Grow.call()
	growL := func() {
		l.grown += allocated(func() {
			dl = cpu(func() { m.t.invokeBatch(c, batchLimit(predicted), func() { l.Grow.Run(learner, from, to) }) })
		})
	}
	growR := func() { l.grown += allocated(func() { dr = cpu(func() { l.Grow.Run(ref, from, to) }) }) }
	if i%2 == 0 {
		growL()
		growR()
	} else {
		growR()
		growL()
	}
	m.learner += dl
	m.ref += dr
	return dl, dr
}

// prefault makes the heap hold about bytes of free memory that the operating system has already
// given the process (up to PrefaultCap), by allocating it, writing to each of its pages and
// collecting it: the allocations of a growth window then reuse those pages instead of faulting
// in fresh ones on the clock. The collector is off during a window, so everything a window
// allocates is fresh heap, and the kernel's time to hand out a page is charged to the faulting
// thread. A trie kept in one growing slice allocates five times its size in copies per window;
// with fresh pages its Inserts took 1,950 ns each at 50,000 words where the reference took 80,
// and 143 ns with the pages faulted in beforehand: on a machine short of free memory (pages
// reclaimed or compacted before they can be handed out) that cost made a right trie 18× slower
// than the reference and "grow like O(n·L)".
//
// The memory is allocated in small blocks: the heap hands out the lowest free pages that fit, and
// after earlier tests its low gaps are often pages the runtime gave back to the operating system.
// One big block would land above them, and the window's smaller allocations would then fault the
// gaps in; small blocks fill the gaps first, and the rest of them, side by side, become one run
// of free pages for the window's larger allocations. The process never holds more than bytes
// beyond what it held before, as with one block.
func prefault(bytes float64) {
	size := int(min(bytes, PrefaultCap))
	if size < pageStride {
		return
	}
	blocks := make([][]byte, 0, size/prefaultChunk+1)
	for held := 0; held < size; held += prefaultChunk {
		b := make([]byte, prefaultChunk)
		for i := 0; i < len(b); i += pageStride {
			b[i] = 1
		}
		blocks = append(blocks, b)
	}
	runtime.KeepAlive(blocks)
	runtime.GC()
}

// PrefaultCap is the most memory prefault makes ready before a window: a window that allocates
// more than this is far beyond what a right structure of the ladders' sizes allocates, and the
// memory limit, not the clock, is what judges it.
const PrefaultCap = 256 << 20

// prefaultChunk is the size of prefault's blocks.
const prefaultChunk = 64 << 10

// pageStride is the distance between the writes that fault a block's pages in: the smallest page
// size of the platforms kata runs on.
const pageStride = 4096

// jumped reports whether a series' last ratio is more than JumpFactor times the one before.
func jumped(s *growth.Series) bool {
	k := len(s.Samples)
	return k >= 2 && s.Samples[k-1].Ratio() > JumpFactor*s.Samples[k-2].Ratio()
}

// JumpFactor is how far one size's ratio may rise over the previous size's before it is
// measured again. A doubling of the size never quadruples the ratio of a solution that is
// at most linear where the reference is logarithmic.
const JumpFactor = 4

// decided reports whether some series is already proven to grow wrongly (over a span of
// growth.DecideSpan or more, as growth.Decide requires): measuring further only costs time. A
// series that is only too slow goes on being measured while the budget lasts, to see how it
// grows.
func decided(series []*growth.Series) bool {
	return slices.ContainsFunc(series, func(s *growth.Series) bool { return growth.Decide(s).Status == growth.Wrong })
}

// timed reports whether a series is proven to grow wrongly by its time, and none by the bytes it
// allocates (Decision.Counted): only a timed proof is measured again.
func timed(series []*growth.Series) bool {
	var byTime bool
	for _, s := range series {
		switch d := growth.Decide(s); {
		case d.Status != growth.Wrong:
		case d.Counted:
			return false
		default:
			byTime = true
		}
	}
	return byTime
}

// marginal reports whether every series proven to grow wrongly grew by less than ClearGrowth.
func marginal(series []*growth.Series) bool {
	return !slices.ContainsFunc(series, func(s *growth.Series) bool {
		d := growth.Decide(s)
		return d.Status == growth.Wrong && d.Growth >= ClearGrowth
	})
}

// ClearGrowth is the growth of the ratio past which a wrong growth proven on two passes stands
// without more: twice growth.WrongGrowth, beyond what a neighbour's use of the caches was seen
// to add to a right solution's.
const ClearGrowth = 2 * growth.WrongGrowth

// ConfirmPasses is how many passes in all a ladder whose wrong growth is marginal is measured
// before the verdict stands.
const ConfirmPasses = 4

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
	return slices.ContainsFunc(series, func(s *growth.Series) bool { return growth.Decide(s).Status == growth.Unsure })
}

// markCapped notes on every series that the measurements stopped at the budget.
func markCapped(series []*growth.Series) {
	for _, s := range series {
		if k := len(s.Samples); k > 0 {
			s.Samples[k-1].Capped = true
		}
	}
}

// JudgeGrowth measures with each of measures, each with a budget of its own (so that a slow
// first ladder leaves the next one its measurements), and judges every series they return. A
// ladder proven wrong by its time (not by the bytes counted per call) is measured again
// (afresh, the fastest sample per size kept), up to ConfirmPasses times in all while its wrong
// growth is marginal, and one whose judgement is still unsure once more, before growth.Final
// settles it. A series whose growth is wrong, or that passes the time limit, fails the test
// with time_limit_exceeded, naming the operation, with its hint.
func JudgeGrowth(t *T, measures ...func(m *Meter) []*growth.Series) {
	// Both structures live in one heap, so a garbage collection that one side's allocations
	// start makes the other side's thread help mark the heap (assists) and look slower: a
	// trie in one growing slice looked 27 times slower than the reference when its copies
	// triggered collections that then scanned the reference's nodes. The collector runs between
	// measurements instead (Ladder.Measure collects before each size), and otherwise only near
	// the memory limit, which stays set.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer t.lead.Store(nil)
	ladders := make([][]*growth.Series, len(measures))
	cut := make([]bool, len(measures))    // the ladder's last pass stopped before its end
	budget := make([]bool, len(measures)) // by the budget
	for i, measure := range measures {
		m := newMeter(t)
		ladders[i] = measure(m)
		budget[i] = m.Stopped()
		cut[i] = budget[i] || decided(ladders[i])
		t.lead.Store(lead(ladders...))
	}
	again := func(i int, whole bool) {
		m := newMeter(t)
		m.rounds, m.whole = 1, whole
		pass := measures[i](m)
		for j, s := range pass {
			for _, x := range s.Samples {
				ladders[i][j].Add(x)
			}
		}
		budget[i] = m.Stopped()
		cut[i] = budget[i] || decided(pass) && !whole
		t.lead.Store(lead(ladders...))
	}
	// A growth proven wrong on one pass is measured again before it stands: one pass on a
	// busy machine once took a right trie's ratio from 2.4× to 5.9× with noise enough between
	// to fit a tenfold growth. The fastest sample per size of the passes decides. A growth
	// still proven wrong by less than ClearGrowth is measured again, up to ConfirmPasses in all:
	// other processes sharing the caches make a larger structure slower than a smaller one, and
	// they made a right hash set's ratio grow 14.5× over a span of 64 in two passes in a row on
	// a CI machine, where wrong ones grew 10.5× to 15× in the kit's recordings. Only the fastest
	// samples of more passes can tell them apart: a wrong growth stays, a neighbour's burst
	// does not.
	// A growth proven by the bytes counted per call stands at once: load does not change them.
	for i := range measures {
		for pass := 1; pass < ConfirmPasses && timed(ladders[i]) && (pass == 1 || marginal(ladders[i])); pass++ {
			again(i, false)
		}
	}
	for i := range measures {
		if anyWrong(ladders) {
			break // the verdict is known: measuring again cannot take it back
		}
		switch {
		case cut[i] && !budget[i]:
			// Two passes proved a wrong growth each and their fastest samples do not: the
			// whole ladder, so that every row is judged.
			again(i, true)
		case !cut[i] && unsure(ladders[i]):
			// The whole ladder, as above: a pass that stopped once it proved a growth its
			// merge with the first does not prove would leave every row unjudged.
			again(i, true)
		}
	}
	var fail reported
	for i, series := range ladders {
		settled := !cut[i] && !decided(series) // else the ladder stopped early
		for _, s := range series {
			d := growth.Final(s, settled)
			for _, x := range s.Samples {
				t.Measure(record.Point{Op: s.Op, Axis: s.Axis, Point: x})
			}
			hint := hintFor(s, d)
			if _, ok := t.run.judged[s.Op+"/"+s.Axis]; !ok && d.Status.Judged() {
				if t.run.judged == nil {
					t.run.judged = map[string]growth.Decision{}
				}
				t.run.judged[s.Op+"/"+s.Axis] = d
			}
			if _, ok := t.run.growthHints[s.Op]; !ok && s.Hint != "" {
				if t.run.growthHints == nil {
					t.run.growthHints = map[string]string{}
				}
				t.run.growthHints[s.Op] = s.Hint
			}
			t.run.write(record.Event{Kind: record.Judged, Test: t.name, Complexity: &record.Complexity{
				Judgement: result.Judgement{Op: s.Op, Axis: s.Axis, Expected: s.Expected, Status: d.Status,
					Observed: d.Observed, Reason: d.Reason, Hint: hint},
				Slope: d.Slope, Growth: d.Growth, Ratio: d.Ratio,
				Capped: slices.ContainsFunc(s.Samples, func(x growth.Sample) bool { return x.Capped }),
			}})
			fail.offer(s, d, hint)
		}
	}
	if fail.first != nil {
		t.Fail(fail.first)
	}
}

// Judged returns the decision that an earlier growth test of this run reached on op along axis,
// and whether one reached any: a later test's hint can rest on what that one measured.
func (t *T) Judged(op, axis string) (growth.Decision, bool) {
	d, ok := t.run.judged[op+"/"+axis]
	return d, ok
}

// reported is the failure a growth test reports: the first series proven to grow wrongly, else
// the first over the time limit. A filter whose Lookup scans every bucket is far too slow along
// the number of keys, at a fixed number of buckets, and grows wrongly along the buckets: the
// wrong growth names the cause, where the slow series could only say the call is slow.
type reported struct {
	first *record.Failure
	wrong bool // first is a wrong growth
}

// offer considers series s judged d, with its hint.
func (f *reported) offer(s *growth.Series, d growth.Decision, hint string) {
	if !d.Status.Failed() || f.wrong || f.first != nil && d.Status != growth.Wrong {
		return
	}
	f.first = &record.Failure{Verdict: verdict.TimeLimitExceeded, Op: s.Op, Message: d.Reason, Hint: hint}
	f.wrong = d.Status == growth.Wrong
}

// lead is the first failure that the measurements so far point to (the first growth proven
// wrong, else the first call over the time limit), or nil: the watchdog names it if the run reaches its wall-clock
// limit before the growth test's verdict.
func lead(ladders ...[]*growth.Series) *record.Failure {
	var f reported
	for _, series := range ladders {
		for _, s := range series {
			d := growth.Decide(s)
			f.offer(s, d, hintFor(s, d))
		}
	}
	return f.first
}

// noteLead keeps the first failure series point to as the test's lead, within a first pass
// (before JudgeGrowth sees its ladders), unless the test has one already.
func (m *Meter) noteLead(series []*growth.Series) {
	if m.t.lead.Load() == nil {
		m.t.lead.Store(lead(series))
	}
}

// anyWrong reports whether some series of some ladder is proven to grow wrongly.
func anyWrong(ladders [][]*growth.Series) bool {
	return slices.ContainsFunc(ladders, decided)
}

// hintFor is the hint for a series judged d: the series' hint for a wrong growth, and for a call
// over the time limit whose growth was not shown right the same, said to be a wrong growth's
// cure, not proven; its slow hint for a right growth over
// the time limit, led by what the code allocates per call when it allocates far more than the
// reference; none for a series right or not judged.
func hintFor(s *growth.Series, d growth.Decision) string {
	if s.HintNow != nil && d.Status.Failed() {
		return s.HintNow()
	}
	switch {
	case d.Status == growth.Slow && d.Observed == s.Expected && growth.ShownRight(s, d):
		last := s.Samples[len(s.Samples)-1]
		if last.LearnerBytes >= AllocHint && last.LearnerBytes >= 2*last.ReferenceBytes {
			return fmt.Sprintf("each call allocates %.0f bytes on the heap where the reference allocates %.0f: "+
				"allocate nothing per call that the structure does not keep; %s",
				last.LearnerBytes, last.ReferenceBytes, s.SlowHint)
		}
		return s.SlowHint
	case d.Status == growth.Slow && s.Hint != "" && d.Observed != s.Expected:
		// Too slow, and its growth neither shown right nor proven wrong: the suite's hint
		// names the likeliest cause, a wrong growth, which the message says was not proven.
		return fmt.Sprintf("if %s grows faster than %s (not proven): %s", s.Op, s.Expected, s.Hint)
	case d.Status.Failed():
		return s.Hint
	}
	return ""
}

// AllocHint is the least heap allocation per call that a slow operation's hint blames.
const AllocHint = 64

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
// absent values; Delete removes present values (other ones in each round) and the ladder puts
// them back, untimed.
type Keyed[S any] struct {
	Insert, Lookup, Delete func(s S, v int)
	// The series each operation's measurements go to; Lookup and Delete may be nil.
	InsertSeries, LookupSeries, DeleteSeries *growth.Series
	// Extra queries, timed like Lookup.
	Extra []Query[S]
	// AbsentLookups times Lookup on the same AbsentKeys absent values at every size (each an
	// even value plus one), in turn, in place of neighbouring present and absent ones. A hash
	// table scatters neighbouring values over the whole table, so the reference's lookups of
	// them miss the caches more and more as it grows, and that drift (about 5× over the hash
	// set's ladder) hid most of a fixed table's chains growing 64×; the same few keys at every
	// size stay in the caches of a right table, and an absent key walks the whole chain of a
	// wrong one.
	AbsentLookups bool
}

// AbsentKeys is how many absent values Keyed.AbsentLookups cycles through: few enough that the
// reference's slots for them stay in the first-level cache whatever else the machine runs.
const AbsentKeys = 64

// KeyedBatch is the number of calls in a timed query batch of a keyed ladder.
const KeyedBatch = 1000

// Ladder builds the ladder over values (distinct, at least the largest size long).
func (k Keyed[S]) Ladder(sizes []int, values []int, newL, newR func() S) *Ladder[S] {
	// pick returns the i-th value of run j at size n: runs are KeyedBatch values present at
	// size n and consecutive in order, from the middle of that order on (so that a scan from
	// either end walks half the structure to reach them), run 0 for lookups, 1+rep for the
	// removals of round rep (so that a round never removes what an earlier round put back,
	// which may sit where it is cheaper to find). A batch of calls on neighbouring values
	// works on as many cache lines in any right structure, however large it grows, while
	// values spread over the whole structure make a pointer-heavy layout, the reference's
	// included, miss the caches more and more as it grows: that drift, up to 12× over the
	// ladder for a skip list, hid a linear scan's growth, and passed for wrong growth in right
	// code.
	var sorted []int // the values present, in order: made at each size, untimed
	pick := func(n, j, i int) int { return sorted[(n/2+j*KeyedBatch+i)%n] }
	l := &Ladder[S]{
		Sizes: sizes, New: newL, Ref: newR,
		Before: func(n int) { sorted = slices.Sorted(slices.Values(values[:n])) },
		Grow: Grower[S]{Series: k.InsertSeries, Run: func(s S, from, to int) {
			for _, v := range values[from:to] {
				k.Insert(s, v)
			}
		}},
	}
	if k.Lookup != nil {
		l.Queries = append(l.Queries, Query[S]{Series: k.LookupSeries, Batch: KeyedBatch,
			Run: func(s S, n, count, rep int) {
				for i := range count {
					if k.AbsentLookups {
						k.Lookup(s, values[i%AbsentKeys]+1)
					} else {
						k.Lookup(s, pick(n, 0, i)+i&1) // present, then absent (values are even)
					}
				}
			}})
	}
	if k.Delete != nil {
		l.Queries = append(l.Queries, Query[S]{Series: k.DeleteSeries, Batch: KeyedBatch,
			Run: func(s S, n, count, rep int) {
				for i := range count {
					k.Delete(s, pick(n, 1+rep, i))
				}
			},
			Undo: func(s S, n, count, rep int) {
				for i := range count {
					k.Insert(s, pick(n, 1+rep, i))
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
