package exercise_test

import (
	"strings"
	"testing"

	"kata/grader/exercise"
)

func TestLookupByNameAndSlug(t *testing.T) {
	for _, e := range exercise.All() {
		for _, key := range []string{e.Name, e.Slug, strings.ToUpper(e.Name), " " + e.Slug + " "} {
			got, err := exercise.Lookup(key)
			if err != nil || got != e {
				t.Errorf("exercise.Lookup(%q) = %v, %v; want %s", key, got, err, e.Name)
			}
		}
	}
}

func TestLookupSuggestsClosest(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"skiplst", `did you mean "skiplist"`},
		{"hashmap", `did you mean "hashset"`},
		{"tire", `did you mean "trie"`},
		{"design-skip-list", `did you mean "skiplist"`},
		{"quicksort", "choose one of " + strings.Join(exercise.Names(), ", ")},
		{"", "no exercise named"},
	} {
		_, err := exercise.Lookup(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("exercise.Lookup(%q) error = %v, want it to contain %q", tc.in, err, tc.want)
		}
	}
}

func TestRegistryIsComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range exercise.All() {
		if seen[e.Name] || seen[e.Slug] {
			t.Errorf("%s: name or slug used twice", e.Name)
		}
		seen[e.Name], seen[e.Slug] = true, true
		if e.Title == "" || e.Teaches == "" || e.Type == "" || e.Noun == "" || len(e.API) == 0 {
			t.Errorf("%s: missing title, lesson, type, noun or API", e.Name)
		}
		if len(e.Rules.Imports) > 0 && e.Rules.ImportsWhy == "" {
			t.Errorf("%s: an allow-list of imports without the reason its message gives", e.Name)
		}
		if len(e.Rules.Denied) > 0 && e.Rules.DeniedWhy == "" {
			t.Errorf("%s: a deny-list of imports without the reason its message gives", e.Name)
		}
		for _, in := range e.Interfaces {
			for _, m := range in.Methods {
				if m.Recv != "" {
					t.Errorf("%s: method %s of interface %s has a receiver %s", e.Name, m.Name, in.Name, m.Recv)
				}
			}
		}
		if len(e.Hints) < 3 {
			t.Errorf("%s: %d hints, want at least 3 levels", e.Name, len(e.Hints))
		}
		methods := map[string]bool{}
		for _, f := range e.API {
			methods[f.Name] = true
			if f.Recv != "" && f.Recv != e.Type {
				t.Errorf("%s: method %s on %s, want %s", e.Name, f.Name, f.Recv, e.Type)
			}
		}
		for _, op := range e.Ops {
			if !methods[op.Name] {
				t.Errorf("%s: measured op %s is not in the API", e.Name, op.Name)
			}
		}
	}
}

func TestFuncString(t *testing.T) {
	e, _ := exercise.Lookup("skiplist")
	if got, want := e.API[1].String(), "func (*Skiplist) Search(int) bool"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := e.API[0].String(), "func New() *Skiplist"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
