package harness

import (
	"errors"
	"fmt"
	"iter"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// bag is a toy exercise's type as a suite drives it, with a method of each signature Methods
// has a function for, and the type itself as a parameter.
type bag interface {
	Add(int) bool
	Count(int, int) int
	Drop(int)
	Find(int) (int, bool)
	Get([]byte) ([]byte, bool, error)
	Has(int) bool
	Len() int
	Merge(bag) bool
	Range(int, int) iter.Seq[int]
}

// pair and triple are the tuples of the package that drives bag, as apigen writes them.
type pair[A, B any] struct {
	First  A
	Second B
}

type triple[A, B, C any] struct {
	First  A
	Second B
	Third  C
}

// mapBag is a bag over a map.
type mapBag struct {
	m   map[int]bool
	nil bool // Range returns a nil iter.Seq
}

func newBag() bag { return &mapBag{m: map[int]bool{}} }

func (b *mapBag) Add(x int) bool {
	had := b.m[x]
	b.m[x] = true
	return !had
}

func (b *mapBag) Count(lo, hi int) int   { return len(slices.Collect(b.Range(lo, hi))) }
func (b *mapBag) Drop(x int)             { delete(b.m, x) }
func (b *mapBag) Find(x int) (int, bool) { return x, b.m[x] }
func (b *mapBag) Has(x int) bool         { return b.m[x] }
func (b *mapBag) Len() int               { return len(b.m) }
func (b *mapBag) Merge(o bag) bool       { return o.(*mapBag) != b }

func (b *mapBag) Get(k []byte) ([]byte, bool, error) {
	if len(k) == 0 {
		return nil, false, errEmpty
	}
	return k, b.m[int(k[0])], nil
}

func (b *mapBag) Range(lo, hi int) iter.Seq[int] {
	if b.nil {
		return nil
	}
	return func(yield func(int) bool) {
		for x := lo; x <= hi; x++ {
			if b.m[x] && !yield(x) {
				return
			}
		}
	}
}

var errEmpty = errors.New("empty key")

// dispatchBag is bag's dispatch as apigen writes it.
var dispatchBag = Methods[bag]{
	"Add":   Func1(bag.Add),
	"Count": Func2(bag.Count),
	"Drop":  Proc1(bag.Drop),
	"Find":  Pair1[pair[int, bool]](bag.Find),
	"Get":   Triple1[triple[[]byte, bool, error]](bag.Get),
	"Has":   Func1(bag.Has),
	"Len":   Func0(bag.Len),
	"Merge": Func1(bag.Merge),
	"Range": Seq2(bag.Range),
}.Do

// switchBag is the dispatch apigen wrote for each suite before Methods: a switch on the
// method's name, each argument asserted to its type.
func switchBag(s bag, c Call) any {
	switch c.Method {
	case "Add":
		return s.Add(c.Args[0].(int))
	case "Count":
		return s.Count(c.Args[0].(int), c.Args[1].(int))
	case "Drop":
		s.Drop(c.Args[0].(int))
		return nil
	case "Find":
		r0, r1 := s.Find(c.Args[0].(int))
		return pair[int, bool]{First: r0, Second: r1}
	case "Get":
		r0, r1, r2 := s.Get(c.Args[0].([]byte))
		return triple[[]byte, bool, error]{First: r0, Second: r1, Third: r2}
	case "Has":
		return s.Has(c.Args[0].(int))
	case "Len":
		return s.Len()
	case "Merge":
		return s.Merge(c.Args[0].(bag))
	case "Range":
		return slices.Collect(s.Range(c.Args[0].(int), c.Args[1].(int)))
	}
	panic("harness suite: no method " + c.Method)
}

// TestMethodsAsTheSwitch checks that Methods returns for every call what a switch written
// for the type returns, an empty range's nil slice included.
func TestMethodsAsTheSwitch(t *testing.T) {
	a, b := newBag(), newBag()
	for _, c := range []Call{
		{Method: "Add", Args: []any{3}}, {Method: "Add", Args: []any{3}}, {Method: "Add", Args: []any{5}},
		{Method: "Has", Args: []any{3}}, {Method: "Has", Args: []any{4}}, {Method: "Len"},
		{Method: "Find", Args: []any{5}}, {Method: "Find", Args: []any{6}},
		{Method: "Get", Args: []any{[]byte{3}}}, {Method: "Get", Args: []any{[]byte{}}},
		{Method: "Range", Args: []any{0, 9}}, {Method: "Range", Args: []any{6, 9}},
		{Method: "Merge", Args: []any{newBag()}}, {Method: "Add", Args: []any{7, "an argument too many"}},
		{Method: "Count", Args: []any{0, 9}}, {Method: "Drop", Args: []any{3}}, {Method: "Drop", Args: []any{5}},
		{Method: "Drop", Args: []any{7}}, {Method: "Len"}, {Method: "Range", Args: []any{0, 9}},
	} {
		got, want := dispatchBag(a, c), switchBag(b, c)
		if diff := cmp.Diff(want, got, cmp.Comparer(func(x, y error) bool { return x == y })); diff != "" {
			t.Errorf("%s: Methods' result differs from the switch's (-switch +Methods):\n%s", c.Short(), diff)
		}
	}
}

// TestMethodsPanics checks the panics of calls no suite makes, as the switch's, and that a
// nil iter.Seq fails as ranging over it does in the graded code.
func TestMethodsPanics(t *testing.T) {
	panicOf := func(f func()) (p any) {
		defer func() { p = recover() }()
		f()
		return nil
	}
	for _, c := range []Call{
		{Method: "Pop"}, {Method: "Add", Args: []any{int64(3)}}, {Method: "Merge", Args: []any{nil}},
	} {
		got, want := panicOf(func() { dispatchBag(newBag(), c) }), panicOf(func() { switchBag(newBag(), c) })
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s panicked with %v, the switch with %v", c.Short(), got, want)
		}
	}
	p := panicOf(func() { dispatchBag(&mapBag{nil: true}, Call{Method: "Range", Args: []any{0, 1}}) })
	if err, ok := p.(runtime.Error); !ok || !strings.Contains(err.Error(), "nil pointer dereference") {
		t.Errorf("a nil iter.Seq panicked with %#v, want the runtime's nil dereference", p)
	}
}

// BenchmarkDispatch compares Methods' call with the switch's, over the calls a random test
// of a set makes on a small set: Add, Has, Len, and Find, whose two results make a pair.
func BenchmarkDispatch(b *testing.B) {
	calls := make([]Call, 1024)
	for i := range calls {
		calls[i] = Call{Method: []string{"Add", "Has", "Len", "Find"}[i%4], Args: []any{i % 97}}
	}
	for _, bc := range []struct {
		name string
		do   func(bag, Call) any
	}{{"switch", switchBag}, {"Methods", dispatchBag}} {
		b.Run(bc.name, func(b *testing.B) {
			s := newBag()
			i := 0
			for b.Loop() {
				bc.do(s, calls[i&1023])
				i++
			}
		})
	}
}
