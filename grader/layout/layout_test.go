package layout

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFind(t *testing.T) {
	k, err := Find(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{k.Exercises(), k.Solutions(), k.Testdata(), k.Stubs()} {
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			t.Errorf("%s is not a folder of the kit found from grader/layout", dir)
		}
	}
	if !k.HasExercises() {
		t.Error("the kit has no exercises folder")
	}
	if got, want := k.Solution("trie"), filepath.Join(k.Root, "solutions", "trie"); got != want {
		t.Errorf("Solution(trie) = %s, want %s", got, want)
	}
	if got, want := k.Exercise("trie"), filepath.Join(k.Root, "exercises", "trie"); got != want {
		t.Errorf("Exercise(trie) = %s, want %s", got, want)
	}
}

// A folder of another module, or of none, is not a kit, however deep.
func TestFindOutsideKit(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "grader"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Find(filepath.Join(dir, "grader"))
	if err == nil || !strings.HasPrefix(err.Error(), "not inside a kata kit") {
		t.Errorf("Find in a module other = %v, want not inside a kata kit", err)
	}
}
