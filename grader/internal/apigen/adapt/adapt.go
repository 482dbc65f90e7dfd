// Package adapt is what the generated bindings of the suites (api_gen.go, see package apigen)
// share at run time: views of a graded package's struct values as the suite's own struct type,
// and the test for a constructor's nil result.
package adapt

import (
	"fmt"
	"unsafe"
)

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
