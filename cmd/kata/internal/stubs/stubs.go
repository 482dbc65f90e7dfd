// Package stubs carries kata's own copy of every exercise's stub, the files of exercises/NAME
// as the kit ships them, so that kata reset can bring a stub back however the learner's copy
// of the kit has changed: edited, committed, or not under git at all.
//
// The copy lives in _files/NAME/, a folder the go tool ignores, embedded in the kata binary.
// A test keeps it equal to exercises/NAME while that is still an untouched stub; run
//
//	go test ./cmd/kata/internal/stubs -update
//
// after changing a stub to rewrite the copy.
package stubs

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
)

//go:embed all:_files
var files embed.FS

// root is the embedded folder holding one folder per exercise.
const root = "_files"

// Names returns the short names of the exercises whose stubs kata carries, in name order.
func Names() []string {
	entries, err := fs.ReadDir(files, root)
	if err != nil {
		panic(err) // the embedded folder is part of the binary
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// FS returns the stub of the exercise called name (its short name): a file system holding
// exactly the files of exercises/NAME as the kit ships them.
func FS(name string) (fs.FS, error) {
	if !slices.Contains(Names(), name) {
		return nil, fmt.Errorf("this kata carries no stub for %q", name)
	}
	return fs.Sub(files, path.Join(root, name))
}
