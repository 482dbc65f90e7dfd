// Package adapt is what the generated bindings of the suites (api_gen.go, see package apigen)
// share at run time: the results of a call of several values as one value the tests compare and
// print, and views of a graded package's struct values as the suite's own struct type.
package adapt

import (
	"fmt"
	"strconv"
	"unsafe"
)

// Pair is the two results of one call as one value: comparable when both are, and printed in a
// failing case as the quoted fmt.Sprint of the two ("1.5 true"), which is how the printed case
// checks a call of two results.
type Pair[A, B any] struct {
	First  A
	Second B
}

// GoString is the quoted fmt.Sprint of the two results: "1.5 true".
func (p Pair[A, B]) GoString() string { return strconv.Quote(fmt.Sprint(p.First, p.Second)) }

// Triple is the three results of one call as one value, as Pair is for two.
type Triple[A, B, C any] struct {
	First  A
	Second B
	Third  C
}

// GoString is the quoted fmt.Sprint of the three results: "[104 105] true <nil>".
func (t Triple[A, B, C]) GoString() string {
	return strconv.Quote(fmt.Sprint(t.First, t.Second, t.Third))
}

// As is x seen as a To. The binding calls it only for a struct type of the graded package and the
// suite's struct of the same name, after proving at compile time that one converts to the other
// (same field names and types, in the same order), so that the two share their layout; the sizes
// are checked again here.
func As[To, From any](x From) To {
	sameSize[To, From]()
	return *(*To)(unsafe.Pointer(&x))
}

// View is xs seen as a []To over the same memory, under As's condition: a test that changes the
// view changes the graded package's slice, as its caller would. nil stays nil.
func View[To, From any](xs []From) []To {
	sameSize[To, From]()
	if xs == nil {
		return nil
	}
	return unsafe.Slice((*To)(unsafe.Pointer(unsafe.SliceData(xs))), len(xs))
}

// sameSize panics unless To and From have the same size: the binding's proof that their fields
// agree does not hold.
func sameSize[To, From any]() {
	if to, from := unsafe.Sizeof(*new(To)), unsafe.Sizeof(*new(From)); to != from {
		panic(fmt.Sprintf("adapt: %T (%d bytes) is not laid out as %T (%d bytes)", *new(From), from, *new(To), to))
	}
}

// IsZero reports whether s is its type's zero value: a constructor's nil pointer, which the
// binding returns as a nil interface rather than an interface holding a nil pointer.
func IsZero[S any](s S) bool {
	var zero S
	return any(s) == any(zero)
}
