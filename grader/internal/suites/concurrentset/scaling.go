package concurrentset

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// The contract's scaling protocol: 50% Contains, 25% Add, 25% Remove over ScaleKeys keys, half
// of them present, in ScaleRounds paired rounds (one goroutine for ScalePhase, then two), for
// the graded set and the reference in the same run; each one's median ratio of two goroutines'
// operations per second over one's.
const (
	ScaleKeys   = 1 << 16
	ScaleRounds = 5
	ScalePhase  = 250 * time.Millisecond
	// RefuseBelow, RefuseShare and ReferenceShows are the contract's thresholds: a set is
	// refused when its median is below RefuseBelow and below RefuseShare times the reference's,
	// and only when the reference's median reached ReferenceShows on an otherwise idle machine.
	// A right fine-grained set measures 1.15 to 1.5 where the reference reaches 1.2, one lock
	// about 0.4: no right set falls below both marks, whatever the load, since on a loaded
	// machine nothing is judged at all.
	RefuseBelow    = 1.0
	RefuseShare    = 0.75
	ReferenceShows = 1.2
	// IdleShare is the most CPU time other processes may use during a round, as a share of one
	// core's, for the machine to count as otherwise idle. It is measured over the round's four
	// phases (about a second), not phase by phase: /proc/stat counts in ticks of 10 ms, and over
	// one 250 ms phase a tick or two of rounding alone passed the mark on an idle machine.
	IdleShare = 0.10
)

// scaling runs the scaling rounds and refuses a set that does not scale, where that can be told.
//
// The machine's parallelism is the one the judge started the program with (startProcs), not
// runtime.GOMAXPROCS(0): the graded package's init, New or methods may have changed that. Every
// phase, of either set, starts under the judge's GOMAXPROCS, so that a change the graded code
// made before it (in init, New, or the calls before) cannot switch the check off; a change it
// makes within a phase is measured as it runs. The message names every change the code made.
func scaling(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/scaling", Kind: harness.Performance, Run: func(t *harness.T) {
		judge := startProcs()
		if runtime.NumCPU() < 2 || judge < 2 {
			t.Note("not judged: this machine runs at most one goroutine at a time (%d CPU, GOMAXPROCS %d)",
				runtime.NumCPU(), judge)
			return
		}
		// Whatever the graded code set before this test (in init, or in the calls of the tests
		// before) is undone, and the judge's setting is left behind it.
		var changes []string
		if before := runtime.GOMAXPROCS(judge); before != judge {
			changes = append(changes, fmt.Sprintf("to %d before this test (set back)", before))
		}
		defer runtime.GOMAXPROCS(judge)
		// learned notes what the graded code's calls left GOMAXPROCS at, and sets it back.
		learned := func(where string) {
			if p := runtime.GOMAXPROCS(judge); p != judge {
				if c := fmt.Sprintf("to %d %s (set back)", p, where); !slices.Contains(changes, c) {
					changes = append(changes, c)
				}
			}
		}
		// The garbage collector, when it runs, takes the second core from two goroutines: collect
		// before each phase and seldom during it.
		defer debug.SetGCPercent(debug.SetGCPercent(400))
		learnerSet := t.Invoke(harness.Call{Method: "New", Func: true}, func() any { return learner.New() }).(Set)
		learned("in New")
		sets := [2]Set{learnerSet, reference.New()}
		seed := t.Rand().Uint64()
		for side, s := range sets {
			r := rand.New(rand.NewPCG(seed, 3))
			for k := range ScaleKeys {
				if r.IntN(2) == 0 {
					s.Add(k)
				}
			}
			if side == 0 {
				learned("in Add")
			}
		}
		var ratios [2][]float64
		idle, why := true, ""
		for round := range ScaleRounds {
			busy, cpu, began := machineBusy(), harness.ProcessCPU(), time.Now()
			for i := range 2 {
				side := (i + round) % 2 // alternate which side goes first
				var rates [2]float64
				for n := 1; n <= 2; n++ {
					rates[n-1] = phase(t, sets[side], n, seed+uint64(round))
					if side == 0 {
						learned("during the rounds")
					}
				}
				ratios[side] = append(ratios[side], rates[1]/rates[0])
			}
			if idle {
				idle, why = quietSince(busy, cpu, began)
			}
		}
		lm, rm := median(ratios[0]), median(ratios[1])
		figures := fmt.Sprintf("two goroutines did %.2f× the operations per second of one (median of %d rounds: %s); "+
			"the reference %.2f× (%s)", lm, ScaleRounds, list(ratios[0]), rm, list(ratios[1]))
		if len(changes) > 0 {
			figures += fmt.Sprintf("; the code changed GOMAXPROCS from the judge's %d: %s", judge,
				strings.Join(changes, ", "))
		}
		switch {
		case !idle:
			t.Note("not judged: the machine was not otherwise idle during the rounds (%s); %s", why, figures)
		case rm < ReferenceShows:
			t.Note("not judged: the reference reached only %.3f× here (it must reach %.1f× to show this "+
				"machine runs two goroutines at once); %s", rm, ReferenceShows, figures)
		case lm < RefuseBelow && lm < RefuseShare*rm:
			t.Fail(&record.Failure{Verdict: verdict.TimeLimitExceeded, Op: "Add, Remove and Contains on two goroutines",
				Message: "does not scale: " + figures + ", on an otherwise idle machine",
				Hint: "one lock lets one goroutine work at a time: give each node its own lock and lock only the " +
					"predecessors a change touches (the lazy skip list), and let Contains and Range take no lock at all"})
		default:
			t.Note("%s", figures)
		}
	}}
}

// startProcs returns the GOMAXPROCS the judge started this program with: the GOMAXPROCS
// environment variable it got, when that is a positive whole number, or else its number of
// CPUs. By now the graded package's init has run and may have called runtime.GOMAXPROCS or
// os.Setenv, so the environment is read from /proc/self/environ, which holds it as the program
// got it, where there is one. A cgroup's CPU quota, which the runtime's own default heeds, is
// left aside: where it allows less than two CPUs the reference cannot reach ReferenceShows.
func startProcs() int {
	v := os.Getenv("GOMAXPROCS")
	if b, err := os.ReadFile("/proc/self/environ"); err == nil {
		v = ""
		for kv := range strings.SplitSeq(string(b), "\x00") {
			if val, found := strings.CutPrefix(kv, "GOMAXPROCS="); found {
				v = val
			}
		}
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		return n
	}
	return runtime.NumCPU()
}

// phase runs the workload on s with n goroutines for ScalePhase and returns the operations per
// second.
func phase(t *harness.T, s Set, n int, seed uint64) float64 {
	runtime.GC()
	tm := newTeam(s, n, 0)
	var stop atomic.Bool
	counts := make([]atomic.Int64, n*16) // counts[16*i]: member i's, a cache line apart
	began := time.Now()
	go func() {
		time.Sleep(ScalePhase)
		stop.Store(true)
	}()
	tm.run(t, func(m *member) {
		r := rand.New(rand.NewPCG(seed, uint64(m.g)))
		tm.enter(m, "Add, Remove or Contains in the scaling rounds")
		var done int64
		for !stop.Load() {
			for range 64 {
				k := r.IntN(ScaleKeys)
				switch r.IntN(4) {
				case 0:
					s.Add(k)
				case 1:
					s.Remove(k)
				default:
					s.Contains(k)
				}
			}
			done += 64
			m.progress.Store(done)
		}
		counts[16*(m.g-1)].Store(done)
		m.cur.Store(nil)
	}, nil)
	elapsed := time.Since(began)
	var total int64
	for i := range n {
		total += counts[16*i].Load()
	}
	return float64(total) / elapsed.Seconds()
}

// quietSince reports whether the rest of the machine stayed idle since began, when the machine
// had used busy and this process cpu of CPU time, and if not, why it does not count as idle.
func quietSince(busy, cpu time.Duration, began time.Time) (bool, string) {
	after := machineBusy()
	if busy < 0 || after < 0 {
		return false, "the machine's load cannot be measured here"
	}
	elapsed := time.Since(began)
	others := after - busy - (harness.ProcessCPU() - cpu)
	if others > time.Duration(IdleShare*float64(elapsed)) {
		return false, fmt.Sprintf("other processes used %.0f%% of a core", 100*others.Seconds()/elapsed.Seconds())
	}
	return true, ""
}

// machineBusy returns the CPU time all processes of the machine have used, from /proc/stat, or
// -1 where there is none.
func machineBusy() time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return -1
	}
	line, _, _ := strings.Cut(string(b), "\n")
	fields := strings.Fields(line)
	if len(fields) < 8 || fields[0] != "cpu" {
		return -1
	}
	var ticks int64
	for i, f := range fields[1:] {
		if i == 3 || i == 4 { // idle, iowait
			continue
		}
		if i >= 8 { // guest time is counted in user time already
			break
		}
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return -1
		}
		ticks += v
	}
	return time.Duration(ticks) * time.Second / userHz
}

// userHz is the unit of /proc/stat: 100 ticks a second on every Linux architecture Go runs on.
const userHz = 100

// median returns the median of xs.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// list prints ratios with two decimals.
func list(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatFloat(x, 'f', 2, 64)
	}
	return strings.Join(parts, ", ")
}
