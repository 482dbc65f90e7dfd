package classroom

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"kata/grader/exercise"
)

// KitDigest identifies what a class is judged against: a SHA-256 over the judge and its hidden
// tests (the Go files under root/grader, tests and testdata left out) and the graded exercises'
// reference packages under solutions. Two runs with the same digest, seed and limits give the
// same verdicts; kata grade --merge refuses shards whose digests differ.
func KitDigest(root, solutions string, exercises []*exercise.Exercise) (string, error) {
	h := sha256.New()
	add := func(label, path string) error {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		h.Write([]byte(label + "\x00"))
		h.Write(b)
		h.Write([]byte{0})
		return nil
	}
	judge := filepath.Join(root, "grader")
	var files []string
	err := filepath.WalkDir(judge, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "testdata":
			return filepath.SkipDir
		case !d.IsDir() && isSource(d.Name()):
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		if err := add(filepath.ToSlash(rel), f); err != nil {
			return "", err
		}
	}
	for _, e := range exercises {
		dir := filepath.Join(solutions, e.Name)
		entries, err := os.ReadDir(dir)
		if err != nil {
			return "", err
		}
		names := []string{}
		for _, f := range entries {
			if !f.IsDir() && isSource(f.Name()) {
				names = append(names, f.Name())
			}
		}
		slices.Sort(names)
		for _, n := range names {
			if err := add("solutions/"+e.Name+"/"+n, filepath.Join(dir, n)); err != nil {
				return "", err
			}
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// isSource reports whether a file is Go source that goes into a build (not a test).
func isSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}
