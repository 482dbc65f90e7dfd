package cli

import (
	"strings"
	"testing"

	"kata/cmd/kata/internal/progress"
	"kata/grader/exercise"
)

func TestHintProgresses(t *testing.T) {
	e := newEnv(t)
	ex, err := exercise.Lookup("hashset")
	if err != nil {
		t.Fatal(err)
	}
	total := len(ex.Hints)
	if total < 3 {
		t.Fatalf("hashset has %d hints, want three or more", total)
	}
	if code := e.golden("hint-first", "hint", "hashset"); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	e.golden("hint-second", "hint", "design-hashset")
	for range total - 3 {
		e.run("hint", "hashset")
	}
	e.golden("hint-last", "hint", "hashset")
	e.golden("hint-last-again", "hint", "hashset")
	if got := e.progress().Get("hashset").HintsUsed; got != total {
		t.Errorf("hints used = %d after asking %d times, want %d", got, total+1, total)
	}
	e.golden("hint-all", "hint", "hashset", "--all")
	if got := e.progress().Get("hashset").HintsUsed; got != total {
		t.Errorf("--all changed the count to %d", got)
	}
	for _, ex := range exercise.All() {
		e.run("hint", ex.Name)
		assertFits(t, "kata hint "+ex.Name, e.out.String())
	}
}

func TestHintAllBeforeAny(t *testing.T) {
	e := newEnv(t)
	e.golden("hint-all-none", "hint", "trie", "--all")
	e.seed(func(st *progress.State) { st.TakeHint("trie", 3) })
	e.run("hint", "trie", "--all")
	if !strings.HasPrefix(e.out.String(), "Hint 1 of 3") || strings.Contains(e.out.String(), "Hint 2") {
		t.Errorf("--all after one hint:\n%s", e.out)
	}
}

func TestHintErrors(t *testing.T) {
	e := newEnv(t)
	e.golden("hint-unknown", "hint", "hashet")
	e.golden("hint-no-name", "hint")
}
