package concurrentset

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/anishathalye/porcupine"

	"kata/grader/internal/prune"
	"kata/grader/internal/record"
)

// op is one call of a concurrent history: which goroutine made it, what it was, what it
// returned, and when it was called and returned on the history's clock (a counter every call
// and return of the round takes a tick of, so that the ticks give the real-time order exactly).
type op struct {
	g       int // the goroutine, from 1
	method  string
	key     int
	out     bool
	call    int64
	ret     int64 // math.MaxInt64 while pending
	pending bool  // the call had not returned when the history was checked
}

// String is the call as printed: "Add(3) = true", "Remove(3) (never returned)".
func (o op) String() string {
	if o.pending {
		return fmt.Sprintf("%s(%d) (never returned)", o.method, o.key)
	}
	return fmt.Sprintf("%s(%d) = %v", o.method, o.key, o.out)
}

// model is the sequential specification of one key of a set, present or absent, as porcupine's
// model: every call is a Add, Remove or Contains of that key, and a pending call may have taken
// effect or not.
func model(present bool) porcupine.Model {
	return porcupine.Model{
		Init: func() any { return present },
		Step: func(state, input, _ any) (bool, any) {
			in, s := input.(op), state.(bool)
			switch in.method {
			case "Add":
				return in.pending || in.out == !s, true
			case "Remove":
				return in.pending || in.out == s, false
			default:
				return in.pending || in.out == s, s
			}
		},
		DescribeOperation: func(input, _ any) string { return input.(op).String() },
		DescribeState: func(state any) string {
			if state.(bool) {
				return "present"
			}
			return "absent"
		},
	}
}

// CheckTimeout bounds porcupine's search on one key's history. The histories are small (tens of
// calls); a search that times out counts as explained, never as a failure.
const CheckTimeout = 5 * time.Second

// explained reports whether some sequential history of a set in which the key was present (or
// not) at the start explains ops, all calls of one key; info is porcupine's account, for the
// visualization and the longest explained prefix.
func explained(ops []op, present bool) (bool, porcupine.LinearizationInfo) {
	hist := make([]porcupine.Operation, len(ops))
	for i, o := range ops {
		hist[i] = porcupine.Operation{ClientId: o.g - 1, Input: o, Output: o.out, Call: o.call, Return: o.ret}
	}
	res, info := porcupine.CheckOperationsVerbose(model(present), hist, CheckTimeout)
	return res != porcupine.Illegal, info
}

// byKey splits a history into one history per key, each in the order of the calls.
func byKey(ops []op) map[int][]op {
	parts := map[int][]op{}
	for _, o := range ops {
		parts[o.key] = append(parts[o.key], o)
	}
	for _, p := range parts {
		slices.SortFunc(p, func(a, b op) int { return int(a.call - b.call) })
	}
	return parts
}

// violation is the smallest part of a history no sequential set explains.
type violation struct {
	key   int
	ops   []op
	start string // what is known of the key at the window's start: "absent", "present", "either"
	// tries are the checks from each possible state at the start, each with the longest order
	// found that explains a part of ops.
	tries []try
}

// try is the check of a window from one state at its start.
type try struct {
	present bool
	info    porcupine.LinearizationInfo
	partial []op
}

// leftOnly reports whether every call that the longest order of any try leaves out is a call of
// method that returned out: those are the calls no order can fit, whatever it does with the rest.
func (v *violation) leftOnly(method string, out bool) bool {
	var longest []op
	for _, tr := range v.tries {
		if len(tr.partial) > len(longest) {
			longest = tr.partial
		}
	}
	left := 0
	for _, o := range v.ops {
		if slices.Contains(longest, o) {
			continue
		}
		if o.pending || o.method != method || o.out != out {
			return false
		}
		left++
	}
	return left > 0
}

// check returns the smallest failing window of the history ops, whose set held the keys in
// initial at the start, or nil when the history is linearizable. Set keys are independent, so
// the history is linearizable exactly when each key's is. Within a key's history, a window
// between two quiet moments (every call before returned before any call after began) is
// checked from both states: if neither explains it, it alone proves the failure, and it is
// what the learner sees.
func check(ops []op, initial map[int]bool) *violation {
	parts := byKey(ops)
	ks := make([]int, 0, len(parts))
	for k := range parts {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	var best *violation
	for _, k := range ks {
		p := parts[k]
		if ok, _ := explained(p, initial[k]); ok {
			continue
		}
		v := smallest(k, p, initial[k])
		if best == nil || len(v.ops) < len(best.ops) {
			best = v
		}
	}
	return best
}

// smallest finds the shortest window of p, the failing history of key k, that no sequential
// set explains.
func smallest(k int, p []op, initial bool) *violation {
	cuts := quiet(p)
	for size := 1; size <= len(p); size++ {
		for i, a := range cuts {
			for _, b := range cuts[i+1:] {
				if b-a != size {
					continue
				}
				w := p[a:b]
				if a == 0 {
					if ok, info := explained(w, initial); !ok {
						return describeWindow(k, w, stateName(initial), try{present: initial, info: info})
					}
					continue
				}
				okAbsent, absent := explained(w, false)
				if okAbsent {
					continue
				}
				if okPresent, present := explained(w, true); !okPresent {
					return describeWindow(k, w, "either", try{info: absent}, try{present: true, info: present})
				}
			}
		}
	}
	_, info := explained(p, initial)
	return describeWindow(k, p, stateName(initial), try{present: initial, info: info})
}

// quiet returns the indices i of p (its calls in call order) where every call before i had
// returned before any call from i on began, 0 and len(p) included.
func quiet(p []op) []int {
	cuts := []int{0}
	var latest int64 = math.MinInt64
	for i, o := range p {
		if i > 0 && latest < o.call {
			cuts = append(cuts, i)
		}
		latest = max(latest, o.ret)
	}
	return append(cuts, len(p))
}

func stateName(present bool) string {
	if present {
		return "present"
	}
	return "absent"
}

// describeWindow makes the violation of the window w of key k, checked as tries says.
func describeWindow(k int, w []op, start string, tries ...try) *violation {
	v := &violation{key: k, ops: w, start: start}
	for _, tr := range tries {
		for _, lin := range tr.info.PartialLinearizationsOperations() {
			for _, seq := range lin {
				if len(seq) > len(tr.partial) {
					tr.partial = tr.partial[:0]
					for _, o := range seq {
						tr.partial = append(tr.partial, o.Input.(op))
					}
				}
			}
		}
		v.tries = append(v.tries, tr)
	}
	return v
}

// render prints the violation goroutine by goroutine, with each call's interval on a clock
// renumbered from 1, and why no sequential set explains it.
func (v *violation) render() string {
	ticks := map[int64]int{}
	var all []int64
	for _, o := range v.ops {
		all = append(all, o.call)
		if !o.pending {
			all = append(all, o.ret)
		}
	}
	slices.Sort(all)
	for i, t := range all {
		ticks[t] = i + 1
	}
	var b strings.Builder
	switch v.start {
	case "either":
		fmt.Fprintf(&b, "key %d, from a moment no call on it was running (whether it was in the set then or not):\n", v.key)
	default:
		fmt.Fprintf(&b, "key %d, %s at the start:\n", v.key, v.start)
	}
	var gs []int
	for _, o := range v.ops {
		if !slices.Contains(gs, o.g) {
			gs = append(gs, o.g)
		}
	}
	slices.Sort(gs)
	for _, g := range gs {
		fmt.Fprintf(&b, "  goroutine %d:", g)
		first := true
		for _, o := range v.ops {
			if o.g != g {
				continue
			}
			if !first {
				b.WriteString("              ")
			}
			first = false
			ret := "never returned"
			if !o.pending {
				ret = fmt.Sprintf("returned at %d", ticks[o.ret])
			}
			fmt.Fprintf(&b, " %-26s called at %d, %s\n", o.String(), ticks[o.call], ret)
		}
	}
	b.WriteString("A call that returned before another was called must take effect before it.")
	for _, tr := range v.tries {
		fmt.Fprintf(&b, " From a set where key %d was %s, ", v.key, stateName(tr.present))
		if len(tr.partial) == 0 {
			b.WriteString("no call can take effect first and return what it returned.")
			continue
		}
		names := make([]string, len(tr.partial))
		for i, o := range tr.partial {
			names[i] = o.String()
		}
		fmt.Fprintf(&b, "the longest order that explains some of these calls is %s; after it, no call left can "+
			"take effect next and return what it returned.", strings.Join(names, ", then "))
	}
	return b.String()
}

// visualize writes porcupine's HTML picture of the violation to a file outside the graded
// package's folder (the user's cache, or the temporary folder) and returns its path, or "" when
// it cannot.
func (v *violation) visualize(test string, seed uint64) string {
	// Under the judge, the user's cache folder comes from the judge (the program's own HOME is
	// removed with the run); run in process, it is this user's.
	c := record.ConfigFromEnv()
	dir := c.Cache
	if dir == "" {
		if c.Record != "" {
			return "" // under a judge that has no folder to keep it in
		}
		var err error
		if dir, err = os.UserCacheDir(); err != nil {
			return ""
		}
	}
	dir = filepath.Join(dir, "kata-histories")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ""
	}
	prune.Oldest(dir, keepHistories-1, false) // room for one more
	name := fmt.Sprintf("concurrentset-%s-%d-%d.html", strings.ReplaceAll(test, "/", "-"), seed, time.Now().UnixNano())
	path := filepath.Join(dir, name)
	tr := v.tries[0]
	if err := porcupine.VisualizePath(model(tr.present), tr.info, path); err != nil {
		return ""
	}
	return path
}

// keepHistories is how many pictures of failed histories are kept.
const keepHistories = 20
