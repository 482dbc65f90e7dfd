package cli

import (
	"fmt"
	"strings"

	"github.com/fatih/color"

	"kata/grader/verdict"
)

// termWidth is the widest line kata writes: output fits an 80-column terminal.
const termWidth = 80

// palette holds the colours of one command's output, on or off; the same colours as the
// judge's report.
type palette struct {
	good, bad, unfinished, dim, bold, code *color.Color
}

func newPalette(on bool) palette {
	p := palette{
		good:       color.New(color.FgGreen, color.Bold),
		bad:        color.New(color.FgRed, color.Bold),
		unfinished: color.New(color.FgYellow, color.Bold),
		dim:        color.New(color.Faint),
		bold:       color.New(color.Bold),
		code:       color.New(color.FgCyan),
	}
	for _, c := range []*color.Color{p.good, p.bad, p.unfinished, p.dim, p.bold, p.code} {
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return p
}

// tone is the colour of a verdict: green, red, or yellow for unfinished work.
func (p palette) tone(v verdict.Verdict) *color.Color {
	switch v.Tone() {
	case verdict.Good:
		return p.good
	case verdict.Unfinished:
		return p.unfinished
	}
	return p.bad
}

// wrap breaks s into lines of at most w runes at spaces, each line after prefix.
func wrap(s string, w int, prefix string) string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > w {
			lines = append(lines, prefix+line)
			line = word
			continue
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, prefix+line)
	}
	return strings.Join(lines, "\n")
}

// plural is word for n of them: "1 attempt", "3 attempts".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
