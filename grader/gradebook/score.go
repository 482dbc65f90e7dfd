package gradebook

import (
	"math"

	"kata/grader"
	"kata/grader/result"
	"kata/grader/verdict"
)

// The points of an exercise of weight 1; an exercise of weight w is worth w times as much.
const (
	Points            = 100 // the whole exercise
	CorrectnessPoints = 70  // right answers
	PerformancePoints = 30  // the expected cost
)

// Score is the points one submission earned.
type Score struct {
	Score       float64 `json:"score"`
	MaxScore    float64 `json:"max_score"`
	Correctness float64 `json:"correctness"`
	Performance float64 `json:"performance"`
}

// Grade scores a judged submission of an exercise of weight w by the rules of the package doc.
// Points are rounded to hundredths.
func Grade(r *result.Result, w float64) Score {
	s := Score{MaxScore: round(Points * w)}
	switch r.Verdict {
	case verdict.Accepted:
		s.Correctness, s.Performance = CorrectnessPoints*w, PerformancePoints*w
	case verdict.WrongAnswer, verdict.RuntimeError, verdict.TimeLimitExceeded, verdict.MemoryLimitExceeded:
		passed, total := correctness(r)
		if total > 0 {
			s.Correctness = CorrectnessPoints * w * float64(passed) / float64(total)
		}
		if passed == total && r.Verdict == verdict.TimeLimitExceeded {
			s.Performance = PerformancePoints * w * grewAsExpected(r)
		}
	}
	s.Correctness, s.Performance = round(s.Correctness), round(s.Performance)
	s.Score = round(s.Correctness + s.Performance)
	return s
}

// correctness counts the correctness tests (every hidden test but the performance tests) that
// passed before the first one that did not, and how many there are.
func correctness(r *result.Result) (passed, total int) {
	performance := map[string]bool{}
	for _, t := range grader.HiddenTests(r.Exercise) {
		performance[t.Name] = t.Performance
	}
	failed := false
	for _, t := range r.Tests {
		if performance[t.Name] {
			continue
		}
		total++
		switch {
		case failed:
		case t.Status == result.Pass:
			passed++
		default:
			failed = true
		}
	}
	return passed, total
}

// grewAsExpected is the share of the measured operations whose cost grew as expected, when the
// judge found some that did not; 0 when it found none (the time limit was hit some other way,
// and no operation's cost is known to be right).
func grewAsExpected(r *result.Result) float64 {
	ok := 0
	for _, c := range r.Complexity {
		if c.OK() {
			ok++
		}
	}
	if ok == len(r.Complexity) {
		return 0
	}
	return float64(ok) / float64(len(r.Complexity))
}

// round rounds to hundredths.
func round(x float64) float64 { return math.Round(x*100) / 100 }
