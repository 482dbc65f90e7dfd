package prune

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestOldestKeepsTheNewest makes three folders and three files of known ages and keeps two of
// each kind: the two newest stay, and the other kind is left alone.
func TestOldestKeepsTheNewest(t *testing.T) {
	dir := t.TempDir()
	base := time.Now().Add(-time.Hour)
	for i, name := range []string{"d0", "d1", "d2", "f0", "f1", "f2"} {
		path := filepath.Join(dir, name)
		var err error
		if name[0] == 'd' {
			err = os.Mkdir(path, 0o700)
		} else {
			err = os.WriteFile(path, nil, 0o600)
		}
		if err != nil {
			t.Fatal(err)
		}
		at := base.Add(time.Duration(i%3) * time.Minute) // d2 and f2 the newest
		if err := os.Chtimes(path, at, at); err != nil {
			t.Fatal(err)
		}
	}
	Oldest(dir, 2, true)
	if got, want := names(t, dir), []string{"d1", "d2", "f0", "f1", "f2"}; !slices.Equal(got, want) {
		t.Errorf("after keeping 2 folders: %v, want %v", got, want)
	}
	Oldest(dir, 1, false)
	if got, want := names(t, dir), []string{"d1", "d2", "f2"}; !slices.Equal(got, want) {
		t.Errorf("after keeping 1 file: %v, want %v", got, want)
	}
	Oldest(dir, 5, false)
	if got, want := names(t, dir), []string{"d1", "d2", "f2"}; !slices.Equal(got, want) {
		t.Errorf("keeping more than there are removed %v, want %v", got, want)
	}
}

// names lists dir's entries in name order.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
