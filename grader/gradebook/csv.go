package gradebook

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// CSVHeader is the first line of grades.csv. Time is the judge's wall time in seconds.
var CSVHeader = []string{"student", "exercise", "verdict", "score", "max_score", "time", "seed", "message"}

// WriteCSV writes grades.csv: one line per student and exercise, in the gradebook's order.
func (b *Book) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	if err := c.Write(CSVHeader); err != nil {
		return err
	}
	for _, r := range b.Grades {
		if err := c.Write([]string{
			r.Student, r.Exercise, string(r.Verdict), number(r.Score.Score), number(r.MaxScore),
			seconds(r.DurationMS), strconv.FormatUint(r.Seed, 10), oneLine(r.Message),
		}); err != nil {
			return err
		}
	}
	c.Flush()
	return c.Error()
}

// number formats points as short as they go: 70, 40.83.
func number(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// seconds formats milliseconds as seconds: 1.234.
func seconds(ms int64) string { return strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64) }

// oneLine joins a message's lines with spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
