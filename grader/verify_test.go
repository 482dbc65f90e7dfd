package grader

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kata/grader/exercise"
)

// copyDir copies the files of one folder into another, creating it.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBrokenReferenceIsNamed swaps a wrong skip list in as the reference: verifying it names it
// and its failing case (the commands then refuse to grade against it), while a right
// reference in the same tree is accepted.
func TestBrokenReferenceIsNamed(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	root := kitRoot(t)
	solutions := t.TempDir()
	copyDir(t, filepath.Join(root, "grader", "testdata", "skiplist", "wrong_answer", "erase-all-copies"),
		filepath.Join(solutions, "skiplist"))
	copyDir(t, filepath.Join(root, "solutions", "trie"), filepath.Join(solutions, "trie"))
	skiplist, _ := exercise.Lookup("skiplist")
	trie, _ := exercise.Lookup("trie")

	_, err := VerifyReference(context.Background(), nil, root, root, solutions, skiplist, 3)
	ke, ok := err.(*KitError)
	if !ok || !strings.Contains(ke.Msg, "is wrong (wrong answer)") || !strings.Contains(ke.Msg, "func TestKataCase") {
		t.Fatalf("verifying a wrong reference: %v", err)
	}
	if _, err := VerifyReference(context.Background(), nil, root, root, solutions, trie, 3); err != nil {
		t.Errorf("a right reference in the same tree: %v", err)
	}
}
