package harness

import (
	"cmp"
	"slices"
	"time"
)

// shrink looks for a shorter and simpler sequence that still fails the same way as calls,
// whose last call is the failing one. It removes chunks of calls, halving the chunk size down to
// single calls (delta debugging), then tries simpler argument values, until nothing more helps or
// budget of CPU time is spent (see shrinkTime). Whatever it returns still fails.
func shrink[S any](t *T, m *Model[S], calls []Call, kind failKind, budget time.Duration) []Call {
	deadline := ThreadCPU() + budget
	// The failure is found: shrinking has its own deadline, and must not turn it into a time
	// limit.
	defer func(b time.Duration) { t.backstop = b }(t.backstop)
	t.backstop = 0
	expired := func() bool { return ThreadCPU() > deadline }
	// fails runs a candidate and, when it fails the same way, returns it cut after the failing call.
	fails := func(cand []Call) ([]Call, bool) {
		t.SetBudget(deadline - ThreadCPU())
		defer t.SetBudget(0)
		o := play(t, m, cand, nil, false, true)
		if o.kind != kind || o.at < 0 {
			return nil, false
		}
		return cand[:o.at+1], true
	}

	cur := calls
	for changed := true; changed && !expired(); {
		changed = false
		for size := len(cur) / 2; size >= 1 && !expired(); size = min(size/2, len(cur)/2) {
			for start := 0; start < len(cur) && !expired(); {
				end := min(start+size, len(cur))
				cand := slices.Concat(cur[:start], cur[end:])
				if len(cand) == 0 {
					start = end
					continue
				}
				if shorter, ok := fails(cand); ok {
					cur, changed = shorter, true
					continue
				}
				start = end
			}
		}
	}

	simplify := m.Simplify
	if simplify == nil {
		simplify = SimplifyInts
	}
	if len(cur) > maxSimplifyLen {
		return cur
	}
	for rounds := 0; rounds < 200 && !expired(); rounds++ {
		improved := false
		for _, cand := range simplify(cur) {
			if expired() {
				break
			}
			if len(cand) == 0 || !simpler(cand, cur) {
				continue
			}
			if shorter, ok := fails(cand); ok {
				cur, improved = shorter, true
				break
			}
		}
		if !improved {
			break
		}
	}
	return cur
}

// ShrinkBudget is the CPU time the shrinker may spend on one failure beyond the first halvings
// of a long case, which shrinkTime pays for separately.
const ShrinkBudget = 3 * time.Second

// shrinkReplays is how many replays of the failing sequence the shrinker gets on top of
// ShrinkBudget. Cutting a long case down to its few calls that matter costs three to five
// replays of the whole, wherever those calls are (a 266,667-call counting filter case: 3.1;
// TestShrinkTimeFollowsTheCase, whose first two and last two calls matter: 4.9).
const shrinkReplays = 8

// shrinkTime is the shrinker's budget for a failing sequence whose replay took replay of CPU
// time: floor for the search, plus shrinkReplays replays (at most TestBudget) for its first
// halvings. The halvings cost what the sequence costs, so a long case is cut down as far on a
// loaded machine, where every call takes longer, as on an idle one.
func shrinkTime(floor, replay time.Duration) time.Duration {
	return floor + min(shrinkReplays*replay, TestBudget)
}

// maxSimplifyLen is the longest sequence whose values the shrinker tries to simplify: each
// candidate copies the sequence.
const maxSimplifyLen = 400

// simpler reports whether a is a strictly simpler sequence than b: shorter, or as long with
// smaller arguments in total, so that simplification cannot go round in circles.
func simpler(a, b []Call) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return weight(a) < weight(b)
}

// weight sums the sizes of a sequence's arguments: |n| for ints, length for strings and bytes.
func weight(calls []Call) float64 {
	var w float64
	for _, c := range calls {
		for _, a := range c.Args {
			switch x := a.(type) {
			case int:
				w += absf(float64(x))
				if x < 0 {
					w += 0.5 // prefer 1 to -1
				}
			case uint64:
				w += float64(x)
			case uint:
				w += float64(x)
			case float64:
				w += absf(x)
			case string:
				w += float64(len(x)) + letters(x)
			case []byte:
				w += float64(len(x)) + letters(string(x))
			}
		}
	}
	return w
}

// letters breaks ties between strings of one length: "a" is simpler than "q". It stays below 1
// for any string the exercises allow, so length always counts first.
func letters(s string) float64 {
	var sum float64
	for i := 0; i < len(s); i++ {
		sum += float64(s[i]) * 1e-7
	}
	return sum
}

func absf(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// SimplifyInts proposes simpler int arguments for a failing sequence: every distinct value
// replaced, everywhere it occurs, by a smaller one (0, 1, -1, half of it, or its rank among the
// values), and all values replaced at once by their ranks. Values keep their identity within a
// candidate, so "Add(x) then Erase(x)" stays about one value.
func SimplifyInts(calls []Call) [][]Call {
	var values []int
	seen := map[int]bool{}
	for _, c := range calls {
		for _, a := range c.Args {
			if x, ok := a.(int); ok && !seen[x] {
				seen[x] = true
				values = append(values, x)
			}
		}
	}
	if len(values) == 0 {
		return nil
	}
	sorted := slices.Clone(values)
	slices.Sort(sorted)
	rank := map[int]int{}
	for i, v := range sorted {
		rank[v] = i + 1
	}
	var cands [][]Call
	cands = append(cands, MapArgs(calls, func(x int) int { return rank[x] }))
	// The largest values first: they gain most.
	slices.SortFunc(values, func(a, b int) int { return cmp.Compare(absi(b), absi(a)) })
	for _, v := range values {
		for _, r := range []int{0, 1, -1, 2, rank[v], v / 2} {
			if r == v || seen[r] {
				continue
			}
			cands = append(cands, MapArgs(calls, func(x int) int {
				if x == v {
					return r
				}
				return x
			}))
		}
	}
	return cands
}

func absi(x int) int {
	if x < 0 {
		if x == -x { // math.MinInt
			return x - 1 // wraps to math.MaxInt: the largest magnitude
		}
		return -x
	}
	return x
}

// MapArgs copies calls with every argument of type A replaced by f of it: the ints, words,
// scores or keys of a simplifying candidate. A call without arguments is kept as it is.
func MapArgs[A any](calls []Call, f func(A) A) []Call {
	out := make([]Call, len(calls))
	for i, c := range calls {
		out[i] = c
		if len(c.Args) == 0 {
			continue
		}
		args := make([]any, len(c.Args))
		for j, a := range c.Args {
			if x, ok := a.(A); ok {
				args[j] = f(x)
			} else {
				args[j] = a
			}
		}
		out[i].Args = args
	}
	return out
}
