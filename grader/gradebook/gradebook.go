// Package gradebook scores a graded class and writes the files an instructor publishes: a CSV,
// the whole gradebook as JSON, a Gradescope results.json per student, a JUnit XML report for CI,
// and one self-contained HTML page. It reads its own JSON back to merge the gradebooks of a
// class graded in shards.
//
// # Scoring
//
// Every exercise is worth 100 points times its weight (1 unless the instructor sets another):
// 70 for correctness and 30 for performance. A submission earns
//
//   - accepted: all 100;
//   - compile_error, rule_violation, not_implemented: 0. The hidden tests cannot run a package
//     that does not build, a package that breaks the exercise's rule must not earn points for
//     doing what the exercise forbids (a map in hashset), and a package with a method still the
//     stub is unfinished work: whatever tests it passes do not touch the whole API;
//   - wrong_answer, runtime_error, time_limit_exceeded, memory_limit_exceeded: the correctness
//     points in proportion to the correctness tests (every hidden test but the performance
//     tests, in the order they run) passed before the first one that failed. Counting stops
//     there because a crash ends the run: tests after it never ran, and a wrong answer must not
//     earn more than a crash at the same place. A submission that passed every correctness test
//     and failed only because some operations grew faster than expected (time_limit_exceeded)
//     also earns the performance points in proportion to the measured operations that grew as
//     expected: a skiplist whose Search is O(n) but whose Add and Erase are O(log n) earns
//     70 + 20. Only an accepted submission earns full marks.
//
// Points are rounded to hundredths; a student's score is the sum of their exercises' scores,
// out of the sum of the graded exercises' maxima. An exercise refused because its reference is
// broken counts for nobody.
package gradebook

import (
	"runtime"
	"runtime/debug"
	"slices"

	"kata/grader"
	"kata/grader/classroom"
	"kata/grader/result"
	"kata/grader/verdict"
)

// Format and Version mark a grades.json file as kata's gradebook, in this format.
const (
	Format  = "kata-gradebook"
	Version = 1
)

// Book is a class's gradebook: everything grades.json holds and the other files are made from.
type Book struct {
	Format    string              `json:"format"`
	Version   int                 `json:"version"`
	Kata      Kata                `json:"kata"`            // the kata that graded
	Seed      uint64              `json:"seed"`            // the run's seed
	Shard     string              `json:"shard,omitempty"` // "i/N" for one shard's gradebook
	Kit       Kit                 `json:"kit"`
	Scoring   Scoring             `json:"scoring"`
	Exercises []Exercise          `json:"exercises"` // the graded exercises, in order
	Refused   []classroom.Refusal `json:"refused"`   // the exercises nobody was graded on
	Students  []Student           `json:"students"`  // in name order
	Grades    []Row               `json:"grades"`    // students in order, each with the exercises in order
}

// Kata is the version of kata that graded, as far as the binary knows it.
type Kata struct {
	Version  string `json:"version"`            // the module's version; "(devel)" when built from source
	Go       string `json:"go"`                 // the Go toolchain that built kata
	Revision string `json:"revision,omitempty"` // the commit, when the build recorded it
	Modified bool   `json:"modified,omitempty"` // the build had uncommitted changes
}

// Kit is what the class was judged against: the same digest and limits give the same verdicts.
type Kit struct {
	Digest    string `json:"digest"`    // classroom.KitDigest
	Solutions string `json:"solutions"` // the reference packages' folder, as given
	Limits    Limits `json:"limits"`
}

// Limits are the limits every submission was judged under.
type Limits struct {
	WallMS      int64  `json:"wall_ms"`
	MemoryBytes uint64 `json:"memory_bytes"`
	OpLimitMS   int64  `json:"op_limit_ms"`
	OutputBytes int    `json:"output_bytes"`
}

// LimitsOf records the judge's limits.
func LimitsOf(l grader.Limits) Limits {
	return Limits{WallMS: l.Wall.Milliseconds(), MemoryBytes: l.Memory, OpLimitMS: l.OpLimit.Milliseconds(), OutputBytes: l.Output}
}

// Scoring records the points of an exercise of weight 1 (see the package doc).
type Scoring struct {
	Points      float64 `json:"points"`
	Correctness float64 `json:"correctness"`
	Performance float64 `json:"performance"`
}

// Exercise is a graded exercise with its weight.
type Exercise struct {
	Name     string  `json:"name"`
	Weight   float64 `json:"weight"`
	MaxScore float64 `json:"max_score"`
}

// Student is one student's total.
type Student struct {
	Name     string  `json:"name"`
	Root     string  `json:"root"` // the ROOT as given
	Score    float64 `json:"score"`
	MaxScore float64 `json:"max_score"`
}

// Row is one student's grade for one exercise.
type Row struct {
	Student  string          `json:"student"`
	Exercise string          `json:"exercise"`
	Verdict  verdict.Verdict `json:"verdict"`
	Score
	Seed       uint64         `json:"seed"`
	DurationMS int64          `json:"duration_ms"`
	Message    string         `json:"message"`
	Package    string         `json:"package"` // the graded folder
	Replay     string         `json:"replay"`  // the command that replays this row
	Result     *result.Result `json:"result"`  // the judge's whole answer
}

// Options are what a gradebook records besides the graded class.
type Options struct {
	Shard   string             // "i/N" when the class is one shard's
	Kit     Kit                // what the class was judged against
	Weights map[string]float64 // exercise name -> weight; 1 when absent
}

// New scores a graded class.
func New(c classroom.Class, out *classroom.Outcome, o Options) *Book {
	b := &Book{
		Format: Format, Version: Version, Kata: running(), Seed: c.Seed, Shard: o.Shard, Kit: o.Kit,
		Scoring:   Scoring{Points: Points, Correctness: CorrectnessPoints, Performance: PerformancePoints},
		Exercises: []Exercise{}, Refused: append([]classroom.Refusal{}, out.Refused...),
		Students: []Student{}, Grades: []Row{},
	}
	refused := map[string]bool{}
	for _, r := range out.Refused {
		refused[r.Exercise] = true
	}
	for _, e := range c.Exercises {
		if !refused[e.Name] {
			w := weight(o.Weights, e.Name)
			b.Exercises = append(b.Exercises, Exercise{Name: e.Name, Weight: w, MaxScore: round(Points * w)})
		}
	}
	for _, s := range c.Students {
		b.Students = append(b.Students, Student{Name: s.Name, Root: s.Root})
	}
	for _, r := range out.Rows {
		b.Grades = append(b.Grades, Row{
			Student: r.Student, Exercise: r.Exercise, Verdict: r.Result.Verdict,
			Score: Grade(r.Result, weight(o.Weights, r.Exercise)), Seed: r.Result.Seed,
			DurationMS: r.Result.DurationMS, Message: r.Result.Message,
			Package: r.Dir, Replay: r.Result.Replay, Result: r.Result,
		})
	}
	b.total()
	return b
}

// weight is the exercise's weight in ws, 1 when it has none.
func weight(ws map[string]float64, exercise string) float64 {
	if w, ok := ws[exercise]; ok {
		return w
	}
	return 1
}

// total sums each student's scores.
func (b *Book) total() {
	maxScore := 0.0
	for _, e := range b.Exercises {
		maxScore += e.MaxScore
	}
	for i := range b.Students {
		s := &b.Students[i]
		s.Score, s.MaxScore = 0, round(maxScore)
		for _, r := range b.Grades {
			if r.Student == s.Name {
				s.Score += r.Score.Score
			}
		}
		s.Score = round(s.Score)
	}
}

// Rows returns the student's rows, in the exercises' order.
func (b *Book) Rows(student string) []Row {
	var rows []Row
	for _, r := range b.Grades {
		if r.Student == student {
			rows = append(rows, r)
		}
	}
	return rows
}

// Row returns the student's row for exercise, if there is one.
func (b *Book) Row(student, exercise string) (Row, bool) {
	i := slices.IndexFunc(b.Grades, func(r Row) bool { return r.Student == student && r.Exercise == exercise })
	if i < 0 {
		return Row{}, false
	}
	return b.Grades[i], true
}

// Accepted reports whether every graded submission was accepted.
func (b *Book) Accepted() bool {
	for _, r := range b.Grades {
		if !r.Verdict.IsAccepted() {
			return false
		}
	}
	return true
}

// running is this binary's version, as its build info tells it.
func running() Kata {
	k := Kata{Version: "(devel)", Go: runtime.Version()}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return k
	}
	if info.Main.Version != "" {
		k.Version = info.Main.Version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			k.Revision = s.Value
		case "vcs.modified":
			k.Modified = s.Value == "true"
		}
	}
	return k
}
