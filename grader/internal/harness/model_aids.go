package harness

import "math/rand/v2"

// Script returns a test that runs steps on a fresh structure of the graded package (Script).
func (m Model[S]) Script(steps ...Step) func(*T) {
	return func(t *T) { Script(t, m, steps) }
}

// Scripts returns a test that runs each list of steps on a fresh structure of its own, in
// turn (Script): the test fails on the first list that fails.
func (m Model[S]) Scripts(lists ...[]Step) func(*T) {
	return func(t *T) {
		for _, steps := range lists {
			Script(t, m, steps)
		}
	}
}

// Random returns a test that runs the calls gen draws from the test's random source on the
// graded package and on the reference side by side (Compare).
func (m Model[S]) Random(gen func(rng *rand.Rand) []Call) func(*T) {
	return func(t *T) { Compare(t, m, gen(t.Rand())) }
}

// TwinsTest returns a test that runs two sequences gen draws, one after the other from the
// test's random source, on two structures of the graded package at once (Twins). It is a
// function and not a method of Model as the others are: Twins drives a Model of pairs of S,
// whose own methods would then instantiate Twins again, without end.
func TwinsTest[S any](m Model[S], gen func(rng *rand.Rand) []Call) func(*T) {
	return func(t *T) { Twins(t, m, gen(t.Rand()), gen(t.Rand())) }
}
