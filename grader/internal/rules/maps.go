package rules

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// mapPackages are packages whose purpose is a map or a set: importing them breaks the hash
// set's rule even before a map type appears.
var mapPackages = map[string]string{
	"maps":                  "functions over built-in maps",
	"unique":                "a concurrent hash set of interned values",
	"expvar":                "expvar.Map, a map",
	"golang.org/x/exp/maps": "functions over built-in maps",
}

// mapTypes are named types that are maps behind a struct.
var mapTypes = map[string]bool{
	"sync.Map":   true,
	"expvar.Map": true,
}

// mapFuncs make maps at run time.
var mapFuncs = map[string]bool{
	"reflect.MapOf":           true,
	"reflect.MakeMap":         true,
	"reflect.MakeMapWithSize": true,
}

// noMaps reports every place the package uses a map: a map type in any expression or
// declaration (also inside named, generic and other packages' types), a map-making reflect
// function, or a package whose purpose is a map.
func noMaps(pkg *packages.Package, place func(token.Pos) (string, int, int)) []Violation {
	var out []Violation
	seen := map[token.Position]bool{}
	report := func(pos token.Pos, msg string) {
		p := pkg.Fset.Position(pos)
		key := token.Position{Filename: p.Filename, Line: p.Line}
		if seen[key] {
			return
		}
		seen[key] = true
		file, line, col := place(pos)
		out = append(out, Violation{Rule: "no-map", File: file, Line: line, Column: col, Message: msg})
	}
	for _, f := range pkg.Syntax {
		for _, imp := range f.Imports {
			path := imp.Path.Value[1 : len(imp.Path.Value)-1]
			if why, ok := mapPackages[path]; ok {
				report(imp.Pos(), fmt.Sprintf("imports %s (%s): the hash set may not use another package's map or set", path, why))
			}
		}
	}
	c := &mapChecker{memo: map[types.Type]string{}}
	for _, f := range pkg.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if obj := pkg.TypesInfo.Uses[n.Sel]; obj != nil && obj.Pkg() != nil {
					name := obj.Pkg().Path() + "." + obj.Name()
					if mapFuncs[name] {
						report(n.Pos(), fmt.Sprintf("calls %s: the hash set may not make maps, not even with reflect", name))
					}
				}
			case *ast.Ident:
				if obj := pkg.TypesInfo.Defs[n]; obj != nil {
					if why := c.why(obj.Type()); why != "" {
						report(n.Pos(), fmt.Sprintf("%s has type %s, which %s: the hash set may not use a built-in map",
							n.Name, types.TypeString(obj.Type(), types.RelativeTo(pkg.Types)), why))
					}
				}
			}
			if e, ok := n.(ast.Expr); ok {
				if tv, ok := pkg.TypesInfo.Types[e]; ok && tv.Type != nil {
					if why := c.why(tv.Type); why != "" {
						report(e.Pos(), fmt.Sprintf("%s %s: the hash set may not use a built-in map",
							types.TypeString(tv.Type, types.RelativeTo(pkg.Types)), why))
					}
				}
			}
			return true
		})
	}
	for id, inst := range pkg.TypesInfo.Instances {
		for i := range inst.TypeArgs.Len() {
			if why := c.why(inst.TypeArgs.At(i)); why != "" {
				report(id.Pos(), fmt.Sprintf("%s is instantiated with a type that %s", id.Name, why))
			}
		}
	}
	return out
}

// mapChecker finds maps inside types, remembering what it has seen.
type mapChecker struct {
	memo map[types.Type]string
}

// why says how t contains a map ("is a map", "holds a map in field m"), or "" if it does not.
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
			return "is " + obj.Pkg().Name() + "." + obj.Name() + ", a map"
		}
		for i := range t.TypeArgs().Len() {
			if w := c.why(t.TypeArgs().At(i)); w != "" {
				return "has a type argument that " + w
			}
		}
		if w := c.why(t.Underlying()); w != "" {
			if obj.Pkg() != nil && obj.Pkg().Name() != "" {
				return "(" + obj.Name() + ") " + w
			}
			return w
		}
	case *types.Alias:
		return c.why(types.Unalias(t))
	case *types.Pointer:
		return c.why(t.Elem())
	case *types.Slice:
		return c.why(t.Elem())
	case *types.Array:
		return c.why(t.Elem())
	case *types.Chan:
		return c.why(t.Elem())
	case *types.Struct:
		for i := range t.NumFields() {
			if w := c.why(t.Field(i).Type()); w != "" {
				return "holds, in field " + t.Field(i).Name() + ", a value that " + w
			}
		}
	case *types.Tuple:
		for i := range t.Len() {
			if w := c.why(t.At(i).Type()); w != "" {
				return w
			}
		}
	case *types.Signature:
		if w := c.why(t.Params()); w != "" {
			return "takes a value that " + w
		}
		if w := c.why(t.Results()); w != "" {
			return "returns a value that " + w
		}
	case *types.Interface:
		for i := range t.NumEmbeddeds() {
			if w := c.why(t.EmbeddedType(i)); w != "" {
				return w
			}
		}
		for i := range t.NumExplicitMethods() {
			if w := c.why(t.ExplicitMethod(i).Type()); w != "" {
				return "has a method that " + w
			}
		}
	case *types.Union:
		for i := range t.Len() {
			if w := c.why(t.Term(i).Type()); w != "" {
				return w
			}
		}
	case *types.TypeParam:
		return c.why(t.Constraint())
	}
	return ""
}
