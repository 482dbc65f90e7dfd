package gradebook

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"kata/grader/classroom"
	"kata/grader/exercise"
)

// WriteJSON writes grades.json: the whole gradebook.
func (b *Book) WriteJSON(w io.Writer) error { return encodeJSON(w, b) }

// encodeJSON writes v as indented JSON.
func encodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// Read reads the gradebook in dir/grades.json.
func Read(dir string) (*Book, error) {
	data, err := os.ReadFile(filepath.Join(dir, JSONFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s holds no grades.json: give the --out folders of kata grade", dir)
	}
	if err != nil {
		return nil, err
	}
	var b Book
	if err := json.Unmarshal(data, &b); err != nil || b.Format != Format {
		return nil, fmt.Errorf("%s: grades.json is not a kata gradebook", dir)
	}
	if b.Version != Version {
		return nil, fmt.Errorf("%s: grades.json is in gradebook format %d; this kata reads %d", dir, b.Version, Version)
	}
	for _, s := range b.Students {
		// A name becomes a folder of gradescope/: it must be one plain path element.
		if s.Name == "" || s.Name == "." || s.Name == ".." || strings.ContainsAny(s.Name, `/\`) {
			return nil, fmt.Errorf("%s: grades.json has a student named %q, which cannot be a folder's name", dir, s.Name)
		}
	}
	return &b, nil
}

// Merge joins the gradebooks of shards of one class into the gradebook of the whole class, the
// same as grading it in one go would have written. The shards must have been graded with the
// same seed, kit, exercises and weights, and together be every shard of the class exactly
// once; books of no shard (whole classes, such as two sections) may be merged too when no
// student is in two. An exercise refused in any book is refused in the merged one, for
// everyone. dirs names the books in messages.
func Merge(books []*Book, dirs []string) (*Book, error) {
	if len(books) == 0 {
		return nil, errors.New("nothing to merge")
	}
	first := books[0]
	m := *first
	m.Shard = ""
	m.Students, m.Grades, m.Refused = []Student{}, []Row{}, []classroom.Refusal{}
	refused := map[string]string{} // exercise -> the first reason given
	shards := map[int]string{}     // shard index -> its folder
	count := 0                     // the shards' count
	owner := map[string]string{}   // student -> their book's folder
	for i, b := range books {
		switch {
		case b.Seed != first.Seed:
			return nil, fmt.Errorf("cannot merge %s (seed %d) with %s (seed %d): grade every shard with the same --seed", dirs[i], b.Seed, dirs[0], first.Seed)
		case b.Kit != first.Kit:
			return nil, fmt.Errorf("cannot merge %s with %s: they were graded against different kits, references or limits", dirs[i], dirs[0])
		case !sameExercises(b, first):
			return nil, fmt.Errorf("cannot merge %s with %s: they graded different exercises or weights", dirs[i], dirs[0])
		case (b.Shard == "") != (first.Shard == ""):
			return nil, fmt.Errorf("cannot merge %s with %s: only one of them is a shard", dirs[i], dirs[0])
		}
		if b.Shard != "" {
			s, err := classroom.ParseShard(b.Shard)
			switch {
			case err != nil:
				return nil, fmt.Errorf("%s: %v", dirs[i], err)
			case count != 0 && s.Count != count:
				return nil, fmt.Errorf("cannot merge %s (shard %s) with %s (shard %s): grade every shard with the same --shard i/%d",
					dirs[i], b.Shard, dirs[0], first.Shard, count)
			case shards[s.Index] != "":
				return nil, fmt.Errorf("%s and %s are both shard %s", shards[s.Index], dirs[i], b.Shard)
			}
			count, shards[s.Index] = s.Count, dirs[i]
		}
		for _, s := range b.Students {
			if other, ok := owner[s.Name]; ok {
				return nil, fmt.Errorf("student %s is in both %s and %s", s.Name, other, dirs[i])
			}
			owner[s.Name] = dirs[i]
		}
		for _, r := range b.Refused {
			if _, ok := refused[r.Exercise]; !ok {
				refused[r.Exercise] = r.Reason
			}
		}
		m.Students = append(m.Students, b.Students...)
		m.Grades = append(m.Grades, b.Grades...)
	}
	for i := 1; i <= count; i++ {
		if shards[i] == "" {
			return nil, fmt.Errorf("shard %s is missing: merge the output of every shard", classroom.Shard{Index: i, Count: count})
		}
	}
	for _, name := range exercise.Names() {
		if reason, ok := refused[name]; ok {
			m.Refused = append(m.Refused, classroom.Refusal{Exercise: name, Reason: reason})
		}
	}
	m.Exercises = slices.DeleteFunc(slices.Clone(first.Exercises), func(e Exercise) bool { return refused[e.Name] != "" })
	m.Grades = slices.DeleteFunc(m.Grades, func(r Row) bool { return refused[r.Exercise] != "" })
	slices.SortStableFunc(m.Students, func(a, b Student) int { return strings.Compare(a.Name, b.Name) })
	slices.SortStableFunc(m.Grades, func(a, b Row) int { return strings.Compare(a.Student, b.Student) })
	m.total()
	return &m, nil
}

// sameExercises reports whether two books were asked to grade the same exercises, with the same
// weights where both graded them.
func sameExercises(a, b *Book) bool {
	names := func(b *Book) []string {
		var out []string
		for _, e := range b.Exercises {
			out = append(out, e.Name)
		}
		for _, r := range b.Refused {
			out = append(out, r.Exercise)
		}
		slices.Sort(out)
		return out
	}
	if !slices.Equal(names(a), names(b)) {
		return false
	}
	for _, e := range a.Exercises {
		if i := slices.IndexFunc(b.Exercises, func(f Exercise) bool { return f.Name == e.Name }); i >= 0 && b.Exercises[i] != e {
			return false
		}
	}
	return true
}
