package classroom

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"kata/grader/exercise"
	"kata/grader/layout"
)

// Student is one student's work: a ROOT given on the command line.
type Student struct {
	Name string // unique in the class (see the package doc)
	Root string // the ROOT as given, cleaned: it appears in rows and replay commands
	abs  string // the ROOT's absolute path
	kit  bool   // the ROOT is a copy of the kit, holding exercises/
}

// Dir is the folder of the student's package for exercise e: ROOT/exercises/NAME in a copy of
// the kit, ROOT/NAME in a folder of packages. It is under Root as given, so relative when Root
// is.
func (s Student) Dir(e *exercise.Exercise) string { return s.under(s.Root, e) }

// path is the absolute path of the student's package for exercise e.
func (s Student) path(e *exercise.Exercise) string { return s.under(s.abs, e) }

func (s Student) under(root string, e *exercise.Exercise) string {
	if s.kit {
		return layout.Kit{Root: root}.Exercise(e.Name)
	}
	return filepath.Join(root, e.Name)
}

// abs resolves path against base when it is relative.
func abs(base, path string) (string, error) {
	if !filepath.IsAbs(path) {
		path = filepath.Join(base, path)
	}
	return filepath.Abs(path)
}

// Students turns ROOTs into the class: one student per distinct folder, named and listed as the
// package doc says. Relative ROOTs are read from base (the working directory when empty). A ROOT
// that is not a folder is an error: it is a mistake on the command line, not a student's
// failure.
func Students(base string, roots []string) ([]Student, error) {
	byAbs := map[string]Student{}
	for _, root := range roots {
		a, err := abs(base, root)
		if err != nil {
			return nil, err
		}
		info, err := os.Stat(a)
		switch {
		case err != nil && os.IsNotExist(err):
			return nil, fmt.Errorf("%s does not exist", root)
		case err != nil:
			return nil, err
		case !info.IsDir():
			return nil, fmt.Errorf("%s is not a folder: give each student's copy of the kit, or a folder of exercise packages", root)
		}
		byAbs[a] = Student{Root: filepath.Clean(root), abs: a, kit: layout.Kit{Root: a}.HasExercises()}
	}
	students := make([]Student, 0, len(byAbs))
	for _, s := range byAbs {
		students = append(students, s)
	}
	slices.SortFunc(students, func(a, b Student) int { return strings.Compare(a.abs, b.abs) })
	taken := map[string]bool{}
	for _, s := range students {
		taken[filepath.Base(s.abs)] = true
	}
	seen := map[string]bool{}
	for i := range students {
		base := filepath.Base(students[i].abs)
		name := base
		for n := 2; seen[name]; n++ {
			if name = base + "-" + strconv.Itoa(n); taken[name] {
				name = base // a student is really called that: try the next number
			}
		}
		seen[name] = true
		students[i].Name = name
	}
	slices.SortFunc(students, func(a, b Student) int { return strings.Compare(a.Name, b.Name) })
	return students, nil
}
