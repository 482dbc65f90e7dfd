package harness

import (
	"fmt"
	"reflect"
	"runtime"
	"time"
)

// panicTextWait is how long PanicText waits for a panic value's own Error or String method.
const panicTextWait = time.Second

// PanicText is panic value p as fmt prints it, for messages and hints. The graded code chooses
// the value, and with it the Error or String method fmt calls: one that panics, never returns or
// returns a huge text would otherwise stop the harness where it reports the panic, and the run
// would end as a time limit, not as the runtime error it is. So a value other than a string or
// the runtime's own error is printed on a goroutine of its own, waited for panicTextWait, and
// described by its type when its method panics or does not return; the text is cut at 64 KiB.
func PanicText(p any) string {
	switch v := p.(type) {
	case nil:
		return "nil"
	case string:
		return v
	case panicValue:
		return v.text
	case runtime.Error:
		if runtimeOwn(v) {
			return v.Error()
		}
	}
	done := make(chan string, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Sprintf("a %T whose Error or String method panicked", p)
			}
		}()
		done <- fmt.Sprint(p)
	}()
	select {
	case s := <-done:
		if len(s) > 64<<10 {
			s = s[:64<<10] + "..."
		}
		return s
	case <-time.After(panicTextWait):
		return fmt.Sprintf("a %T whose Error or String method did not return", p)
	}
}

// panicValue stands for a panic value of the graded code's choosing by its text (PanicText), so
// that what reports the panic (hints, messages, the shrinker) never runs the value's own methods.
type panicValue struct{ text string }

// Error is the value's text.
func (v panicValue) Error() string { return v.text }

// tame returns panic value p as the reports may print it: itself when printing it runs no graded
// code (a string, the runtime's own error, the harness's stop), a panicValue of its text
// otherwise.
func tame(p any) any {
	switch v := p.(type) {
	case nil, string, panicValue, stop:
		return p
	case runtime.Error:
		if runtimeOwn(v) {
			return p
		}
	}
	return panicValue{PanicText(p)}
}

// runtimeOwn reports whether e is one of the runtime's own errors (an index out of range, a nil
// dereference), not a type of the graded code's that has the methods of one.
func runtimeOwn(e runtime.Error) bool {
	t := reflect.TypeOf(e)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath() == "runtime"
}
