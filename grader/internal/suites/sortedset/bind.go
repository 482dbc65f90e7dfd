package sortedset

import (
	"fmt"
	"slices"
	"strconv"
	"unsafe"
)

// Member is one element of a sorted set, as the tests see it: the graded package's Member has
// the same fields, and its slices are seen through this type (Bind).
type Member struct {
	Name  string
	Score float64
}

// Set is the API the tests drive.
type Set interface {
	Add(name string, score float64) bool
	Remove(name string) bool
	Score(name string) (float64, bool)
	Rank(name string) (int, bool)
	Len() int
	RangeByRank(start, stop int) []Member
	RangeByScore(min, max float64) []Member
}

// API is one implementation of the exercise: the graded package's or the reference's.
type API struct {
	New func() Set
}

// Binding is the Go expression the judge's generated main uses to build an API from a package,
// as a text/template whose dot is the package's name there; the suite package itself is
// imported as suite. The conversion compiles only when the package's Member has this suite's
// fields, in this order.
const Binding = `suite.Bind({{.}}.New, func(m {{.}}.Member) suite.Member { return suite.Member(m) })`

// Graded is a package's sorted set over its own Member type M.
type Graded[M any] interface {
	Add(name string, score float64) bool
	Remove(name string) bool
	Score(name string) (float64, bool)
	Rank(name string) (int, bool)
	Len() int
	RangeByRank(start, stop int) []M
	RangeByScore(min, max float64) []M
}

// Bind makes the API of a package whose sets newSet makes. convert, which compiles only when M
// has Member's fields (names, types and order), proves that the two types share their layout:
// the slices a range returns are then seen as []Member without a copy, so that a test that
// changes a returned slice changes the package's own memory, as a caller would.
func Bind[M any, S Graded[M]](newSet func() S, convert func(M) Member) API {
	if unsafe.Sizeof(*new(M)) != unsafe.Sizeof(Member{}) {
		panic("sortedset suite: the package's Member is not laid out as {Name string; Score float64}")
	}
	return API{New: func() Set { return adapter[M, S]{newSet()} }}
}

// adapter shows a package's set as a Set.
type adapter[M any, S Graded[M]] struct{ s S }

func (a adapter[M, S]) Add(name string, score float64) bool { return a.s.Add(name, score) }
func (a adapter[M, S]) Remove(name string) bool             { return a.s.Remove(name) }
func (a adapter[M, S]) Score(name string) (float64, bool)   { return a.s.Score(name) }
func (a adapter[M, S]) Rank(name string) (int, bool)        { return a.s.Rank(name) }
func (a adapter[M, S]) Len() int                            { return a.s.Len() }
func (a adapter[M, S]) RangeByRank(start, stop int) []Member {
	return view(a.s.RangeByRank(start, stop))
}
func (a adapter[M, S]) RangeByScore(min, max float64) []Member {
	return view(a.s.RangeByScore(min, max))
}

// view is ms as a []Member over the same memory; M is laid out as Member (Bind checks it).
func view[M any](ms []M) []Member {
	if ms == nil {
		return nil
	}
	return unsafe.Slice((*Member)(unsafe.Pointer(unsafe.SliceData(ms))), len(ms))
}

// The results of calls, as the tests compare and print them. A call of two results is printed
// in a failing case as fmt.Sprint of the call, and its expected value as the string fmt.Sprint
// makes of the two: "1.5 true".

// scored is what Score returns.
type scored struct {
	Score float64
	OK    bool
}

// GoString is the quoted fmt.Sprint of the two results: "1.5 true".
func (s scored) GoString() string { return strconv.Quote(fmt.Sprint(s.Score, s.OK)) }

// ranked is what Rank returns.
type ranked struct {
	Rank int
	OK   bool
}

// GoString is the quoted fmt.Sprint of the two results: "2 true".
func (r ranked) GoString() string { return strconv.Quote(fmt.Sprint(r.Rank, r.OK)) }

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
