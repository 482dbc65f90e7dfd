package exercise_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"kata/grader/exercise"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite README's practice list from the CLI's golden file")

// TestReadmeAgreesWithRegistry keeps README.md's account of the practice list current: its
// first paragraph names every exercise, every "k/N solved" counts the registry's N, and the
// practice list of the first steps is what kata prints on a fresh clone, which the CLI's golden
// file list-fresh.golden holds (the CLI's tests keep that file equal to the registry). Run go
// test ./grader/exercise -update-readme to copy the golden file's list into README.md.
func TestReadmeAgreesWithRegistry(t *testing.T) {
	path := filepath.Join(root, "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	golden, err := os.ReadFile(filepath.Join(root, "cmd", "kata", "internal", "cli", "testdata", "list-fresh.golden"))
	if err != nil {
		t.Fatal(err)
	}
	want, _, ok := strings.Cut(string(golden), "--- exit ")
	if !ok {
		t.Fatal("list-fresh.golden has no exit line")
	}
	const heading = "### 1. The practice list\n"
	start := strings.Index(readme, heading)
	open := strings.Index(readme[max(start, 0):], "```\n")
	if start < 0 || open < 0 {
		t.Fatalf("README.md has no code block under %q", strings.TrimSpace(heading))
	}
	from := start + open + len("```\n")
	to := strings.Index(readme[from:], "```\n")
	if to < 0 {
		t.Fatal("README.md's practice list has no end")
	}
	got := readme[from : from+to]
	if *updateReadme {
		readme = readme[:from] + want + readme[from+to:]
		if err := os.WriteFile(path, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
		got = want
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("README.md's practice list differs from what kata prints (-kata +README); "+
			"run go test ./grader/exercise -update-readme:\n%s", diff)
	}
	n := strconv.Itoa(len(exercise.All()))
	for _, m := range regexp.MustCompile(`\b\d+/(\d+) solved\b`).FindAllStringSubmatch(readme, -1) {
		if m[1] != n {
			t.Errorf("README.md says %q: the practice list has %s exercises", m[0], n)
		}
	}
	first := strings.Join(strings.Fields(strings.SplitN(readme, "\n\n", 3)[1]), " ")
	for _, e := range exercise.All() {
		if noun := strings.TrimPrefix(e.Noun, "the "); !strings.Contains(first, noun) {
			t.Errorf("README.md's first paragraph does not name %s (%q)", e.Name, noun)
		}
	}
}
