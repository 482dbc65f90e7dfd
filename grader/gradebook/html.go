package gradebook

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"

	"kata/grader/verdict"
)

// page is grades.html's template: one file with its CSS and script inline, so that it opens
// from a disk, a CI artifact or an e-mail with no network.
//
//go:embed page.html
var page string

var pageTemplate = template.Must(template.New("grades.html").Parse(page))

// Abbrev is the short name of a verdict used where space is tight: AC, WA, RE, TLE, MLE, CE,
// NI, RV.
func Abbrev(v verdict.Verdict) string {
	switch v {
	case verdict.Accepted:
		return "AC"
	case verdict.WrongAnswer:
		return "WA"
	case verdict.RuntimeError:
		return "RE"
	case verdict.TimeLimitExceeded:
		return "TLE"
	case verdict.MemoryLimitExceeded:
		return "MLE"
	case verdict.CompileError:
		return "CE"
	case verdict.NotImplemented:
		return "NI"
	case verdict.RuleViolation:
		return "RV"
	}
	return string(v)
}

// view is what the page shows.
type view struct {
	*Book
	Verdicts     []verdictView
	Matrix       []studentView
	Distribution []exerciseView
	NumAccepted  int
}

type verdictView struct {
	Verdict      verdict.Verdict
	Abbrev, Tone string
}

type studentView struct {
	Student
	Cells []cellView
}

type cellView struct {
	Row
	Graded       bool
	I, J         int // the cell's row and column in the matrix
	Abbrev, Tone string
	Title        string
	Time         string
	Hint, Test   string
}

type exerciseView struct {
	Exercise
	Mean   string
	Counts []countView
}

type countView struct {
	verdictView
	Count int
}

// WriteHTML writes grades.html.
func (b *Book) WriteHTML(w io.Writer) error {
	v := view{Book: b}
	for _, vd := range verdict.All {
		v.Verdicts = append(v.Verdicts, verdictView{Verdict: vd, Abbrev: Abbrev(vd), Tone: vd.Tone().String()})
	}
	for i, s := range b.Students {
		sv := studentView{Student: s}
		for j, e := range b.Exercises {
			c := cellView{I: i, J: j}
			if r, ok := b.Row(s.Name, e.Name); ok {
				c.Row, c.Graded = r, true
				c.Abbrev, c.Tone = Abbrev(r.Verdict), r.Verdict.Tone().String()
				c.Title = fmt.Sprintf("%s · %s: %s: %s", s.Name, e.Name, r.Verdict.Words(), oneLine(r.Message))
				c.Time = seconds(r.DurationMS) + " s"
				if r.Result != nil {
					c.Hint, c.Test = oneLine(r.Result.Hint), r.Result.Test
				}
				if r.Verdict.IsAccepted() {
					v.NumAccepted++
				}
			}
			sv.Cells = append(sv.Cells, c)
		}
		v.Matrix = append(v.Matrix, sv)
	}
	for _, e := range b.Exercises {
		ev := exerciseView{Exercise: e}
		counts := map[verdict.Verdict]int{}
		sum, n := 0.0, 0
		for _, r := range b.Grades {
			if r.Exercise == e.Name {
				counts[r.Verdict]++
				sum += r.Score.Score
				n++
			}
		}
		if n > 0 {
			ev.Mean = number(round(sum / float64(n)))
		}
		for _, vv := range v.Verdicts {
			if counts[vv.Verdict] > 0 {
				ev.Counts = append(ev.Counts, countView{verdictView: vv, Count: counts[vv.Verdict]})
			}
		}
		v.Distribution = append(v.Distribution, ev)
	}
	return pageTemplate.Execute(w, v)
}
