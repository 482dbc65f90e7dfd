package exercise

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite problems.md from the registry")

// TestProblemsInSync keeps problems.md, the practice list people read, equal to the registry
// the judge uses. Run go test ./grader/exercise -update after changing the registry.
func TestProblemsInSync(t *testing.T) {
	path := filepath.Join("..", "..", "problems.md")
	want := Problems()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("problems.md differs from the registry (-registry +file); run go test ./grader/exercise -update:\n%s", diff)
	}
}
