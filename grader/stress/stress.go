// Package stress measures how reliable the judge's growth verdicts are: it runs the performance
// tests of the references and of variants kept under grader/testdata many times, on a quiet
// machine and with other gradings running alongside, and counts false flags (a right-growth
// variant called too slow) and misses (a wrong-growth variant accepted). It can record every
// measured series, so that the growth judge's tests replay real measurements.
//
// The variants are the Kattis-style submissions of grader/testdata: every package under
// accepted/ is right (some a constant factor slower than the reference: they must never be
// flagged), and every package under time_limit_exceeded/ whose name starts with "growth-" has a
// wrong growth rate (it must always be flagged).
package stress

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"kata/grader"
	"kata/grader/exercise"
	"kata/grader/layout"
	"kata/grader/result"
	"kata/grader/verdict"
)

// Variant is one package whose growth verdict is known in advance.
type Variant struct {
	Exercise *exercise.Exercise
	Name     string
	Dir      string
	Right    bool // right growth: must never be flagged
}

// GrowthPrefix starts the names of the wrong-growth variants under time_limit_exceeded/.
const GrowthPrefix = "growth-"

// Variants lists, for the exercises given, the reference and the growth variants under the
// kit's grader/testdata.
func Variants(kit layout.Kit, exercises []*exercise.Exercise) ([]Variant, error) {
	subs, err := grader.Submissions(kit.Testdata())
	if err != nil {
		return nil, err
	}
	var out []Variant
	for _, e := range exercises {
		out = append(out, Variant{Exercise: e, Name: "reference", Dir: kit.Solution(e.Name), Right: true})
		for _, s := range subs {
			if s.Exercise != e {
				continue
			}
			switch {
			case s.Expected == verdict.Accepted:
				out = append(out, Variant{Exercise: e, Name: s.Name, Dir: s.Dir, Right: true})
			case s.Expected == verdict.TimeLimitExceeded && strings.HasPrefix(s.Name, GrowthPrefix):
				out = append(out, Variant{Exercise: e, Name: s.Name, Dir: s.Dir})
			}
		}
	}
	return out, nil
}

// Options configure a stress run.
type Options struct {
	Kit  layout.Kit // the kit whose references run alongside
	Runs int        // runs of each variant in each mode
	// Alongside is how many other gradings run at the same time as each measured run in the
	// loaded mode, each grading the references over and over; 0 runs the quiet mode only.
	Alongside int
	// LoadedOnly skips the quiet mode.
	LoadedOnly bool
	// Progress, if set, gets one line per variant and mode as they finish.
	Progress io.Writer
	// Record, if set, gets one JSON line (a Recording) per measured run.
	Record io.Writer
}

// Recording is one measured run as kata dev stress --record writes it: the series the judge
// measured, with every point, and what it decided. The growth judge's tests replay them.
type Recording struct {
	Exercise   string              `json:"exercise"`
	Variant    string              `json:"variant"`
	Right      bool                `json:"right"` // right growth: must never be flagged
	Loaded     bool                `json:"loaded"`
	Seed       uint64              `json:"seed"`
	Verdict    verdict.Verdict     `json:"verdict"`
	Message    string              `json:"message"`
	Complexity []result.Complexity `json:"complexity"`
}

// Tally is how one variant fared in one mode.
type Tally struct {
	Variant Variant
	Loaded  bool
	Runs    int
	Flagged int     // runs judged time_limit_exceeded
	Other   int     // runs with another verdict than accepted or time_limit_exceeded
	Worst   float64 // the largest ratio growth seen (last size's ratio over the first's)
	Seconds []float64
	Notes   []string // why runs were flagged, or their other verdicts
}

// Run builds each variant once and runs its performance tests o.Runs times in each mode.
func Run(ctx context.Context, o Options, variants []Variant) ([]*Tally, error) {
	var modes []bool
	if !o.LoadedOnly {
		modes = append(modes, false)
	}
	if o.Alongside > 0 {
		modes = append(modes, true)
	}
	var tallies []*Tally
	for _, v := range variants {
		p, err := prepare(ctx, o.Kit, v.Exercise, v.Dir)
		if err != nil {
			return nil, fmt.Errorf("%s/%s: %w", v.Exercise.Name, v.Name, err)
		}
		for _, loaded := range modes {
			t, err := runMode(ctx, o, p, v, loaded)
			if err != nil {
				p.Close()
				return nil, err
			}
			tallies = append(tallies, t)
			if o.Progress != nil {
				fmt.Fprintln(o.Progress, line(t))
			}
		}
		p.Close()
	}
	return tallies, nil
}

// prepare builds the performance tests of one package.
func prepare(ctx context.Context, kit layout.Kit, e *exercise.Exercise, dir string) (*grader.Prepared, error) {
	return grader.Prepare(ctx, grader.Request{
		Root: kit.Root, Exercise: e, Dir: dir, Solutions: kit.Solutions(),
		PerfOnly: true, Limits: grader.DefaultLimits,
	})
}

// alongside starts n gradings that each run one reference's performance tests over and over,
// in child processes of their own, until the returned stop is called: the load of the loaded
// mode, as a class graded in parallel or a learner's other work puts it on the machine.
func alongside(ctx context.Context, kit layout.Kit, n int) (stop func(), err error) {
	all := exercise.All()
	var refs []*grader.Prepared
	for w := range n {
		e := all[w%len(all)]
		p, err := prepare(ctx, kit, e, kit.Solution(e.Name))
		if err != nil {
			for _, q := range refs {
				q.Close()
			}
			return nil, err
		}
		refs = append(refs, p)
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, p := range refs {
		wg.Go(func() {
			for seed := uint64(1); ctx.Err() == nil; seed++ {
				p.Run(ctx, seed)
			}
		})
	}
	return func() {
		cancel()
		wg.Wait()
		for _, p := range refs {
			p.Close()
		}
	}, nil
}

// runMode runs one prepared variant o.Runs times, with other gradings alongside when loaded.
func runMode(ctx context.Context, o Options, p *grader.Prepared, v Variant, loaded bool) (*Tally, error) {
	if loaded {
		stop, err := alongside(ctx, o.Kit, o.Alongside)
		if err != nil {
			return nil, fmt.Errorf("cannot start the gradings alongside: %w", err)
		}
		defer stop()
	}
	t := &Tally{Variant: v, Loaded: loaded}
	for i := range o.Runs {
		start := time.Now()
		seed := uint64(1000 + i)
		res, err := p.Run(ctx, seed)
		if err != nil {
			return nil, fmt.Errorf("%s/%s: %w", v.Exercise.Name, v.Name, err)
		}
		if o.Record != nil {
			rec := Recording{Exercise: v.Exercise.Name, Variant: v.Name, Right: v.Right, Loaded: loaded,
				Seed: seed, Verdict: res.Verdict, Message: res.Message, Complexity: res.Complexity}
			if err := json.NewEncoder(o.Record).Encode(rec); err != nil {
				return nil, err
			}
		}
		t.Runs++
		t.Seconds = append(t.Seconds, time.Since(start).Seconds())
		for _, c := range res.Complexity {
			if n := len(c.Points); n >= 2 {
				first, last := c.Points[0], c.Points[n-1]
				g := (last.Learner / last.Reference) / (first.Learner / first.Reference)
				t.Worst = math.Max(t.Worst, g)
			}
		}
		switch res.Verdict {
		case verdict.TimeLimitExceeded:
			t.Flagged++
			if v.Right {
				t.Notes = append(t.Notes, res.Message)
			}
		case verdict.Accepted:
			if !v.Right {
				t.Notes = append(t.Notes, "accepted: "+res.Message)
			}
		default:
			t.Other++
			t.Notes = append(t.Notes, string(res.Verdict)+": "+res.Message)
		}
	}
	return t, nil
}

func mode(loaded bool) string {
	if loaded {
		return "loaded"
	}
	return "quiet"
}

// line formats one tally.
func line(t *Tally) string {
	want := "right"
	if !t.Variant.Right {
		want = "wrong"
	}
	secs := slices.Clone(t.Seconds)
	sort.Float64s(secs)
	median := 0.0
	if len(secs) > 0 {
		median = secs[len(secs)/2]
	}
	s := fmt.Sprintf("%-14s %-30s %-6s %-7s flagged %2d/%-2d  worst growth %6.1f  median %.1fs",
		t.Variant.Exercise.Name, t.Variant.Name, want, mode(t.Loaded), t.Flagged, t.Runs, t.Worst, median)
	if t.Other > 0 {
		s += fmt.Sprintf("  (%d other verdicts)", t.Other)
	}
	return s
}

// Print writes the table and the totals: false flags and misses, quiet and loaded.
func Print(w io.Writer, tallies []*Tally) (falseFlags, misses int) {
	for _, t := range tallies {
		fmt.Fprintln(w, line(t))
		for _, n := range t.Notes {
			fmt.Fprintf(w, "    %s\n", n)
		}
	}
	for _, loaded := range []bool{false, true} {
		var ff, ffRuns, miss, missRuns int
		for _, t := range tallies {
			if t.Loaded != loaded {
				continue
			}
			if t.Variant.Right {
				ff += t.Flagged
				ffRuns += t.Runs
			} else {
				miss += t.Runs - t.Flagged
				missRuns += t.Runs
			}
		}
		if ffRuns+missRuns == 0 {
			continue
		}
		fmt.Fprintf(w, "%s: false flags %d of %d runs of right variants, misses %d of %d runs of wrong variants\n",
			mode(loaded), ff, ffRuns, miss, missRuns)
		falseFlags += ff
		misses += miss
	}
	return falseFlags, misses
}
