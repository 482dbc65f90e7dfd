package bytekeys

import "kata/grader/internal/harness"

// Filter is a filter whose calls on a key answer true or false: the cuckoo and quotient
// filters'.
type Filter interface {
	Insert(key []byte) bool
	Lookup(key []byte) bool
	Delete(key []byte) bool
}

// Caller makes a test's many calls of a Filter as calls of the graded code, each with a copy of
// its key in one buffer that Scribble overwrites once the call returns: a filter that kept the
// caller's slice finds other bytes there later. The zero value is ready to use.
type Caller struct{ buf []byte }

// Call runs Insert, Lookup or (for any other method) Delete on f with a copy of key, and returns
// its answer.
func (c *Caller) Call(t *harness.T, f Filter, method string, key []byte) bool {
	c.buf = append(c.buf[:0], key...)
	k := c.buf
	var got bool
	t.Invoke(harness.Call{Method: method, Args: []any{key}}, func() any {
		switch method {
		case "Insert":
			got = f.Insert(k)
		case "Lookup":
			got = f.Lookup(k)
		default:
			got = f.Delete(k)
		}
		return nil
	})
	Scribble(k)
	return got
}

// Call runs one call on f as [Caller.Call] does, with a buffer of its own: for a test that makes
// only a few calls.
func Call(t *harness.T, f Filter, method string, key []byte) bool {
	var c Caller
	return c.Call(t, f, method, key)
}

// Counted returns f.Count() as a call of the graded code: the count of keys a cuckoo or quotient
// filter holds.
func Counted(t *harness.T, f interface{ Count() uint64 }) uint64 {
	return t.Invoke(harness.Call{Method: "Count"}, func() any { return f.Count() }).(uint64)
}

// Scribble overwrites a key the graded code was given, every byte flipped.
func Scribble(key []byte) {
	for i := range key {
		key[i] = ^key[i]
	}
}
