package backup

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"testing/fstest"
	"time"
)

var now = time.Date(2026, 1, 2, 15, 4, 5, 0, time.Local)

// write makes the files under dir, by slash path.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// tree reads every file under dir, by slash path.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func equalTrees(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || v != w {
			return false
		}
	}
	return true
}

func TestSaveKeepsEverything(t *testing.T) {
	src, backups := t.TempDir(), filepath.Join(t.TempDir(), "backups")
	files := map[string]string{
		"hashset.go":       "package hashset // mine",
		"hashset_test.go":  "package hashset",
		"notes.txt":        "remember tombstones",
		".hidden":          "editor state",
		"scratch/try.go":   "package main",
		"scratch/deep/x.y": "deep",
	}
	write(t, src, files)
	b, n, err := Save(backups, "hashset", src, now)
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "hashset-20260102-150405" || n != len(files) {
		t.Errorf("saved %s with %d files, want hashset-20260102-150405 with %d", b.Name, n, len(files))
	}
	if got := tree(t, b.Path); !equalTrees(got, files) {
		t.Errorf("the backup holds %v, want %v", got, files)
	}
	if got := tree(t, src); !equalTrees(got, files) {
		t.Errorf("saving changed the source: %v", got)
	}
	entries, _ := os.ReadDir(backups)
	if len(entries) != 1 {
		t.Errorf("the backups folder holds %d entries, want the backup alone (no temporary folder)", len(entries))
	}
}

func TestListNewestFirst(t *testing.T) {
	src, backups := t.TempDir(), t.TempDir()
	write(t, src, map[string]string{"trie.go": "package trie"})
	var made []string
	for _, at := range []time.Time{now, now.Add(time.Minute), now, now, now.Add(-time.Hour)} {
		b, _, err := Save(backups, "trie", src, at)
		if err != nil {
			t.Fatal(err)
		}
		made = append(made, b.Name)
	}
	wantMade := []string{"trie-20260102-150405", "trie-20260102-150505", "trie-20260102-150405-2",
		"trie-20260102-150405-3", "trie-20260102-140405"}
	if !slices.Equal(made, wantMade) {
		t.Errorf("made %v, want %v", made, wantMade)
	}
	// Backups of other exercises and stray folders are not trie's.
	for _, other := range []string{"trie2-20260102-150405", "skiplist-20260102-150405", "trie-notes", ".trie-123.tmp"} {
		if err := os.Mkdir(filepath.Join(backups, other), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	list, err := List(backups, "trie")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, b := range list {
		names = append(names, b.Name)
	}
	want := []string{"trie-20260102-150505", "trie-20260102-150405-3", "trie-20260102-150405-2",
		"trie-20260102-150405", "trie-20260102-140405"}
	if !slices.Equal(names, want) {
		t.Errorf("List = %v, want %v", names, want)
	}
	if list, err := List(filepath.Join(backups, "missing"), "trie"); err != nil || len(list) != 0 {
		t.Errorf("List of a missing folder = %v, %v; want none", list, err)
	}
}

func TestSyncMakesFolderExact(t *testing.T) {
	dst := t.TempDir()
	write(t, dst, map[string]string{
		"bloom.go":      "package bloom // learner's",
		"bloom_test.go": "package bloom",
		"extra.go":      "package bloom",
		"sub/a.txt":     "a",
	})
	keep := filepath.Join(dst, "bloom_test.go")
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(keep, old, old); err != nil {
		t.Fatal(err)
	}
	stub := fstest.MapFS{
		"bloom.go":      {Data: []byte("package bloom // stub"), Mode: 0o444},
		"bloom_test.go": {Data: []byte("package bloom"), Mode: 0o444},
	}
	if same, err := Same(dst, stub); err != nil || same {
		t.Fatalf("Same before the sync = %v, %v; want false", same, err)
	}
	if err := Sync(dst, stub); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"bloom.go": "package bloom // stub", "bloom_test.go": "package bloom"}
	if got := tree(t, dst); !equalTrees(got, want) {
		t.Errorf("after the sync: %v, want %v", got, want)
	}
	if _, err := os.Stat(filepath.Join(dst, "sub")); !os.IsNotExist(err) {
		t.Errorf("the extra folder survived the sync (%v)", err)
	}
	if same, err := Same(dst, stub); err != nil || !same {
		t.Errorf("Same after the sync = %v, %v; want true", same, err)
	}
	if info, err := os.Stat(keep); err != nil || !info.ModTime().Equal(old) {
		t.Errorf("an unchanged file was rewritten: %v", err)
	}
	if info, err := os.Stat(filepath.Join(dst, "bloom.go")); err != nil || info.Mode().Perm()&0o200 == 0 {
		t.Errorf("a file written from a read-only source is not writable: %v %v", info.Mode(), err)
	}
}

func TestSaveThenSyncRoundTrip(t *testing.T) {
	src, backups := t.TempDir(), t.TempDir()
	files := map[string]string{"skiplist.go": "v1", "helpers.go": "h", "sub/data.txt": "d"}
	write(t, src, files)
	if runtime.GOOS != "windows" {
		if err := os.Symlink("skiplist.go", filepath.Join(src, "link.go")); err != nil {
			t.Fatal(err)
		}
	}
	b, _, err := Save(backups, "skiplist", src, now)
	if err != nil {
		t.Fatal(err)
	}
	// The learner goes on: changes a file, removes one, replaces a folder with a file.
	if err := os.RemoveAll(filepath.Join(src, "sub")); err != nil {
		t.Fatal(err)
	}
	write(t, src, map[string]string{"skiplist.go": "v2", "sub": "now a file"})
	if err := os.Remove(filepath.Join(src, "helpers.go")); err != nil {
		t.Fatal(err)
	}
	if err := Sync(src, os.DirFS(b.Path)); err != nil {
		t.Fatal(err)
	}
	if same, err := Same(src, os.DirFS(b.Path)); err != nil || !same {
		t.Errorf("after restoring, the folder differs from the backup (%v)", err)
	}
	if runtime.GOOS != "windows" {
		if link, err := os.Readlink(filepath.Join(src, "link.go")); err != nil || link != "skiplist.go" {
			t.Errorf("the link came back as %q, %v", link, err)
		}
	}
	if got := tree(t, src)["skiplist.go"]; got != "v1" {
		t.Errorf("skiplist.go = %q after restoring, want v1", got)
	}
}

func TestSameOnMissingFolder(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope")
	if same, err := Same(missing, fstest.MapFS{}); err != nil || !same {
		t.Errorf("a missing folder against nothing: %v, %v; want same", same, err)
	}
	if same, err := Same(missing, fstest.MapFS{"a": {Data: []byte("x")}}); err != nil || same {
		t.Errorf("a missing folder against a file: %v, %v; want different", same, err)
	}
}
