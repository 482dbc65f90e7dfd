package rules

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"kata/grader/exercise"
	"kata/grader/result"
)

// mapTypes are named types that are maps behind a struct.
var mapTypes = map[string]bool{
	"sync.Map":   true,
	"expvar.Map": true,
}

// noMaps reports every place the package of e uses a map: a map type written anywhere in the
// package (also inside named and generic types, in any file), a use of another package's type
// that is or holds a map (sync.Map), and every value the package evaluates whose type is or
// holds a map that it does not write: another package's map variable (unicode.Scripts), a
// function's result or a field of another package's struct. The contract forbids using another
// package's map, not only storing in it, so reading one (a lookup, len, a range) is a use too.
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
	values := &mapChecker{memo: map[types.Type]string{}, written: writtenTypes(pkg.TypesInfo)}
	qual := func(p *types.Package) string { // unicode.RangeTable, as the learner writes it
		if p == pkg.Types {
			return ""
		}
		return p.Name()
	}
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
				if tn, ok := obj.(*types.TypeName); ok && tn.Pkg() != nil && tn.Pkg() != pkg.Types {
					if why := c.why(tn.Type()); why != "" {
						report(n.Pos(), fmt.Sprintf("uses %s.%s, which %s: %s may not use another package's map",
							tn.Pkg().Name(), tn.Name(), why, e.Noun))
					}
				}
			}
			// A value that is or holds a map whose type the package never writes came from
			// another package. Nested expressions that start at the same place (x.f.m) are
			// reported once, at the outermost.
			if x, ok := n.(ast.Expr); ok {
				if tv := pkg.TypesInfo.Types[x]; tv.IsValue() {
					if why := values.why(tv.Type); why != "" {
						report(x.Pos(), fmt.Sprintf("%s %s (%s): %s may not use another package's map",
							types.ExprString(x), why, types.TypeString(tv.Type, qual), e.Noun))
					}
				}
			}
			return true
		})
	}
	return out
}

// writtenTypes lists the types the package writes: in type expressions and declarations. A map
// in one of them is reported where it is written (a map type, sync.Map, the field of a type
// declared here), so values of these types are not reported again at every use.
func writtenTypes(info *types.Info) *typeutil.Map {
	var written typeutil.Map
	for _, tv := range info.Types {
		if tv.IsType() {
			written.Set(tv.Type, true)
		}
	}
	for _, obj := range info.Defs {
		if tn, ok := obj.(*types.TypeName); ok {
			written.Set(tn.Type(), true)
		}
	}
	return &written
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
	memo    map[types.Type]string
	written *typeutil.Map // types it passes over, whose maps are reported elsewhere; nil for none
}

// why says how t contains a map ("is a map", "holds a map"), or "" if it does not.
func (c *mapChecker) why(t types.Type) string {
	if t == nil {
		return ""
	}
	if w, ok := c.memo[t]; ok {
		return w
	}
	if c.written != nil && c.written.At(t) != nil {
		return ""
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
	case *types.Tuple: // a call's results, (url.Values, error)
		for i := range t.Len() {
			if w := c.why(t.At(i).Type()); w != "" {
				return "holds a map"
			}
		}
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
