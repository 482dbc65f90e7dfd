// Package exercise is the registry of kata's exercises: their names, slugs, difficulty, the
// operations the judge measures with their expected cost, the exact API a learner's package must
// expose, the rules it must follow, and the hints a learner can ask for.
//
// Every part of kata reads this one list: the practice list, the judge, the rules check, the
// hidden tests' growth series (their expected costs), the report and the scores, the hints and
// problems.md. Its tests check the rest of the kit against it: the stubs, the references, the
// suites and the submissions with known verdicts.
package exercise

import (
	"fmt"
	"slices"
	"strings"
)

// Difficulty is an exercise's difficulty on the practice list.
type Difficulty string

// The difficulties used on the practice list.
const (
	Easy   Difficulty = "Easy"
	Medium Difficulty = "Medium"
	Hard   Difficulty = "Hard"
)

// Op is an operation whose cost the judge measures.
type Op struct {
	Name     string // the method, as in the API: "Search"
	Expected string // the expected cost, as the contract states it: "O(log n)"
}

// Func is one function or method of an exercise's required API.
type Func struct {
	Recv string // the receiver's type name for a method ("Skiplist"), "" for a function
	Name string // "Search"
	Sig  string // the signature without parameter names: "func(int) bool"
}

// String formats f as Go source without parameter names: "func (*Skiplist) Search(int) bool".
func (f Func) String() string {
	sig := strings.TrimPrefix(f.Sig, "func")
	if f.Recv == "" {
		return "func " + f.Name + sig
	}
	return "func (*" + f.Recv + ") " + f.Name + sig
}

// Signature formats a parameter list and a result list as Go source: "(int, bool) (int, error)",
// with a single result unparenthesised and none left out, as Sig writes them after func.
func Signature(params, results []string) string {
	s := "(" + strings.Join(params, ", ") + ")"
	switch len(results) {
	case 0:
	case 1:
		s += " " + results[0]
	default:
		s += " (" + strings.Join(results, ", ") + ")"
	}
	return s
}

// Struct is a struct type of an exercise's API, with its fields as Go source without tags, in
// order: "Name string; Score float64".
type Struct struct {
	Name   string
	Fields string
}

// Interface is an interface type of an exercise's API, with its methods in order: the LSM tree's
// Disk. The learner's package declares it with exactly these methods, so that the judge's value
// of it (the suite's interface of the same methods) is one of the learner's too.
type Interface struct {
	Name    string
	Methods []Func // each with an empty Recv
}

// String formats i as Go source without parameter names, on one line:
// "type Disk interface{ Remove(string) error; List() ([]string, error) }".
func (i Interface) String() string {
	methods := make([]string, len(i.Methods))
	for j, m := range i.Methods {
		methods[j] = m.Name + strings.TrimPrefix(m.Sig, "func")
	}
	return "type " + i.Name + " interface{ " + strings.Join(methods, "; ") + " }"
}

// Exercise is one entry of the practice list.
type Exercise struct {
	Name       string     // the package name and folder: "skiplist"
	Slug       string     // the practice-list slug: "design-skiplist"
	Title      string     // "Design Skiplist"
	Difficulty Difficulty // Easy, Medium or Hard
	Teaches    string     // one line: the idea the exercise teaches
	Type       string     // the exported type the learner defines: "Skiplist"
	API        []Func     // every function and method the package must have
	Ops        []Op       // the operations whose cost the judge measures
	Hints      []string   // progressive hints, from a nudge to the key idea
	// Noun names the structure in the rules' messages: "the hash set".
	Noun  string
	Rules Rules // what the learner's package may use
	// Structs are the other types of the API, structs whose fields the contract fixes: the
	// sorted set's Member, {"Member", "Name string; Score float64"}.
	Structs []Struct
	// Interfaces are the interface types of the API, whose methods the contract fixes: the LSM
	// tree's Disk.
	Interfaces []Interface
	// Race, when set, builds the hidden tests with Go's race detector wherever the machine can
	// (cgo and a C compiler): goroutines share the structure, and a data race is a runtime error.
	Race bool
	// NoBench, when set, says why devtests/bench has no package benchmarking the exercise's
	// reference against a library: "no library stands in for it; solutions/hashset benchmarks
	// it against Go's map". A kit test wants one of the two.
	NoBench string
	// NoRecordings, when set, says why grader/internal/growth/testdata holds no recorded runs
	// of the exercise's growth series (kata dev stress --record), which the growth judge's tests
	// replay. A kit test wants one of the two.
	NoRecordings string
}

// Rules are what an exercise's package may use, beyond what every exercise must do (have exactly
// its API, and use nothing of the kit's own code). The rules check enforces them, whatever the
// exercise; the stub states them to the learner, and a test keeps the stub's lists equal to
// these.
type Rules struct {
	// Libraries are the packages outside the standard library the package may import; the judge
	// refuses any other (rule no-library). The stub and problems.md list them.
	Libraries []string
	// Imports, when not empty, are the only packages the package may import at all (rule
	// allowed-imports): an allow-list of the standard library for an exercise that forbids what
	// some of its packages hold. The stub lists them after "imports only these:".
	Imports []string
	// ImportsWhy says why, in the message for an import outside Imports: "other packages keep
	// maps a set could hide in".
	ImportsWhy string
	// Denied are packages of the standard library the package may not import (rule
	// denied-imports), for an exercise that forbids a few and allows the rest: hash/maphash in
	// the LSM tree. The stub lists them after "does not import".
	Denied []string
	// DeniedWhy says why, in the message for a denied import: "its seeds differ per process".
	DeniedWhy string
	// NoMap forbids maps: a map type written anywhere in the package, another package's type
	// that is or holds one, such as sync.Map, and any value the package uses, read or written,
	// that is or holds another package's map, such as unicode.Scripts (rule no-map).
	NoMap bool
}

// All returns the exercises in practice-list order (the order of problems.md).
func All() []*Exercise { return slices.Clone(all) }

// Names returns the exercises' short names in practice-list order.
func Names() []string {
	names := make([]string, len(all))
	for i, e := range all {
		names[i] = e.Name
	}
	return names
}

// Must returns the exercise called name (its short name), and panics when there is none: for
// code that belongs to one exercise, such as its hidden tests.
func Must(name string) *Exercise {
	for _, e := range all {
		if e.Name == name {
			return e
		}
	}
	panic(fmt.Sprintf("no exercise is called %q", name))
}

// Op returns the operation called name among those whose cost the judge measures.
func (e *Exercise) Op(name string) (Op, bool) {
	for _, op := range e.Ops {
		if op.Name == name {
			return op, true
		}
	}
	return Op{}, false
}

// Lookup finds an exercise by its short name or its slug, ignoring case and surrounding space.
// The error for an unknown name suggests the closest known one.
func Lookup(name string) (*Exercise, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, e := range all {
		if key == e.Name || key == e.Slug {
			return e, nil
		}
	}
	if key == "" {
		return nil, fmt.Errorf("no exercise named; choose one of %s", strings.Join(Names(), ", "))
	}
	best, bestDist := "", -1
	for _, e := range all {
		for _, candidate := range []string{e.Name, e.Slug} {
			if d := distance(key, candidate); bestDist < 0 || d < bestDist {
				best, bestDist = e.Name, d
			}
		}
	}
	if bestDist <= max(3, len(key)/3) {
		return nil, fmt.Errorf("unknown exercise %q; did you mean %q? (kata list shows them all)", name, best)
	}
	return nil, fmt.Errorf("unknown exercise %q; choose one of %s", name, strings.Join(Names(), ", "))
}

// distance is the Levenshtein edit distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
