package crash

import (
	"slices"
	"strings"
	"testing"

	"kata/grader/internal/sandbox"
)

const pkg = "kata/grader/internal/virtual/skiplist/learner"

func TestAnalyze(t *testing.T) {
	for _, tc := range []struct {
		reason string
		stderr string
		exit   int
		signal sandbox.Signal
		kind   Kind
		want   string
	}{
		{"panic in a learner goroutine", `panic: boom

goroutine 7 [running]:
kata/grader/internal/virtual/skiplist/learner.(*Skiplist).Add.func1()
	/k/grader/internal/virtual/skiplist/learner/skiplist.go:20 +0x25
created by kata/grader/internal/virtual/skiplist/learner.(*Skiplist).Add in goroutine 6
	/k/grader/internal/virtual/skiplist/learner/skiplist.go:19 +0x4f
exit status 2`, 2, "", Panic, "goroutine started by (*Skiplist).Add: boom"},
		{"stack overflow", `runtime: goroutine stack exceeds 1000000000-byte limit
runtime: sp=0xc020160398 stack=[0xc020160000, 0xc040160000]
fatal error: stack overflow

runtime stack:
runtime.throw({0x4b0b2d?, 0x0?})
	/usr/local/go/src/runtime/panic.go:1101 +0x48

goroutine 6 gp=0xc000007a40 m=4 mp=0xc000100008 [running]:
kata/grader/internal/virtual/skiplist/learner.(*Skiplist).find(0xc00001e0c0, 0x1)
	/k/grader/internal/virtual/skiplist/learner/skiplist.go:30 +0x4f fp=0xc0201603a8`, 2, "", StackOverflow, "stack overflow in (*Skiplist).find"},
		{"out of memory", "fatal error: runtime: out of memory\n", 2, "", OutOfMemory, "ran out of memory"},
		{"a signal sent by kill", "SIGSEGV: segmentation violation\nPC=0x48f241 m=0 sigcode=0 addr=0x199d\n\ngoroutine 0 gp=0x82e840 m=0 [idle]:\n",
			2, "", Signal, "ended on a signal: SIGSEGV: segmentation violation"},
		{"cannot even start", "fatal error: failed to reserve page summary memory\n", 2, "", OutOfMemory, "out of memory"},
		{"deadlock", "fatal error: all goroutines are asleep - deadlock!\n", 2, "", Deadlock, "deadlock"},
		{"map race", "fatal error: concurrent map writes\n", 2, "", ConcurrentMap, "concurrent map writes"},
		{"os.Exit", "", 3, "", Exit, "status 3"},
		{"the harness's record", "kata harness: cannot write the record: write /r/record: file too large\n", 3, "", Exit,
			"harness in the test process could not go on (cannot write the record: write /r/record: file too large)"},
		{"killed", "", -1, "killed", Signal, "killed"},
		{"the race detector's shadow memory", "==4242==ERROR: ThreadSanitizer failed to allocate 0x20000000 (536870912) bytes at address 218108000000 (errno: 12)\n",
			66, "", RaceDetector, "race detector ran out of address space"},
		{"the race detector's heap placement", "fatal error: too many address space collisions for -race mode\n\nruntime stack:\n",
			2, "", RaceDetector, "race detector ran out of address space"},
		{"the race detector's other failures", "FATAL: ThreadSanitizer: unexpected memory mapping 0x7f0000000000-0x7f0000001000\n",
			66, "", RaceDetector, "race detector itself failed"},
	} {
		c := Analyze(tc.stderr, tc.exit, tc.signal, pkg)
		if c.Kind != tc.kind || !strings.Contains(c.Reason, tc.want) {
			t.Errorf("%s: got kind %d, reason %q; want kind %d and %q", tc.reason, c.Kind, c.Reason, tc.kind, tc.want)
		}
	}
}

// TestFramesCollapseRecursion checks the "where" of an endless recursion: the repeated frame
// once with its count, then the graded method the test called, from the first goroutine only.
func TestFramesCollapseRecursion(t *testing.T) {
	var b strings.Builder
	b.WriteString("runtime: goroutine stack exceeds 67108864-byte limit\nfatal error: stack overflow\n\n")
	b.WriteString("goroutine 6 gp=0xc000007a40 m=4 [running]:\n")
	for range 50 {
		b.WriteString(pkg + ".depth(0xc00001e0c0)\n\t/k/skiplist.go:45 +0x4f\n")
	}
	b.WriteString("...additional frames elided...\n")
	b.WriteString(pkg + ".depth(0xc00001e0c0)\n\t/k/skiplist.go:45 +0x4f\n")
	b.WriteString(pkg + ".(*Skiplist).Add(0xc00001e0c0)\n\t/k/skiplist.go:20 +0x2a\n")
	b.WriteString("kata/grader/internal/harness.Run()\n\t/k/harness.go:9 +0x1\n\n")
	b.WriteString("goroutine 1 [chan receive]:\n" + pkg + ".(*Skiplist).Search(0xc00001e0c0)\n\t/k/skiplist.go:30 +0x2a\n")
	c := Analyze(b.String(), 2, "", pkg)
	want := []string{"depth at /k/skiplist.go:45 (51 times in a row or more)", "(*Skiplist).Add at /k/skiplist.go:20"}
	if !slices.Equal(c.Frames, want) {
		t.Errorf("frames %q, want %q", c.Frames, want)
	}
}
