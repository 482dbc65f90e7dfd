package harness

import (
	"errors"
	"strings"
	"testing"
)

// blocking is an error whose Error method never returns.
type blocking struct{}

func (blocking) Error() string { select {} }

// panicking is an error whose Error method panics, with itself when deep: fmt reports a panic
// in a method, and panics again on one while it reports it.
type panicking struct{ deep bool }

func (p panicking) Error() string {
	if p.deep {
		panic(p)
	}
	panic("no")
}

// huge is a Stringer of 1 MiB.
type huge struct{}

func (huge) String() string { return strings.Repeat("x", 1<<20) }

// indexPanic returns the runtime's panic value for an index out of range at -1.
func indexPanic() (p any) {
	defer func() { p = recover() }()
	var s []int
	_ = s[len(s)-1]
	return nil
}

// TestPanicText checks that a panic value's text never stops the harness: values whose methods
// block or panic are named by their type, a huge text is cut, and the runtime's own errors and
// plain values print as fmt prints them.
func TestPanicText(t *testing.T) {
	index := indexPanic()
	for _, c := range []struct {
		p    any
		want string
	}{
		{"boom", "boom"},
		{errors.New("plain"), "plain"},
		{index, "runtime error: index out of range [-1]"},
		{blocking{}, "a harness.blocking whose Error or String method did not return"},
		{panicking{}, "%!v(PANIC=Error method: no)"},
		{panicking{deep: true}, "a harness.panicking whose Error or String method panicked"},
		{nil, "nil"},
	} {
		if got := PanicText(c.p); got != c.want {
			t.Errorf("PanicText(%T) = %q, want %q", c.p, got, c.want)
		}
	}
	if got := PanicText(huge{}); len(got) != 64<<10+3 {
		t.Errorf("a 1 MiB text came out as %d bytes", len(got))
	}
}

// fakeRuntime has the methods of a runtime.Error, and blocks in Error.
type fakeRuntime struct{ blocking }

func (fakeRuntime) RuntimeError() {}

// TestTame checks which panic values the reports keep and which they see by their text only.
func TestTame(t *testing.T) {
	index := indexPanic()
	for _, p := range []any{"boom", index, stop{}, nil} {
		if got := tame(p); got != p {
			t.Errorf("tame(%T) = %v, want the value itself", p, got)
		}
	}
	for _, p := range []any{blocking{}, fakeRuntime{}, errors.New("plain")} {
		if _, ok := tame(p).(panicValue); !ok {
			t.Errorf("tame(%T) kept the value", p)
		}
	}
}
