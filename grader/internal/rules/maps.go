package rules

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// HashSetImports are the only packages the hash set may import. The rule is "no built-in map and
// no other package's map or set", and a deny-list of such packages leaks: the environment
// (os.Setenv), the global flag set and encoding/json all keep maps a learner can use as a set.
// These packages cannot serve as one: arithmetic, hashing, sorting, formatting, synchronisation,
// clocks. The hash set's stub lists them for the learner, and a test keeps that list in step.
var HashSetImports = []string{
	"bytes", "cmp", "container/heap", "container/list", "container/ring", "errors", "fmt",
	"hash", "hash/adler32", "hash/crc32", "hash/crc64", "hash/fnv", "hash/maphash", "iter",
	"math", "math/bits", "math/rand", "math/rand/v2", "slices", "sort", "strconv", "strings",
	"sync", "sync/atomic", "time", "unicode", "unicode/utf8",
}

// mapTypes are named types that are maps behind a struct.
var mapTypes = map[string]bool{
	"sync.Map":   true,
	"expvar.Map": true,
}

// noMaps reports every place the hash set uses a map: a map type written anywhere in the
// package (also inside named and generic types, in any file), and a use of another package's
// type that is or holds a map (sync.Map).
func noMaps(pkg *packages.Package, place func(token.Pos) (string, int, int)) []Violation {
	var out []Violation
	seen := map[token.Pos]bool{}
	report := func(pos token.Pos, msg string) {
		if seen[pos] {
			return
		}
		seen[pos] = true
		file, line, col := place(pos)
		out = append(out, Violation{Rule: "no-map", File: file, Line: line, Column: col, Message: msg})
	}
	c := &mapChecker{memo: map[types.Type]string{}}
	for _, f := range pkg.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.MapType:
				report(n.Pos(), fmt.Sprintf("map type %s: the hash set may not use a built-in map",
					types.ExprString(n)))
				return false
			case *ast.SelectorExpr, *ast.Ident:
				// A type from another package that is or holds a map: sync.Map, http.Header.
				obj := pkg.TypesInfo.Uses[identOf(n)]
				tn, ok := obj.(*types.TypeName)
				if !ok || tn.Pkg() == nil || tn.Pkg() == pkg.Types {
					return true
				}
				if why := c.why(tn.Type()); why != "" {
					report(n.Pos(), fmt.Sprintf("uses %s.%s, which %s: the hash set may not use another package's map",
						tn.Pkg().Name(), tn.Name(), why))
				}
			}
			return true
		})
	}
	return out
}

// hashSetImports reports every import outside HashSetImports, under a rule of its own: the
// package may be free of maps and still import, say, unsafe.
func hashSetImports(pkg *packages.Package, place func(token.Pos) (string, int, int)) []Violation {
	var out []Violation
	for _, f := range pkg.Syntax {
		for _, imp := range f.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			if !slices.Contains(HashSetImports, path) {
				file, line, col := place(imp.Pos())
				out = append(out, Violation{Rule: "allowed-imports", File: file, Line: line, Column: col,
					Message: fmt.Sprintf("imports %s: the hash set may import only %s "+
						"(other packages keep maps a set could hide in)", path, allowed())})
			}
		}
	}
	return out
}

// identOf returns the identifier naming n: the selector's for pkg.Name, n itself for a name.
func identOf(n ast.Node) *ast.Ident {
	if s, ok := n.(*ast.SelectorExpr); ok {
		return s.Sel
	}
	return n.(*ast.Ident)
}

// allowed lists HashSetImports for a message.
func allowed() string {
	list := slices.Clone(HashSetImports)
	sort.Strings(list)
	return strings.Join(list, ", ")
}

// mapChecker finds maps inside types, remembering what it has seen.
type mapChecker struct {
	memo map[types.Type]string
}

// why says how t contains a map ("is a map", "holds a map"), or "" if it does not.
func (c *mapChecker) why(t types.Type) string {
	if t == nil {
		return ""
	}
	if w, ok := c.memo[t]; ok {
		return w
	}
	c.memo[t] = "" // cycles end here
	w := c.look(t)
	c.memo[t] = w
	return w
}

func (c *mapChecker) look(t types.Type) string {
	switch t := t.(type) {
	case *types.Map:
		return "is a map"
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() != nil && mapTypes[obj.Pkg().Path()+"."+obj.Name()] {
			return "is a map"
		}
		for i := range t.TypeArgs().Len() {
			if w := c.why(t.TypeArgs().At(i)); w != "" {
				return "holds a map"
			}
		}
		if w := c.why(t.Underlying()); w != "" {
			return w
		}
	case *types.Alias:
		return c.why(types.Unalias(t))
	case *types.Pointer:
		return holds(c.why(t.Elem()))
	case *types.Slice:
		return holds(c.why(t.Elem()))
	case *types.Array:
		return holds(c.why(t.Elem()))
	case *types.Chan:
		return holds(c.why(t.Elem()))
	case *types.Struct:
		for i := range t.NumFields() {
			if w := c.why(t.Field(i).Type()); w != "" {
				return "holds a map"
			}
		}
	}
	return ""
}

// holds turns "is a map" into "holds a map" for a type that contains it.
func holds(why string) string {
	if why == "" {
		return ""
	}
	return "holds a map"
}
