package build

import (
	"regexp"
	"strconv"
	"strings"

	"kata/grader/result"
)

// position matches the start of a compiler message: file.go:12:5: or file.go:12:
var position = regexp.MustCompile(`^(.+?\.go):(\d+)(?::(\d+))?: (.*)$`)

// parseErrors extracts file:line messages from the go command's output. Lines that are not
// positions (package headers, notes) are dropped; a message's continuation lines are joined.
func parseErrors(out string) []result.Location {
	var locs []result.Location
	for _, line := range strings.Split(out, "\n") {
		if m := position.FindStringSubmatch(line); m != nil {
			l := result.Location{File: m[1], Message: m[4]}
			l.Line, _ = strconv.Atoi(m[2])
			l.Column, _ = strconv.Atoi(m[3])
			locs = append(locs, l)
			continue
		}
		if strings.HasPrefix(line, "\t") && len(locs) > 0 {
			locs[len(locs)-1].Message += " " + strings.TrimSpace(line)
		}
	}
	if len(locs) == 0 {
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if line != "" && !strings.HasPrefix(line, "#") {
				locs = append(locs, result.Location{Message: line})
			}
		}
	}
	return locs
}
