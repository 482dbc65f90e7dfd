package bytekeys

import (
	"bytes"

	"kata/grader/internal/harness"
)

// KeyCall is a call of method with key, its only argument.
func KeyCall(method string, key []byte) harness.Call {
	return harness.Call{Method: method, Args: []any{key}}
}

// StepOf returns the script steps of method with a key, each expecting want (nil: not checked):
// a suite's insert or lookup.
func StepOf(method string) func(key []byte, want any) harness.Step {
	return func(key []byte, want any) harness.Step { return harness.Step{Call: KeyCall(method, key), Want: want} }
}

// Uses counts the calls of method with key among calls.
func Uses(calls []harness.Call, method string, key []byte) int {
	n := 0
	for _, c := range calls {
		if c.Method == method && bytes.Equal(c.Args[0].([]byte), key) {
			n++
		}
	}
	return n
}

// Few are keys of every kind: nil, empty, short, binary, long.
func Few() [][]byte {
	return [][]byte{nil, {}, []byte("a"), []byte("gopher"), {0}, {0xff, 0, 0xff}, bytes.Repeat([]byte("ab"), 500)}
}
