package harness

import "kata/grader/internal/growth"

// KeyedGrowth is the test performance/growth of a structure keyed by ints: it draws distinct
// values, as many as the largest of sizes, and judges the growth of the operations that keyed
// describes along the ladder of sizes over them (newL and newR make a structure of each side),
// then of what each of more measures over the same values. keyed is called for each pass of the
// measurements, so that each pass adds its samples to series of its own (see JudgeGrowth).
func KeyedGrowth[S any](sizes []int, newL, newR func() S, keyed func() Keyed[S],
	more ...func(m *Meter, values []int) []*growth.Series) Test {
	return Test{Name: "performance/growth", Kind: Performance, Run: func(t *T) {
		values := DistinctInts(t, sizes[len(sizes)-1])
		measures := []func(*Meter) []*growth.Series{func(m *Meter) []*growth.Series {
			return keyed().Ladder(sizes, values, newL, newR).Measure(m)
		}}
		for _, measure := range more {
			measures = append(measures, func(m *Meter) []*growth.Series { return measure(m, values) })
		}
		JudgeGrowth(t, measures...)
	}}
}
