package grader

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kata/grader/exercise"
)

// TestBrokenReferenceIsNamed swaps a wrong skip list in as the reference: verifying it names it
// and its failing case (the commands then refuse to grade against it), while a right
// reference in the same tree is accepted.
func TestBrokenReferenceIsNamed(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	root := kitRoot(t)
	solutions := t.TempDir()
	for name, from := range map[string]string{
		"skiplist": filepath.Join(root, "grader", "testdata", "skiplist", "wrong_answer", "erase-all-copies"),
		"trie":     filepath.Join(root, "solutions", "trie"),
	} {
		if err := os.CopyFS(filepath.Join(solutions, name), os.DirFS(from)); err != nil {
			t.Fatal(err)
		}
	}
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
