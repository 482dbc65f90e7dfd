package gradebook

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"kata/grader/verdict"
)

// JUnit is junit.xml in the common JUnit XML format CI systems read (Jenkins' junit-10.xsd and
// its readers): one testsuite per student, one testcase per exercise. A runtime_error or
// compile_error is an error element (the code could not be run to the end); every other verdict
// but accepted is a failure element. Each carries the verdict as its type and the one-line
// reason as its message.
type JUnit struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []JUnitSuite `xml:"testsuite"`
}

// JUnitSuite is one student.
type JUnitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Properties []JUnitProperty `xml:"properties>property"`
	Cases      []JUnitCase     `xml:"testcase"`
}

// JUnitProperty is a name and a value.
type JUnitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// JUnitCase is one exercise of one student.
type JUnitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *JUnitProblem `xml:"failure,omitempty"`
	Error     *JUnitProblem `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

// JUnitProblem is a failure or an error: the one-line reason, the verdict, and the details.
type JUnitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// JUnit is the gradebook as junit.xml.
func (b *Book) JUnit() JUnit {
	j := JUnit{Name: "kata grade"}
	var total int64
	for _, s := range b.Students {
		suite := JUnitSuite{Name: s.Name, Properties: []JUnitProperty{
			{Name: "seed", Value: fmt.Sprint(b.Seed)},
			{Name: "score", Value: number(s.Score)},
			{Name: "max_score", Value: number(s.MaxScore)},
		}}
		var ms int64
		for _, r := range b.Rows(s.Name) {
			c := JUnitCase{Name: r.Exercise, Classname: s.Name, Time: seconds(r.DurationMS),
				SystemOut: fmt.Sprintf("%s: %s of %s points, seed %d\nreplay: %s",
					r.Verdict.Words(), number(r.Score.Score), number(r.MaxScore), r.Seed, r.Replay)}
			problem := &JUnitProblem{Message: r.Verdict.Words() + ": " + oneLine(r.Message), Type: string(r.Verdict),
				Text: details(r)}
			switch r.Verdict {
			case verdict.Accepted:
			case verdict.RuntimeError, verdict.CompileError:
				c.Error = problem
				suite.Errors++
			default:
				c.Failure = problem
				suite.Failures++
			}
			suite.Tests++
			suite.Cases = append(suite.Cases, c)
			ms += r.DurationMS
		}
		suite.Time = seconds(ms)
		j.Tests += suite.Tests
		j.Failures += suite.Failures
		j.Errors += suite.Errors
		j.Suites = append(j.Suites, suite)
		total += ms
	}
	j.Time = seconds(total)
	return j
}

// details is the longer account of a failed row: the message, the hidden test, the hint and the
// smallest failing case.
func details(r Row) string {
	lines := []string{r.Message}
	if res := r.Result; res != nil {
		if res.Test != "" {
			lines = append(lines, "hidden test: "+res.Test)
		}
		if res.Hint != "" {
			lines = append(lines, "hint: "+res.Hint)
		}
		if res.Case != nil && res.Case.Code != "" {
			lines = append(lines, "smallest failing case:", strings.TrimRight(res.Case.Code, "\n"))
		}
	}
	return strings.Join(lines, "\n")
}

// WriteJUnit writes junit.xml.
func (b *Book) WriteJUnit(w io.Writer) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(b.JUnit()); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
