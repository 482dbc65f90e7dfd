package grader

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"kata/grader/exercise"
	"kata/grader/verdict"
)

// Submission is a package in a Kattis-style tree of submissions whose expected verdict is the
// name of the folder it sits in: DIR/<exercise>/<verdict>/<name>/.
type Submission struct {
	Exercise *exercise.Exercise
	Expected verdict.Verdict
	Name     string
	Dir      string
}

// Submissions lists the submissions under root, in order. Folders that do not fit the layout
// are errors, so a typo in a verdict's name cannot hide a submission.
func Submissions(root string) ([]Submission, error) {
	var subs []Submission
	exDirs, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	for _, exDir := range exDirs {
		if !exDir.IsDir() {
			continue
		}
		e, err := exercise.Lookup(exDir.Name())
		if err != nil || e.Name != exDir.Name() {
			return nil, fmt.Errorf("%s: not an exercise's folder", filepath.Join(root, exDir.Name()))
		}
		vDirs, err := os.ReadDir(filepath.Join(root, exDir.Name()))
		if err != nil {
			return nil, err
		}
		for _, vDir := range vDirs {
			if !vDir.IsDir() {
				continue
			}
			v, err := verdict.Parse(vDir.Name())
			if err != nil {
				return nil, fmt.Errorf("%s: %v", filepath.Join(root, exDir.Name(), vDir.Name()), err)
			}
			sDirs, err := os.ReadDir(filepath.Join(root, exDir.Name(), vDir.Name()))
			if err != nil {
				return nil, err
			}
			for _, sDir := range sDirs {
				if sDir.IsDir() {
					subs = append(subs, Submission{Exercise: e, Expected: v, Name: sDir.Name(),
						Dir: filepath.Join(root, exDir.Name(), vDir.Name(), sDir.Name())})
				}
			}
		}
	}
	sort.SliceStable(subs, func(i, j int) bool { return subs[i].Dir < subs[j].Dir })
	return subs, nil
}
