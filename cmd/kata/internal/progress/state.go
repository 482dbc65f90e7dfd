// Package progress keeps the learner's progress through the practice list: for each exercise
// the graded attempts, the last verdict and when it came, when it was first solved, and how
// many hints were used.
//
// The progress lives in one small JSON file, state.json in the kit's state folder (.kata). A
// [Store] reads and writes it: every write goes to a temporary file that is then renamed over
// the old one, so a reader never sees half a file, and every read and write holds an operating
// system lock on a lock file beside it, so two kata processes at once never lose each other's
// updates. A file that is not kata's progress (bad JSON, another format, another version) is
// moved aside and a fresh progress is started; nothing else in the kit is touched.
package progress

import (
	"fmt"
	"time"

	"kata/grader/verdict"
)

// The state file's marker and format version. A file without this marker and version is not
// read: it is set aside.
const (
	Kind    = "kata progress"
	Version = 1
)

// State is the learner's progress: a record per exercise, by the exercise's short name.
type State struct {
	Kind      string               `json:"kind"`
	Version   int                  `json:"version"`
	Exercises map[string]*Progress `json:"exercises"`
}

// Progress is the learner's record on one exercise. The zero value is an exercise not
// started.
type Progress struct {
	Attempts    int             `json:"attempts"`               // graded runs of exercises/NAME
	LastVerdict verdict.Verdict `json:"last_verdict,omitempty"` // the last run's verdict
	LastRun     time.Time       `json:"last_run,omitzero"`      // when the last run finished
	Solved      time.Time       `json:"solved,omitzero"`        // the first accepted run
	HintsUsed   int             `json:"hints_used,omitempty"`   // hints shown, each counted once
}

// New returns an empty progress: nothing started.
func New() *State {
	return &State{Kind: Kind, Version: Version, Exercises: map[string]*Progress{}}
}

// Get returns the record of the exercise called name; the zero Progress if it was never
// started.
func (s *State) Get(name string) Progress {
	if p := s.Exercises[name]; p != nil {
		return *p
	}
	return Progress{}
}

// entry returns the record of name to change, making it if needed.
func (s *State) entry(name string) *Progress {
	if s.Exercises == nil {
		s.Exercises = map[string]*Progress{}
	}
	p := s.Exercises[name]
	if p == nil {
		p = &Progress{}
		s.Exercises[name] = p
	}
	return p
}

// Attempt records a graded run of name that ended at time at with verdict v. An accepted
// verdict marks the exercise solved at that time, unless it was solved before; Attempt reports
// whether this run solved it for the first time.
func (s *State) Attempt(name string, v verdict.Verdict, at time.Time) (firstSolve bool) {
	p := s.entry(name)
	p.Attempts++
	p.LastVerdict = v
	p.LastRun = at
	if v.IsAccepted() && p.Solved.IsZero() {
		p.Solved = at
		return true
	}
	return false
}

// TakeHint counts the next of name's total hints as used and returns its level, from 1 to
// total. Once all are used, it returns total again and again is true.
func (s *State) TakeHint(name string, total int) (level int, again bool) {
	p := s.entry(name)
	if p.HintsUsed >= total {
		p.HintsUsed = total
		return total, true
	}
	p.HintsUsed++
	return p.HintsUsed, false
}

// SolvedCount returns how many of the named exercises are solved.
func (s *State) SolvedCount(names []string) int {
	n := 0
	for _, name := range names {
		if s.Get(name).IsSolved() {
			n++
		}
	}
	return n
}

// Next returns the first of the named exercises that is not solved yet, in the order given,
// or "" when all are.
func (s *State) Next(names []string) string {
	for _, name := range names {
		if !s.Get(name).IsSolved() {
			return name
		}
	}
	return ""
}

// IsSolved reports whether the exercise was accepted at least once.
func (p Progress) IsSolved() bool { return !p.Solved.IsZero() }

// IsStarted reports whether the exercise was graded or hinted at least once.
func (p Progress) IsStarted() bool { return p.Attempts > 0 || p.HintsUsed > 0 }

// check tells why a decoded file is not a progress file kata can read, or returns nil.
func (s *State) check() error {
	switch {
	case s.Kind != Kind:
		return fmt.Errorf("it is not a kata progress file (no %q marker)", Kind)
	case s.Version > Version:
		return fmt.Errorf("it was written by a newer kata (format version %d; this kata reads %d)", s.Version, Version)
	case s.Version != Version:
		return fmt.Errorf("it has an unknown format version %d", s.Version)
	}
	for name, p := range s.Exercises {
		switch {
		case p == nil:
			return fmt.Errorf("the record of %q is null", name)
		case p.Attempts < 0 || p.HintsUsed < 0:
			return fmt.Errorf("the record of %q has negative counts", name)
		case p.LastVerdict != "":
			if _, err := verdict.Parse(string(p.LastVerdict)); err != nil {
				return fmt.Errorf("the record of %q has an unknown verdict %q", name, p.LastVerdict)
			}
		}
	}
	return nil
}
