package harness

import (
	"iter"
	"path"
	"reflect"
	"slices"
)

// Methods makes the calls of a suite's random tests and shrinker on the exercise's type S, an
// interface: each method's name with the Method that calls it, made from the method expression
// (S.Add) by the function below that fits the method's signature. A suite's generated
// api_gen.go declares its table, and its Do is the suite's dispatch. Each Method converts the
// call's arguments to the parameters' types as a type assertion does (an argument of another
// type panics) and returns the result as the tests compare it: nil for none, the value for one,
// an iter.Seq collected in a slice, several results in one value of the suite's tuple type.
type Methods[S any] map[string]Method[S]

// Method makes a call of one method on s with the call's arguments and returns its result.
type Method[S any] func(s S, args []any) any

// Do makes the call c on s by the method it names.
func (ms Methods[S]) Do(s S, c Call) any {
	m, ok := ms[c.Method]
	if !ok {
		panic(path.Base(reflect.TypeFor[S]().PkgPath()) + " suite: no method " + c.Method)
	}
	return m(s, c.Args)
}

// Func0 is the Method of m, a method of no parameter and one result.
func Func0[S, R any](m func(S) R) Method[S] {
	return func(s S, _ []any) any { return m(s) }
}

// Proc1 is the Method of m, a method of one parameter and no result: the call returns nil.
func Proc1[S, A any](m func(S, A)) Method[S] {
	return func(s S, args []any) any {
		m(s, args[0].(A))
		return nil
	}
}

// Func1 is the Method of m, a method of one parameter and one result.
func Func1[S, A, R any](m func(S, A) R) Method[S] {
	return func(s S, args []any) any { return m(s, args[0].(A)) }
}

// Func2 is the Method of m, a method of two parameters and one result.
func Func2[S, A, B, R any](m func(S, A, B) R) Method[S] {
	return func(s S, args []any) any { return m(s, args[0].(A), args[1].(B)) }
}

// Seq2 is the Method of m, a method of two parameters that returns an iter.Seq: the call returns
// the values it yields in a slice, nil for none.
func Seq2[S, A, B, V any](m func(S, A, B) iter.Seq[V]) Method[S] {
	return func(s S, args []any) any { return slices.Collect(m(s, args[0].(A), args[1].(B))) }
}

// Pair1 is the Method of m, a method of one parameter and two results: the call returns them
// as a P, the suite's pair type.
func Pair1[P ~struct {
	First  R1
	Second R2
}, S, A, R1, R2 any](m func(S, A) (R1, R2)) Method[S] {
	return func(s S, args []any) any {
		r1, r2 := m(s, args[0].(A))
		return P{First: r1, Second: r2}
	}
}

// Triple1 is the Method of m, a method of one parameter and three results: the call returns
// them as a T, the suite's triple type.
func Triple1[T ~struct {
	First  R1
	Second R2
	Third  R3
}, S, A, R1, R2, R3 any](m func(S, A) (R1, R2, R3)) Method[S] {
	return func(s S, args []any) any {
		r1, r2, r3 := m(s, args[0].(A))
		return T{First: r1, Second: r2, Third: r3}
	}
}
