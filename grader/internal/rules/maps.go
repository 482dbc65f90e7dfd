package rules

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"

	"kata/grader/exercise"
	"kata/grader/result"
)

// mapTypes are named types that are maps behind a struct.
var mapTypes = map[string]bool{
	"sync.Map":   true,
	"expvar.Map": true,
}

// noMaps reports every place the package of e uses a map: a map type written anywhere in the
// package (also inside named and generic types, in any file), and a use of another package's
// type that is or holds a map (sync.Map).
func noMaps(pkg *packages.Package, e *exercise.Exercise, place func(token.Pos) (string, int, int)) []Violation {
	var out []Violation
	seen := map[token.Pos]bool{}
	report := func(pos token.Pos, msg string) {
		if seen[pos] {
			return
		}
		seen[pos] = true
		file, line, col := place(pos)
		out = append(out, Violation{Rule: result.NoMap, File: file, Line: line, Column: col, Message: msg})
	}
	c := &mapChecker{memo: map[types.Type]string{}}
	for _, f := range pkg.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.MapType:
				report(n.Pos(), fmt.Sprintf("map type %s: %s may not use a built-in map",
					types.ExprString(n), e.Noun))
				return false
			case *ast.SelectorExpr, *ast.Ident:
				// A type from another package that is or holds a map: sync.Map, http.Header.
				obj := pkg.TypesInfo.Uses[identOf(n)]
				tn, ok := obj.(*types.TypeName)
				if !ok || tn.Pkg() == nil || tn.Pkg() == pkg.Types {
					return true
				}
				if why := c.why(tn.Type()); why != "" {
					report(n.Pos(), fmt.Sprintf("uses %s.%s, which %s: %s may not use another package's map",
						tn.Pkg().Name(), tn.Name(), why, e.Noun))
				}
			}
			return true
		})
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
