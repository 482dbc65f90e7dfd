package gradebook

import (
	"fmt"
	"io"
	"strings"

	"kata/grader/report"
	"kata/grader/verdict"
)

// WriteSummary writes the class at a glance for a terminal, in at most 80 columns: one line per
// student with the score and how many submissions got each verdict, a total, and a legend.
// Refused exercises are not in it: the caller says why they were refused.
// Counts are coloured like the verdicts when color is on.
func (b *Book) WriteSummary(w io.Writer, colored bool) {
	palette := report.NewPalette(colored)
	header := pad("student", 17) + fmt.Sprintf(" %15s %4s", "score", "%")
	for _, v := range verdict.All {
		header += fmt.Sprintf(" %3s", Abbrev(v))
	}
	fmt.Fprintln(w, header)
	line := func(name, score string, pct string, counts map[verdict.Verdict]int) {
		fmt.Fprintf(w, "%s %15s %4s", pad(name, 17), score, pct)
		for _, v := range verdict.All {
			n := counts[v]
			if n == 0 {
				fmt.Fprintf(w, " %3s", ".")
				continue
			}
			fmt.Fprint(w, " "+palette.Verdict(v).Sprintf("%3d", n))
		}
		fmt.Fprintln(w)
	}
	all := map[verdict.Verdict]int{}
	var score, maxScore float64
	for _, s := range b.Students {
		counts := map[verdict.Verdict]int{}
		for _, r := range b.Rows(s.Name) {
			counts[r.Verdict]++
			all[r.Verdict]++
		}
		line(s.Name, number(s.Score)+"/"+number(s.MaxScore), percent(s.Score, s.MaxScore), counts)
		score += s.Score
		maxScore += s.MaxScore
	}
	if len(b.Students) > 1 {
		line(fmt.Sprintf("all %d students", len(b.Students)), number(round(score))+"/"+number(maxScore),
			percent(score, maxScore), all)
	}
	legend := ""
	for i, v := range verdict.All {
		item := Abbrev(v) + " " + v.Words()
		if i < len(verdict.All)-1 {
			item += ","
		}
		if legend != "" && len(legend)+1+len(item) > 80 {
			fmt.Fprintln(w, legend)
			legend = ""
		}
		legend = strings.TrimPrefix(legend+" "+item, " ")
	}
	fmt.Fprintln(w, legend)
}

// percent is score as a whole percentage of maxScore, "-" when there is nothing to score.
func percent(score, maxScore float64) string {
	if maxScore == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*score/maxScore)
}

// pad fits s to exactly n runes: cut with an ellipsis when longer, padded with spaces when
// shorter.
func pad(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s + strings.Repeat(" ", n-len(r))
}
