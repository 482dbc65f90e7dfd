package sortedset

import (
	"fmt"
	"slices"
	"strconv"
)

// The results of calls, as the tests compare and print them. A call of two results is printed
// in a failing case as fmt.Sprint of the call, and its expected value as the string fmt.Sprint
// makes of the two: "1.5 true".

// scored is what Score returns: the score, and whether the name is present.
type scored = pair[float64, bool]

// ranked is what Rank returns: the rank, and whether the name is present.
type ranked = pair[int, bool]

// members is what a range returns, copied so that it stays as it was.
type members []Member

// Equal compares two ranges member by member: a nil range equals an empty one, and scores
// compare with ==, so that -0 equals 0.
func (m members) Equal(o members) bool {
	return slices.Equal(m, o)
}

// GoString is the quoted fmt.Sprint of the range: "[{a 1} {b 2}]".
func (m members) GoString() string { return strconv.Quote(fmt.Sprint([]Member(m))) }

// panicked is what Add with a NaN score did: whether it panicked, as it must.
type panicked bool

// GoString is true or false: printed cases check a call wrapped in a function that recovers.
func (p panicked) GoString() string { return strconv.FormatBool(bool(p)) }

// Tell says whether the Add panicked, in words: "did not panic; it must panic".
func (p panicked) Tell(want any) string {
	did := map[panicked]string{true: "panicked", false: "did not panic"}
	must := map[panicked]string{true: "it must panic", false: "it must not panic"}
	w, _ := want.(panicked)
	return did[p] + "; " + must[w]
}
