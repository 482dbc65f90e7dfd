// Package layout knows where things are in a kata kit: the exercises a learner edits, the
// references, the judge's regression submissions and the stubs kata embeds, each under the
// kit's root. Every part of the kit that needs one of these folders asks a Kit for it.
package layout

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Module is the kit's module path, which its go.mod declares.
const Module = "kata"

// Kit is a copy of the kit on disk: the kata kit itself, or a student's copy of it.
type Kit struct {
	Root string // the folder holding go.mod
}

// Exercises is the folder of the learner's packages, one per exercise.
func (k Kit) Exercises() string { return filepath.Join(k.Root, "exercises") }

// Exercise is the learner's package of the exercise called name: exercises/NAME.
func (k Kit) Exercise(name string) string { return filepath.Join(k.Exercises(), name) }

// Solutions is the folder of the reference solutions, one package per exercise.
func (k Kit) Solutions() string { return filepath.Join(k.Root, "solutions") }

// Solution is the reference solution of the exercise called name: solutions/NAME.
func (k Kit) Solution(name string) string { return filepath.Join(k.Solutions(), name) }

// Testdata is the judge's regression suite: grader/testdata/EXERCISE/VERDICT/SUBMISSION.
func (k Kit) Testdata() string { return filepath.Join(k.Root, "grader", "testdata") }

// Stubs is the folder of the stubs kata embeds for kata reset, one package per exercise.
func (k Kit) Stubs() string {
	return filepath.Join(k.Root, "cmd", "kata", "internal", "stubs", "_files")
}

// HasExercises reports whether the kit has a folder of exercises: a student's copy of the kit
// rather than a folder of exercise packages.
func (k Kit) HasExercises() bool {
	info, err := os.Stat(k.Exercises())
	return err == nil && info.IsDir()
}

// Find walks up from dir to the kit's root: the folder whose go.mod declares module kata and
// that holds grader/.
func Find(dir string) (Kit, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Kit{}, err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if isRoot(d) {
			return Kit{Root: d}, nil
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return Kit{}, fmt.Errorf("not inside a kata kit: no go.mod of module %s above %s (cd into your copy of the kit)", Module, abs)
}

// isRoot reports whether dir is a kit's root.
func isRoot(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 2 && fields[0] == "module" {
			if fields[1] != Module {
				return false
			}
			info, err := os.Stat(filepath.Join(dir, "grader"))
			return err == nil && info.IsDir()
		}
	}
	return false
}
