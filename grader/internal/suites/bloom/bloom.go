// Package bloom holds the hidden tests of the bloom exercise.
package bloom

import "kata/grader/internal/harness"

// Filter is the API the tests drive.
type Filter interface {
	Add(key []byte)
	Test(key []byte) bool
	M() uint64
	K() uint
}

// API is one implementation of the exercise: the graded package's or the reference's.
type API struct {
	New               func(m uint64, k uint) Filter
	NewWithEstimates  func(n uint64, p float64) Filter
	OptimalM          func(n uint64, p float64) uint64
	OptimalK          func(m, n uint64) uint
	FalsePositiveRate func(m, n uint64, k uint) float64
}

// Binding is the Go expression the judge's generated main uses to build an API from the package
// imported as P; the suite package itself is imported as suite.
const Binding = `suite.API{
		New:               func(m uint64, k uint) suite.Filter { return P.New(m, k) },
		NewWithEstimates:  func(n uint64, p float64) suite.Filter { return P.NewWithEstimates(n, p) },
		OptimalM:          P.OptimalM,
		OptimalK:          P.OptimalK,
		FalsePositiveRate: P.FalsePositiveRate,
	}`

// Suite returns the hidden tests, run on learner and compared with reference.
func Suite(learner, reference API) *harness.Suite {
	return &harness.Suite{
		Exercise: "bloom",
		Probes: []harness.Probe{
			{Method: "New", Constructor: true, Call: func() { learner.New(64, 3) }},
			{Method: "NewWithEstimates", Free: true, Call: func() { learner.NewWithEstimates(100, 0.01) }},
			{Method: "Add", Call: func() { learner.New(64, 3).Add([]byte("a")) }},
			{Method: "Test", Call: func() { learner.New(64, 3).Test([]byte("a")) }},
			{Method: "M", Call: func() { learner.New(64, 3).M() }},
			{Method: "K", Call: func() { learner.New(64, 3).K() }},
			{Method: "OptimalM", Free: true, Call: func() { learner.OptimalM(100, 0.01) }},
			{Method: "OptimalK", Free: true, Call: func() { learner.OptimalK(1000, 100) }},
			{Method: "FalsePositiveRate", Free: true, Call: func() { learner.FalsePositiveRate(1000, 100, 7) }},
		},
	}
}
