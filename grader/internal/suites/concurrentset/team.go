package concurrentset

import (
	"fmt"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// team is a few goroutines calling one set at once, each a member, watched by the test's own
// goroutine: the harness's watchdog sees only calls made on the test's goroutine.
type team struct {
	s       Set
	clock   atomic.Int64 // the history's clock: every call and return takes a tick
	members []*member
	// waits are the members found blocked in every look at a stall so far, by goroutine id, and
	// firstLook the time of the stall's first look; only the test's goroutine reads and writes
	// them, and a returned call empties waits.
	waits     map[uint64]*wait
	firstLook time.Time
}

// wait is where a member was found blocked, how many looks in a row found it there, and since
// when.
type wait struct {
	at    string
	looks int
	since time.Time
}

// WaitedOut is how long, and in how many looks in a row, a member must be found blocked at the
// same place before the stall is a deadlock, its own while the others spin or every member's
// when all are blocked: a lock taken and released again and again is found free within
// milliseconds (a sync.Mutex hands itself to a waiter after 1 ms), and a call that parks for a
// moment between spins is found running, so only a wait nobody ends lasts so long.
const (
	WaitedOut      = time.Second
	WaitedOutLooks = 50
)

// member is one goroutine of a team. What it writes, the test's goroutine reads through atomics
// only, so that the judge's own code has no race for the race detector to report.
type member struct {
	g    int // from 1
	goid atomic.Uint64
	// cur is the call under way, for the history (a pending call) and for messages.
	cur atomic.Pointer[op]
	// ops are the calls returned, the first done of them published.
	ops      []op
	done     atomic.Int64
	panicked atomic.Pointer[panicked]
	finished atomic.Bool
	_        [64]byte // progress on a cache line of its own: the scaling rounds count every call
	// progress counts the calls that returned.
	progress atomic.Int64
	_        [64]byte
}

// panicked is a call of the graded code that panicked on a member's goroutine.
type panicked struct {
	call  string
	value string
}

// newTeam makes a team of n members on s, each recording up to capacity calls.
func newTeam(s Set, n, capacity int) *team {
	tm := &team{s: s}
	for g := range n {
		tm.members = append(tm.members, &member{g: g + 1, ops: make([]op, capacity)})
	}
	return tm
}

// call makes the call method(key) on the team's set from member m, recording it in the history.
func (tm *team) call(m *member, method string, key int) bool {
	o := op{g: m.g, method: method, key: key, ret: math.MaxInt64, pending: true}
	o.call = tm.clock.Add(1)
	m.cur.Store(&o)
	var out bool
	switch method {
	case "Add":
		out = tm.s.Add(key)
	case "Remove":
		out = tm.s.Remove(key)
	default:
		out = tm.s.Contains(key)
	}
	done := o
	done.ret, done.out, done.pending = tm.clock.Add(1), out, false
	n := m.done.Load()
	m.ops[n] = done
	m.done.Store(n + 1)
	m.cur.Store(nil)
	m.progress.Add(1)
	return out
}

// enter and leave mark a call that is not part of the history (a Range loop) as under way, for
// messages, and count its return as progress.
func (tm *team) enter(m *member, what string) {
	m.cur.Store(&op{g: m.g, method: what, pending: true, key: math.MinInt})
}
func (tm *team) leave(m *member) {
	m.cur.Store(nil)
	m.progress.Add(1)
}

// progress is the number of calls returned so far, by every member.
func (tm *team) progress() int64 {
	var n int64
	for _, m := range tm.members {
		n += m.progress.Load()
	}
	return n
}

// history returns the calls made so far, those still under way included as pending.
func (tm *team) history() []op {
	var ops []op
	for _, m := range tm.members {
		ops = append(ops, m.ops[:m.done.Load()]...)
		if c := m.cur.Load(); c != nil && c.key != math.MinInt {
			ops = append(ops, *c)
		}
	}
	return ops
}

// StuckAfter is how long a team may go without any call returning before the test looks at
// what its goroutines are doing: every call takes microseconds.
const StuckAfter = 3 * time.Second

// GiveUpAfter is how long a team may go without progress, on a machine too busy to tell a
// spinning goroutine from a starved one, before the test calls it stuck anyway.
const GiveUpAfter = 20 * time.Second

// run starts one goroutine per member running body, all released at once, and waits for them.
// When no call returns for StuckAfter it checks the history so far (check, if set: not
// linearizable is a wrong answer), then tells a deadlock (every goroutine left blocked: a
// runtime error) from a livelock (one keeps a core busy: time limit exceeded). A panic in a
// member ends the test as a runtime error naming the call.
func (tm *team) run(t *harness.T, body func(m *member), check func(history []op) *record.Failure) {
	start, all := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(len(tm.members))
	for _, m := range tm.members {
		go func() {
			m.goid.Store(harness.GoroutineID())
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					call := "a call"
					if c := m.cur.Load(); c != nil {
						call = c.describe()
					}
					m.panicked.Store(&panicked{call: call, value: harness.PanicText(p)})
				}
				m.finished.Store(true)
			}()
			<-start
			body(m)
		}()
	}
	go func() {
		wg.Wait() // never, if a member is stuck: then this goroutine stays blocked with it
		close(all)
	}()
	close(start)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	last, since, cpu := int64(-1), time.Now(), harness.ProcessCPU()
	for {
		finished := false
		select {
		case <-all:
			finished = true
		case <-tick.C:
		}
		for _, m := range tm.members {
			if p := m.panicked.Load(); p != nil {
				t.Fail(&record.Failure{Verdict: verdict.RuntimeError, Op: p.call, Panic: p.value,
					Message: fmt.Sprintf("%s panicked on goroutine %d of %d calling the set at once: %s",
						p.call, m.g, len(tm.members), p.value)})
			}
		}
		if finished {
			return
		}
		if n := tm.progress(); n != last {
			last, since, cpu = n, time.Now(), harness.ProcessCPU()
			tm.waits = nil
			continue
		}
		if time.Since(since) < StuckAfter {
			continue
		}
		if check != nil {
			if f := check(tm.history()); f != nil {
				f.Message += " (found while some calls had stopped returning)"
				t.Fail(f)
			}
		}
		if f := tm.stuck(time.Since(since), harness.ProcessCPU()-cpu); f != nil {
			t.Fail(f)
		}
	}
}

// stuck looks at the members whose call has not returned for idle, during which the process
// used busy of CPU, and returns the failure, or nil to wait longer.
func (tm *team) stuck(idle, busy time.Duration) *record.Failure {
	stacks := allStacks()
	var lines, calls []string
	var waiting []uint64
	blockedAll, spinning, sleeping := true, false, false
	for _, m := range tm.members {
		c := m.cur.Load()
		if c == nil || m.finished.Load() {
			continue
		}
		state, where := stacks.of(m.goid.Load())
		calls = append(calls, c.describe())
		what := "is running"
		switch {
		case harness.Blocked(state):
			what = "waits on " + state
			waiting = append(waiting, m.goid.Load())
		case strings.HasPrefix(state, "sleep"):
			what, sleeping, blockedAll = "sleeps", true, false
		default:
			spinning, blockedAll = true, false
		}
		if where != "" {
			what += " at " + where
		}
		lines = append(lines, fmt.Sprintf("goroutine %d: %s %s", m.g, c.describe(), what))
	}
	if len(lines) == 0 {
		return nil // the last call returned meanwhile
	}
	detail := strings.Join(lines, "; ")
	op := strings.Join(calls, ", ")
	waitedOut, waitedIDs := tm.look(stacks, waiting)
	switch {
	case blockedAll && len(waitedIDs) == len(waiting):
		return &record.Failure{Verdict: verdict.RuntimeError, Op: op, Message: fmt.Sprintf(
			"deadlock: no call returned for %s, and the history so far is linearizable; %s", idle.Round(time.Second), detail),
			Hint: stacks.deadlockHint(waiting)}
	case blockedAll && idle < GiveUpAfter:
		// Look again: a deadlock keeps every member blocked at one place for WaitedOut, and a
		// call that spins and now and then parks for a moment (in a select between turns) is
		// found running in some look, however its turns fall against one look's.
		return nil
	case spinning && len(waitedOut) > 0:
		return &record.Failure{Verdict: verdict.RuntimeError, Op: op, Message: fmt.Sprintf(
			"deadlock: no call returned for %s, and the history so far is linearizable; %s waited at the same "+
				"place in every look for %s while the others spun: %s", idle.Round(time.Second),
			strings.Join(waitedOut, " and "), WaitedOut, detail),
			Hint: stacks.waitedOutHint(waitedIDs)}
	case spinning && len(waiting) > 0 && time.Since(tm.firstLook) < WaitedOut*3/2 && idle < GiveUpAfter:
		return nil // look again: a member blocked now may be waiting for good
	case (spinning || blockedAll) && (busy >= idle/2 || idle >= GiveUpAfter):
		while := "while the process kept the CPU busy"
		if busy < idle/2 {
			while = "while its calls ran or waited by turns, never for long at one place"
		}
		return &record.Failure{Verdict: verdict.TimeLimitExceeded, Op: op, Message: fmt.Sprintf(
			"livelock: no call returned for %s %s, and the history so far is linearizable; %s",
			idle.Round(time.Second), while, detail),
			Hint: "a retry loop never succeeds: a goroutine that waits for another must give it a chance to finish " +
				"(wait on the node's lock, or runtime.Gosched() while spinning), and a retry must search again from " +
				"scratch rather than revalidate what it found before"}
	case sleeping && !spinning && idle >= StuckAfter:
		return &record.Failure{Verdict: verdict.TimeLimitExceeded, Op: op, Message: fmt.Sprintf(
			"no call returned for %s: %s", idle.Round(time.Second), detail)}
	}
	return nil
}

// look records where the blocked members, by goroutine id, wait in this look at a stall, and
// returns those found blocked at the same place in every look for WaitedOut and WaitedOutLooks
// looks, named as "goroutine G's call", and their ids.
func (tm *team) look(st stacks, ids []uint64) (names []string, out []uint64) {
	now := time.Now()
	if tm.waits == nil {
		tm.waits, tm.firstLook = map[uint64]*wait{}, now
	}
	seen := map[uint64]bool{}
	for _, id := range ids {
		state, where := st.of(id)
		at := state + " at " + where
		w := tm.waits[id]
		if w == nil || w.at != at {
			w = &wait{at: at, since: now}
			tm.waits[id] = w
		}
		w.looks++
		seen[id] = true
	}
	for id := range tm.waits {
		if !seen[id] {
			delete(tm.waits, id)
		}
	}
	for _, m := range tm.members {
		id := m.goid.Load()
		w, c := tm.waits[id], m.cur.Load()
		if w != nil && c != nil && w.looks >= WaitedOutLooks && now.Sub(w.since) >= WaitedOut {
			names = append(names, fmt.Sprintf("goroutine %d's %s", m.g, c.describe()))
			out = append(out, id)
		}
	}
	return names, out
}

// waitedOutHint is the hint for goroutines ids, blocked at one place for WaitedOut while the
// others spin: a deadlock's, and why the others spin.
func (s stacks) waitedOutHint(ids []uint64) string {
	return s.deadlockHint(ids) + "; the goroutines that spin wait for what the blocked one would do (or one " +
		"of them spins while holding the lock it waits for)"
}

// deadlock is the suite's account of the call call that the harness's watchdog found blocked
// for idle on the test's own goroutine goid: in the tests that run on it, no other goroutine
// calls the set, so the call waits for a lock its own goroutine holds.
func deadlock(call string, goid uint64, idle time.Duration) *record.Failure {
	stacks := allStacks()
	state, where := stacks.of(goid)
	what := "waits on " + state
	if where != "" {
		what += " at " + where
	}
	why, hint := "it waits for a lock it holds itself", stacks.deadlockHint([]uint64{goid})
	if strings.HasPrefix(state, "chan ") || strings.HasPrefix(state, "select") {
		why, hint = "it waits on a channel that nothing serves", channelHint
		if strings.Contains(state, "nil chan") {
			hint = "a deadlock on a nil channel, which blocks for ever: make every channel the set uses in New, " +
				"and start there any goroutine that serves it"
		}
	}
	return &record.Failure{Verdict: verdict.RuntimeError, Op: call, Message: fmt.Sprintf(
		"deadlock: no call returned for %s on the test's one goroutine, the only one calling the set, so %s; "+
			"goroutine 1: %s %s", idle.Round(time.Second), why, call, what),
		Hint: hint}
}

// channelHint is the hint for a call that waits on a channel for ever, on the test's one goroutine.
const channelHint = "a deadlock on a channel: no goroutine will ever send or receive on the one this call waits " +
	"on. A goroutine that serves the set's channels must run as long as the set does, and never wait on the " +
	"caller"

// deadlockHint names the cause of a deadlock of the goroutines ids: a Range that holds a lock
// while its loop body, which may call any method of the same set, waits for it, or else locks
// taken out of order or never released.
func (s stacks) deadlockHint(ids []uint64) string {
	for _, id := range ids {
		if method, rangeAt := s.inYield(id); rangeAt != "" {
			return fmt.Sprintf("deadlock: Range holds a lock while it yields (%s), and the loop body's call of %s "+
				"waits for that lock, which Range releases only once the body returns. The loop body may call any method "+
				"of the same set: hold no lock while calling yield (the lazy skip list's Range takes none: it "+
				"walks level 0 with atomic loads)", rangeAt, method)
		}
	}
	return "a deadlock: take locks in one order everywhere (the lazy skip list locks from higher keys to lower: bottom-up " +
		"predecessors, Remove's victim before its predecessors), never lock a node your goroutine already holds " +
		"(a sync.Mutex is not reentrant: a retry must not lock again what it kept locked), release every lock on " +
		"every return path (retries included), and hold none while Range calls yield"
}

// inYield reports whether goroutine id is blocked in a method of the graded code called from a
// loop body over Range: the method ("(*Set).Remove") and where Range's iterator called the
// body ("concurrentset.go:64"), or "" for both. An iterator inlined into its caller is named
// after the caller ("f.func1.(*Set).Range.1"), so every frame below the method counts.
func (s stacks) inYield(id uint64) (method, rangeAt string) {
	lines := strings.Split(s[id], "\n")
	for i := 1; i+1 < len(lines); i += 2 {
		fn := strings.TrimSpace(lines[i])
		if strings.HasPrefix(fn, "created by ") {
			break
		}
		if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "sync.") || strings.HasPrefix(fn, "sync/") ||
			strings.HasPrefix(fn, "internal/") {
			continue
		}
		judge := strings.HasPrefix(fn, "kata/grader/internal/suites/") || strings.HasPrefix(fn, "kata/grader/internal/harness.")
		name, file := frame(fn, lines[i+1])
		switch {
		case method == "" && judge:
			continue
		case method == "":
			if strings.Contains(name, "Range.") {
				return "", "" // blocked in Range itself, not in its loop body
			}
			method = name[strings.IndexByte(name, '.')+1:]
		case strings.Contains(name, "Range."):
			return method, filepath.Base(file)
		}
	}
	return "", ""
}

// describe prints a call under way: "Add(3)", or the loop it is in.
func (o *op) describe() string {
	if o.key == math.MinInt && o.method != "Add" && o.method != "Remove" && o.method != "Contains" {
		return o.method
	}
	return fmt.Sprintf("%s(%d)", o.method, o.key)
}

// stacks is the runtime's listing of every goroutine, by id.
type stacks map[uint64]string

// allStacks lists every goroutine's stack.
func allStacks() stacks {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	out := stacks{}
	for _, block := range strings.Split(string(buf), "\n\n") {
		var id uint64
		if _, err := fmt.Sscanf(block, "goroutine %d [", &id); err == nil {
			out[id] = block
		}
	}
	return out
}

// of returns goroutine id's state as harness.StateOf reads it ("sync.Mutex.Lock", "running")
// and the first frame of the graded code in its stack ("(*Set).Add at set.go:42"), "" for
// either when unknown.
func (s stacks) of(id uint64) (state, where string) {
	block, ok := s[id]
	if !ok {
		return "", ""
	}
	state, lines := harness.StateOf(block), strings.Split(block, "\n")
	for i := 1; i+1 < len(lines); i += 2 {
		fn := strings.TrimSpace(lines[i])
		if strings.HasPrefix(fn, "created by ") {
			break // the frames of the goroutine's own stack are over
		}
		if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "sync.") || strings.HasPrefix(fn, "sync/") ||
			strings.HasPrefix(fn, "internal/") || strings.HasPrefix(fn, "kata/grader/internal/suites/") {
			continue
		}
		fn, file := frame(fn, lines[i+1])
		return state, fn + " at " + filepath.Base(file)
	}
	return state, ""
}

// frame is one frame of a Go stack, from its two lines: the function without its package's path
// and its arguments ("learner.(*Set).Add"), and the file and line without the offset
// ("/x/set.go:42").
func frame(fnLine, fileLine string) (fn, file string) {
	fn = strings.TrimSpace(fnLine)
	if j := strings.LastIndexByte(fn, '('); j > 0 {
		fn = fn[:j]
	}
	if j := strings.LastIndexByte(fn, '/'); j >= 0 {
		fn = fn[j+1:]
	}
	file = strings.TrimSpace(fileLine)
	if j := strings.LastIndex(file, " +0x"); j >= 0 {
		file = file[:j]
	}
	return fn, file
}
