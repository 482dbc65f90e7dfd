// Package apigen writes a suite's plumbing from the registry's declaration of its exercise's API
// (package exercise): the file api_gen.go of grader/internal/suites/NAME. It holds, for an
// exercise whose type is T:
//
//   - ex, the exercise as the registry declares it;
//   - T, the interface the tests drive: T's methods, with the exercise's own types replaced by
//     the suite's (*T by T, a struct or interface type of the API by the suite's copy of it);
//   - the suite's copies of the API's struct and interface types (the sorted set's Member, the
//     LSM tree's Options and Disk), declared as the registry declares them;
//   - API, one implementation of the exercise: a field per package-level function;
//   - Bind, which makes an API from a package's functions, and Binding, the expression the
//     judge's generated main builds the graded package's and the reference's API with:
//     suite.Bind(P.New, ...), where type inference finds the package's types;
//   - modelOf, for an exercise whose constructor takes no arguments (New() *T) and a suite that
//     uses it, which fills in the part of a harness.Model the registry fixes: the constructor's
//     call, the two constructors and, unless the suite has its own, dispatch;
//   - dispatch, unless the suite's files exist and none uses it, which makes a harness.Call on a T
//     and returns its result as the tests compare it: the Do of a harness.Methods, each method's
//     name with the function of package harness that calls a method of its signature
//     (harness.Func1(T.Contains)), which converts the arguments and returns nil for no result, the
//     value for one, a pair or a triple for two or three (types of the generated file, printed as
//     fmt.Sprint prints the results), and the collected slice for an iter.Seq.
//
// When T's methods mention no type of the package but T itself as a result, Bind converts the
// package's *T to T directly. Otherwise the package's type is wrapped in a generic adapter that
// converts each argument and result: a struct (or a slice of them) is seen through the suite's
// copy without a copy (adapt.As, adapt.View), after Binding proved at compile time that the two
// have the same fields; a T argument (the quotient filter's Merge(*Filter)) is unwrapped to the
// package's own *T. A constructor that also returns an error (the LSM tree's Open) returns a nil
// T, not a T holding a nil pointer, with the error.
//
// Beside it, api_gen_test.go holds the head of the suite's in-process tests: reference, the
// reference solution (kata/solutions/NAME) bound by Bind as the judge binds a package; kit, the
// suitetest.Kit over Suite and reference; and TestReferencePasses, which runs every test but the
// performance tests on the reference. A suite that needs one of them otherwise declares it in a
// test file of its own, and the generated file leaves it out: the filters' TestReferencePasses
// logs the traces.
//
// What only the suite can say stays in the suite: its tests, its models, the calls' semantics
// beyond the call itself (copying a key the graded code must not keep, say), and its Probes,
// which a kit test checks against the registry.
package apigen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"kata/grader/exercise"
)

// FileName is the name of the generated file in each suite package.
const FileName = "api_gen.go"

// TestFileName is the name of the generated test file in each suite package: the suite's
// in-process test kit (suitetest.Kit) over the reference solution, and TestReferencePasses.
const TestFileName = "api_gen_test.go"

// Dir is the folder of the suite package of the exercise called name, under the kit's root.
func Dir(root, name string) string {
	return filepath.Join(root, "grader", "internal", "suites", name)
}

// Path is the generated file of the exercise called name, under the kit's root.
func Path(root, name string) string { return filepath.Join(Dir(root, name), FileName) }

// Generate returns the source of the exercise's api_gen.go, gofmt'ed. It fails on a declaration
// it cannot bind: an exercise type used where no conversion is defined (an interface type of the
// API as a method's parameter, T as a method's result), a qualified type other than iter's, more
// than three results, a method of a signature no function of package harness calls.
//
// uses, if not nil, are the names the suite's own files use (see Uses): modelOf is left out of a
// suite that does not use it, as the randomized set, whose model drives a wrapper of its own,
// and so is dispatch, as the LSM tree's, whose tests make their own calls.
func Generate(e *exercise.Exercise, uses map[string]bool) ([]byte, error) {
	g, err := newGen(e)
	if err != nil {
		return nil, err
	}
	g.uses = uses
	g.body()
	return g.source(true)
}

// GenerateTest returns the source of the exercise's api_gen_test.go, gofmt'ed: the suite's
// in-process test kit over the reference solution, kata/solutions/NAME, bound as the judge binds
// a package (see TestFileName). It leaves out each declaration whose name is in own, the names
// the suite's own files declare (see Own), and fails where Generate does.
func GenerateTest(e *exercise.Exercise, own map[string]bool) ([]byte, error) {
	g, err := newGen(e)
	if err != nil {
		return nil, err
	}
	g.imports, g.names = map[string]bool{}, map[string]string{}
	g.testBody(own)
	return g.source(false)
}

// newGen reads the exercise's declaration.
func newGen(e *exercise.Exercise) (*gen, error) {
	g := &gen{e: e, kinds: map[string]kind{}}
	for _, s := range e.Structs {
		g.kinds[s.Name] = structKind
	}
	for _, in := range e.Interfaces {
		g.kinds[in.Name] = ifaceKind
	}
	if err := g.parse(); err != nil {
		return nil, fmt.Errorf("%s: %w", e.Name, err)
	}
	return g, nil
}

// Uses returns the names that the suite package in dir uses in its files apigen does not write,
// its tests' included, or nil when it has none yet: a new suite is generated everything it may
// use.
func Uses(dir string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var uses map[string]bool
	fset := token.NewFileSet()
	for _, path := range files {
		if base := filepath.Base(path); base == FileName || base == TestFileName {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if uses == nil {
			uses = map[string]bool{}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				uses[id.Name] = true
			}
			return true
		})
	}
	return uses, nil
}

// Own returns the names of the package-level declarations of the suite package in dir, in the
// test files apigen does not write: the names the suite's tests declare themselves, which
// GenerateTest leaves out. A name declared outside the tests is not the tests' own: it clashes
// with the generated one, and the package does not compile, rather than silently stand in for
// it. A folder that does not exist yet declares none.
func Own(dir string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	own := map[string]bool{}
	fset := token.NewFileSet()
	for _, path := range files {
		if filepath.Base(path) == TestFileName {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					own[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch spec := spec.(type) {
					case *ast.ValueSpec:
						for _, name := range spec.Names {
							own[name.Name] = true
						}
					case *ast.TypeSpec:
						own[spec.Name.Name] = true
					}
				}
			}
		}
	}
	return own, nil
}

// kind is what a type of a signature is to the binding.
type kind int

const (
	plainKind  kind = iota // a type of no package or of iter: the same on both sides
	mainKind               // *T, the exercise's type
	structKind             // a struct type of the API
	sliceKind              // a slice of a struct type of the API
	ifaceKind              // an interface type of the API
)

// typ is one parameter or result type of a signature.
type typ struct {
	expr kind
	name string // the API type's name for structKind, sliceKind and ifaceKind
	src  string // the type as the registry writes it
	seq  bool   // an iter.Seq, collected by dispatch
}

// fn is one function or method of the API with its types.
type fn struct {
	exercise.Func
	params, results []typ
	caller          string // for a method of T, what makes its harness.Method (see gen.caller)
}

// gen is one file being generated.
type gen struct {
	e     *exercise.Exercise
	kinds map[string]kind // the API's struct and interface types
	funcs []fn            // the package-level functions
	meths []fn            // the methods of T
	ifs   map[string][]fn // the methods of each interface type of the API
	// wrap is set when T's methods mention a type of the package other than as T's own
	// receiver: the package's T is then wrapped in an adapter.
	wrap bool
	// uses are the names the suite's own files use, or nil for any (Generate).
	uses map[string]bool
	// inMethods are the type parameters of the package's types that T's methods mention, in
	// declaration order: "S" for T itself, "L" and a name for the others.
	inMethods []string
	imports   map[string]bool   // the paths of the packages the file imports
	names     map[string]string // the name of a package imported under another name, by path
	tuples    map[int]bool      // the numbers of results dispatch returns as one value
	b         bytes.Buffer
}

// parse reads every signature of the API and says what the binding needs.
func (g *gen) parse() error {
	g.imports = map[string]bool{"kata/grader/exercise": true}
	g.ifs = map[string][]fn{}
	g.tuples = map[int]bool{}
	read := func(f exercise.Func) (fn, error) {
		expr, err := parser.ParseExpr(f.Sig)
		if err != nil {
			return fn{}, fmt.Errorf("%s: signature %q: %w", f.Name, f.Sig, err)
		}
		ft, ok := expr.(*ast.FuncType)
		if !ok {
			return fn{}, fmt.Errorf("%s: signature %q is not a func type", f.Name, f.Sig)
		}
		out := fn{Func: f}
		for _, list := range []struct {
			fields *ast.FieldList
			into   *[]typ
		}{{ft.Params, &out.params}, {ft.Results, &out.results}} {
			if list.fields == nil {
				continue
			}
			for _, field := range list.fields.List {
				t, err := g.classify(field.Type)
				if err != nil {
					return fn{}, fmt.Errorf("%s: %w", f.Name, err)
				}
				for range max(1, len(field.Names)) {
					*list.into = append(*list.into, t)
				}
			}
		}
		if len(out.results) > 3 {
			return fn{}, fmt.Errorf("%s: %d results, at most 3 are supported", f.Name, len(out.results))
		}
		return out, nil
	}
	for _, f := range g.e.API {
		x, err := read(f)
		if err != nil {
			return err
		}
		if f.Recv == "" {
			g.funcs = append(g.funcs, x)
		} else {
			g.meths = append(g.meths, x)
		}
	}
	for _, in := range g.e.Interfaces {
		for _, m := range in.Methods {
			x, err := read(m)
			if err != nil {
				return err
			}
			g.ifs[in.Name] = append(g.ifs[in.Name], x)
		}
	}
	return g.check()
}

// classify says what the type expression e is to the binding.
func (g *gen) classify(e ast.Expr) (typ, error) {
	t := typ{src: types.ExprString(e)}
	switch x := e.(type) {
	case *ast.StarExpr:
		if id, ok := x.X.(*ast.Ident); ok && id.Name == g.e.Type {
			t.expr = mainKind
			return t, nil
		}
	case *ast.Ident:
		if k, ok := g.kinds[x.Name]; ok {
			t.expr, t.name = k, x.Name
			return t, nil
		}
	case *ast.ArrayType:
		if id, ok := x.Elt.(*ast.Ident); ok && x.Len == nil && g.kinds[id.Name] == structKind {
			t.expr, t.name = sliceKind, id.Name
			return t, nil
		}
	case *ast.IndexExpr:
		if sel, ok := x.X.(*ast.SelectorExpr); ok && types.ExprString(sel) == "iter.Seq" {
			t.seq = true
		}
	}
	var bad error
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if pkg := types.ExprString(x.X); pkg == "iter" {
				g.imports["iter"] = true
			} else {
				bad = fmt.Errorf("type %s: only iter's types are supported from another package", t.src)
			}
			return false
		case *ast.Ident:
			if _, own := g.kinds[x.Name]; own || x.Name == g.e.Type {
				bad = fmt.Errorf("type %s: the API's type %s is supported only alone, as *%s or in a slice of structs",
					t.src, x.Name, g.e.Type)
			}
		}
		return true
	})
	return t, bad
}

// check refuses the uses of the package's types that the binding cannot convert, and finds
// which of them T's methods mention.
func (g *gen) check() error {
	mentioned := map[string]bool{}
	for i, m := range g.meths {
		for _, p := range m.params {
			switch p.expr {
			case mainKind:
				mentioned["S"] = true
			case structKind, sliceKind:
				mentioned["L"+p.name] = true
			case ifaceKind:
				return fmt.Errorf("%s: an interface type of the API as a method's parameter is not supported", m.Name)
			}
		}
		for _, r := range m.results {
			switch r.expr {
			case mainKind, ifaceKind:
				return fmt.Errorf("%s: %s as a method's result is not supported", m.Name, r.src)
			case structKind, sliceKind:
				mentioned["L"+r.name] = true
			}
		}
		caller, err := g.caller(m)
		if err != nil {
			return err
		}
		g.meths[i].caller = caller
	}
	for _, name := range g.params() {
		if mentioned[name] {
			g.inMethods = append(g.inMethods, name)
		}
	}
	g.wrap = len(g.inMethods) > 0
	constructor := false
	for _, f := range g.funcs {
		for _, p := range f.params {
			if p.expr == mainKind {
				return fmt.Errorf("%s: *%s as a function's parameter is not supported", f.Name, g.e.Type)
			}
		}
		for _, r := range f.results {
			switch r.expr {
			case mainKind:
				constructor = true
			case ifaceKind:
				return fmt.Errorf("%s: %s as a function's result is not supported", f.Name, r.src)
			}
		}
	}
	for name, ms := range g.ifs {
		for _, m := range ms {
			for _, t := range slices.Concat(m.params, m.results) {
				if t.expr != plainKind {
					return fmt.Errorf("%s.%s: the API's own types in an interface's methods are not supported", name, m.Name)
				}
			}
		}
	}
	if !constructor {
		return fmt.Errorf("no function returns *%s", g.e.Type)
	}
	return nil
}

// params are the type parameters of Bind: S for the package's *T, then "L" and the name of each
// struct and interface type of the API, for the package's own.
func (g *gen) params() []string {
	out := []string{"S"}
	for _, s := range g.e.Structs {
		out = append(out, "L"+s.Name)
	}
	for _, in := range g.e.Interfaces {
		out = append(out, "L"+in.Name)
	}
	return out
}

// suiteType is t as the suite declares it.
func (g *gen) suiteType(t typ) string {
	switch t.expr {
	case mainKind:
		return g.e.Type
	case sliceKind:
		return "[]" + t.name
	case structKind, ifaceKind:
		return t.name
	}
	return t.src
}

// packageType is t as the package declares it, through Bind's type parameters.
func (g *gen) packageType(t typ) string {
	switch t.expr {
	case mainKind:
		return "S"
	case sliceKind:
		return "[]L" + t.name
	case structKind, ifaceKind:
		return "L" + t.name
	}
	return t.src
}

// signature writes a signature's parameters and results with the types that typeOf gives and,
// if named, with parameters p0, p1, ...
func signature(f fn, typeOf func(typ) string, named bool) string {
	params := make([]string, len(f.params))
	for i, p := range f.params {
		params[i] = typeOf(p)
		if named {
			params[i] = fmt.Sprintf("p%d %s", i, params[i])
		}
	}
	results := make([]string, len(f.results))
	for i, r := range f.results {
		results[i] = typeOf(r)
	}
	return exercise.Signature(params, results)
}

// printf writes to the file.
func (g *gen) printf(format string, args ...any) { fmt.Fprintf(&g.b, format, args...) }

// source returns the whole file, gofmt'ed: the header, the imports, with generate the
// go:generate line, then the declarations written so far.
func (g *gen) source(generate bool) ([]byte, error) {
	var head bytes.Buffer
	head.WriteString("// Code generated by apigen from the registry (grader/exercise); DO NOT EDIT.\n\n")
	fmt.Fprintf(&head, "package %s\n\n", g.e.Name)
	if len(g.imports) > 0 {
		// The standard library's first, then the kit's, each in the order of their paths.
		var std, kit []string
		for _, path := range slices.Sorted(maps.Keys(g.imports)) {
			if strings.HasPrefix(path, "kata/") {
				kit = append(kit, path)
			} else {
				std = append(std, path)
			}
		}
		head.WriteString("import (\n")
		for _, path := range std {
			fmt.Fprintf(&head, "%q\n", path)
		}
		if len(std) > 0 && len(kit) > 0 {
			head.WriteString("\n")
		}
		for _, path := range kit {
			fmt.Fprintf(&head, "%s %q\n", g.names[path], path)
		}
		head.WriteString(")\n\n")
	}
	if generate {
		head.WriteString("//go:generate go run kata/grader/internal/apigen/gen\n\n")
	}
	head.Write(g.b.Bytes())
	src, err := format.Source(head.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: the generated code does not parse: %w\n%s", g.e.Name, err, head.Bytes())
	}
	return src, nil
}

// testBody writes the declarations of api_gen_test.go but those named in own, noting the
// imports they use.
func (g *gen) testBody(own map[string]bool) {
	if !own["reference"] {
		g.imports["kata/solutions/"+g.e.Name], g.names["kata/solutions/"+g.e.Name] = true, "ref"
		g.printf("// reference is the reference solution, kata/solutions/%s, as an API.\n", g.e.Name)
		g.printf("var reference = %s\n\n", g.bindCall("ref", ""))
	}
	if !own["kit"] {
		g.imports["kata/grader/internal/suitetest"] = true
		g.printf("// kit runs the suite in process on an implementation, with the reference behind it.\n")
		g.printf("var kit = suitetest.Kit[API]{Suite: Suite, Reference: reference}\n\n")
	}
	if !own["TestReferencePasses"] {
		g.imports["testing"] = true
		g.printf("// TestReferencePasses runs every test but the performance tests on the reference\n")
		g.printf("// (suitetest.ReferencePasses: package grader grades the reference, ladders included).\n")
		g.printf("func TestReferencePasses(t *testing.T) { kit.ReferencePasses(t, false) }\n")
	}
}

// body writes the declarations, noting the imports they use.
func (g *gen) body() {
	t := g.e.Type
	g.printf("// ex is the exercise these tests judge, as the registry declares it: its expected costs are the\n")
	g.printf("// growth series' (harness.Declared).\n")
	g.printf("var ex = exercise.Must(%q)\n\n", g.e.Name)
	g.printf("// %s is the exercise's type as the tests drive it: the graded package's or the\n", t)
	if g.wrap {
		// The package's methods, graded, over the suite's own types.
		g.printf("// reference's, through Bind, with the suite's types for the package's.\n")
		g.printf("type %s interface {\n", t)
		args := slices.Clone(g.inMethods)
		for i, p := range args {
			if p == "S" {
				args[i] = t
			} else {
				args[i] = strings.TrimPrefix(p, "L")
			}
		}
		g.printf("graded[%s]\n", strings.Join(args, ", "))
	} else {
		g.printf("// reference's, through Bind.\n")
		g.printf("type %s interface {\n", t)
		for _, m := range g.meths {
			g.printf("%s%s\n", m.Name, signature(m, g.suiteType, false))
		}
	}
	g.printf("}\n\n")
	for _, s := range g.e.Structs {
		g.printf("// %s is the API's %s, with the exercise's fields: Bind sees a package's %s as this one.\n", s.Name, s.Name, s.Name)
		g.printf("type %s struct {\n", s.Name)
		for field := range strings.SplitSeq(s.Fields, ";") {
			g.printf("%s\n", strings.TrimSpace(field))
		}
		g.printf("}\n\n")
	}
	for _, in := range g.e.Interfaces {
		g.printf("// %s is the API's %s, with the exercise's methods: a value of it is one of a package's %s too.\n", in.Name, in.Name, in.Name)
		g.printf("type %s interface {\n", in.Name)
		for _, m := range g.ifs[in.Name] {
			g.printf("%s%s\n", m.Name, signature(m, g.suiteType, false))
		}
		g.printf("}\n\n")
	}
	g.printf("// API is one implementation of the exercise: the graded package's or the reference's.\n")
	g.printf("type API struct {\n")
	for _, f := range g.funcs {
		g.printf("%s func%s\n", f.Name, signature(f, g.suiteType, false))
	}
	g.printf("}\n\n")
	g.binding()
	g.bind()
	if g.wrap {
		g.adapter()
	}
	// modelOf calls dispatch; otherwise dispatch, as modelOf, is left out of a suite that
	// does not use it: the LSM tree's tests make their own calls.
	if g.model() || g.uses == nil || g.uses["dispatch"] {
		g.dispatch()
	}
}

// model writes modelOf, when a function of no parameters returns *T and nothing else and the
// suite uses it, and reports whether it did.
func (g *gen) model() bool {
	i := slices.IndexFunc(g.funcs, func(f fn) bool {
		return len(f.params) == 0 && len(f.results) == 1 && f.results[0].expr == mainKind
	})
	if i < 0 || g.uses != nil && !g.uses["modelOf"] {
		return false
	}
	name, t := g.funcs[i].Name, g.e.Type
	g.imports["kata/grader/internal/harness"] = true
	g.printf("// modelOf is m, the suite's own part of a harness.Model (Recv, Hint, ...), with the part the\n")
	g.printf("// registry fixes: Init %q, New and Ref the learner's and the reference's %s, and Do\n", name+"()", name)
	g.printf("// dispatch unless m has its own.\n")
	g.printf("func modelOf(learner, reference API, m harness.Model[%s]) harness.Model[%s] {\n", t, t)
	g.printf("m.Init, m.New, m.Ref = %q, learner.%s, reference.%s\n", name+"()", name, name)
	g.printf("if m.Do == nil {\nm.Do = dispatch\n}\n")
	g.printf("return m\n}\n\n")
	return true
}

// proof is the name of Bind's parameter for the API type called name: a conversion that
// compiles only when the package's type agrees with the suite's.
func proof(name string) string { return "as" + name }

// bindCall is the call of Bind that makes the API of the package named pkg, written where the
// suite's names are qualified by suite ("suite." in the judge's generated main, "" in the suite).
func (g *gen) bindCall(pkg, suite string) string {
	args := make([]string, 0, len(g.funcs)+len(g.kinds))
	for _, f := range g.funcs {
		args = append(args, pkg+"."+f.Name)
	}
	for _, s := range g.e.Structs {
		args = append(args, fmt.Sprintf("func(v %s.%s) %s%s { return %s%s(v) }", pkg, s.Name, suite, s.Name, suite, s.Name))
	}
	for _, in := range g.e.Interfaces {
		args = append(args, fmt.Sprintf("func(v %s%s) %s.%s { return v }", suite, in.Name, pkg, in.Name))
	}
	return suite + "Bind(" + strings.Join(args, ", ") + ")"
}

// binding writes Binding.
func (g *gen) binding() {
	g.printf("// Binding is the Go expression the judge's generated main uses to build an API from a package,\n")
	g.printf("// as a text/template whose dot is the package's name there; the suite package itself is\n")
	g.printf("// imported as suite. It compiles only when the package has the exercise's API.\n")
	g.printf("const Binding = `%s`\n\n", g.bindCall("{{.}}", "suite."))
}

// bind writes Bind.
func (g *gen) bind() {
	constraint := g.e.Type
	if g.wrap {
		constraint = "graded[" + strings.Join(g.inMethods, ", ") + "]"
	}
	tparams := []string{"S " + constraint}
	for _, p := range g.params()[1:] {
		tparams = append(tparams, p+" any")
	}
	var params []string
	for _, f := range g.funcs {
		params = append(params, "fn"+f.Name+" func"+signature(f, g.packageType, false))
	}
	for _, s := range g.e.Structs {
		params = append(params, fmt.Sprintf("_ func(L%s) %s", s.Name, s.Name))
	}
	for _, in := range g.e.Interfaces {
		params = append(params, fmt.Sprintf("%s func(%s) L%s", proof(in.Name), in.Name, in.Name))
	}
	g.printf("// Bind makes the API of a package from its functions, each fn followed by its name.\n")
	if len(g.e.Structs) > 0 {
		g.printf("// A struct type of the API comes with a conversion from the package's to the suite's,\n")
		g.printf("// which compiles only when the two have the same fields in the same order, so that one\n")
		g.printf("// is seen as the other.\n")
	}
	if len(g.e.Interfaces) > 0 {
		g.printf("// An interface type of the API comes with the conversion of the suite's to the package's.\n")
	}
	g.printf("func Bind[%s](%s) API {\n", strings.Join(tparams, ", "), strings.Join(params, ", "))
	g.printf("return API{\n")
	for _, f := range g.funcs {
		if !slices.ContainsFunc(slices.Concat(f.params, f.results), func(t typ) bool { return t.expr != plainKind }) {
			g.printf("%s: fn%s,\n", f.Name, f.Name)
			continue
		}
		args := make([]string, len(f.params))
		for i, p := range f.params {
			args[i] = g.toPackage(p, fmt.Sprintf("p%d", i), "")
		}
		g.braced(f.Name+": func"+signature(f, g.suiteType, true), f, "fn"+f.Name+"("+strings.Join(args, ", ")+")")
		g.printf(",\n")
	}
	g.printf("}\n}\n\n")
}

// adapterType is the adapter instantiated with the type parameters T's methods mention.
func (g *gen) adapterType() string {
	params := slices.Clone(g.inMethods)
	if params[0] != "S" {
		params = append([]string{"S"}, params...)
	}
	return "adapter[" + strings.Join(params, ", ") + "]"
}

// adapter writes the constraint graded, which the package's *T satisfies, and the adapter that
// shows it as a T.
func (g *gen) adapter() {
	var tparams []string
	for _, p := range g.inMethods {
		tparams = append(tparams, p+" any")
	}
	g.printf("// graded is the package's %s, over the package's own types.\n", g.e.Type)
	g.printf("type graded[%s] interface {\n", strings.Join(tparams, ", "))
	for _, m := range g.meths {
		g.printf("%s%s\n", m.Name, signature(m, g.packageType, false))
	}
	g.printf("}\n\n")
	adapterParams := []string{"S graded[" + strings.Join(g.inMethods, ", ") + "]"}
	for _, p := range g.inMethods {
		if p != "S" {
			adapterParams = append(adapterParams, p+" any")
		}
	}
	at := g.adapterType()
	g.printf("// adapter shows a package's %s as a %s.\n", g.e.Type, g.e.Type)
	g.printf("type adapter[%s] struct{ s S }\n\n", strings.Join(adapterParams, ", "))
	for _, m := range g.meths {
		args := make([]string, len(m.params))
		for i, p := range m.params {
			args[i] = g.toPackage(p, fmt.Sprintf("p%d", i), "a")
		}
		g.printf("// %s calls the package's %s.\n", m.Name, m.Name)
		g.braced(fmt.Sprintf("func (a %s) %s%s", at, m.Name, signature(m, g.suiteType, true)), m, "a.s."+m.Name+"("+strings.Join(args, ", ")+")")
		g.printf("\n\n")
	}
	if slices.Contains(g.inMethods, "S") {
		g.printf("// own is the package's %s that v wraps: a method's argument made by the same package.\n", g.e.Type)
		g.printf("func (a %s) own(v %s) S {\n", at, g.e.Type)
		g.printf("w, ok := v.(%s)\n", at)
		g.printf("if !ok {\npanic(fmt.Sprintf(\"%s suite: a %%T given where the package's own %s was expected\", v))\n}\n", g.e.Name, g.e.Type)
		g.printf("return w.s\n}\n\n")
		g.imports["fmt"] = true
	}
}

// toPackage converts the argument v, of the suite's type t, to the package's; recv is the
// adapter's receiver, for T itself.
func (g *gen) toPackage(t typ, v, recv string) string {
	if seen, ok := g.seenAs(t, "L"+t.name, v); ok {
		return seen
	}
	switch t.expr {
	case mainKind:
		return recv + ".own(" + v + ")"
	case ifaceKind:
		return proof(t.name) + "(" + v + ")"
	}
	return v
}

// toSuite converts the result v, of the package's type t, to the suite's.
func (g *gen) toSuite(t typ, v string) string {
	if seen, ok := g.seenAs(t, t.name, v); ok {
		return seen
	}
	if t.expr == mainKind && g.wrap {
		return g.adapterType() + "{" + v + "}"
	}
	return v
}

// seenAs is v, of a struct type of the API or a slice of one, seen as the struct type called to
// on the other side (adapt.As, adapt.View); ok is false for a type of any other kind.
func (g *gen) seenAs(t typ, to, v string) (seen string, ok bool) {
	view := map[kind]string{structKind: "As", sliceKind: "View"}[t.expr]
	if view == "" {
		return "", false
	}
	g.imports["kata/grader/internal/apigen/adapt"] = true
	return "adapt." + view + "[" + to + "](" + v + ")", true
}

// braced writes head and the braced body that makes call and returns its results (see results):
// on one line when the body is one statement.
func (g *gen) braced(head string, f fn, call string) {
	start := g.b.Len()
	g.results(f, call)
	body := string(g.b.Bytes()[start:])
	g.b.Truncate(start)
	if strings.Count(body, "\n") == 1 {
		g.printf("%s { %s }", head, strings.TrimSuffix(body, "\n"))
		return
	}
	g.printf("%s {\n%s}", head, body)
}

// results writes the body that makes call and returns its results converted to the suite's
// types. A nil *T among several results is returned as a nil T.
func (g *gen) results(f fn, call string) {
	switch len(f.results) {
	case 0:
		g.printf("%s\n", call)
		return
	case 1:
		g.printf("return %s\n", g.toSuite(f.results[0], call))
		return
	}
	if !slices.ContainsFunc(f.results, func(t typ) bool { return t.expr != plainKind }) {
		g.printf("return %s\n", call)
		return
	}
	names := make([]string, len(f.results))
	for i := range names {
		names[i] = fmt.Sprintf("r%d", i)
	}
	g.printf("%s := %s\n", strings.Join(names, ", "), call)
	converted := make([]string, len(f.results))
	for i, r := range f.results {
		converted[i] = g.toSuite(r, names[i])
	}
	for i, r := range f.results {
		if r.expr == mainKind {
			g.imports["kata/grader/internal/apigen/adapt"] = true
			withNil := slices.Clone(converted)
			withNil[i] = "nil"
			g.printf("if adapt.IsZero(%s) {\nreturn %s\n}\n", names[i], strings.Join(withNil, ", "))
		}
	}
	g.printf("return %s\n", strings.Join(converted, ", "))
}

// callers are the functions of package harness that make a method's harness.Method, by its
// numbers of parameters and results; seqCallers, those of a method that returns an iter.Seq.
var (
	callers = map[[2]int]string{
		{0, 1}: "Func0", {1, 0}: "Proc1", {1, 1}: "Func1", {2, 1}: "Func2", {1, 2}: "Pair1", {1, 3}: "Triple1",
	}
	seqCallers = map[[2]int]string{{2, 1}: "Seq2"}
)

// caller is the expression that makes the harness.Method of the method m: the harness function
// for its signature, with its tuple type for several results, called with the method
// expression.
func (g *gen) caller(m fn) (string, error) {
	shape := [2]int{len(m.params), len(m.results)}
	f, ok := callers[shape]
	if slices.ContainsFunc(m.results, func(t typ) bool { return t.seq }) {
		f, ok = seqCallers[shape]
	}
	if !ok {
		return "", fmt.Errorf("%s: no function of package harness makes the harness.Method of this signature; "+
			"add one to harness/dispatch.go, and to apigen's callers", m.Name)
	}
	if n := len(m.results); n > 1 {
		types := make([]string, n)
		for i, r := range m.results {
			types[i] = g.suiteType(r)
		}
		f += "[" + tuples[n] + "[" + strings.Join(types, ", ") + "]]"
	}
	return "harness." + f + "(" + g.e.Type + "." + m.Name + ")", nil
}

// dispatch writes dispatch, the Do of T's harness.Methods, and the tuple types it returns.
func (g *gen) dispatch() {
	g.imports["kata/grader/internal/harness"] = true
	g.printf("// dispatch makes a harness.Call on a %s by its method's name and returns its result, as\n", g.e.Type)
	g.printf("// harness.Methods says.\n")
	g.printf("var dispatch = harness.Methods[%s]{\n", g.e.Type)
	for _, m := range g.meths {
		g.printf("%q: %s,\n", m.Name, m.caller)
		if n := len(m.results); n > 1 {
			g.tuples[n] = true
		}
	}
	g.printf("}.Do\n")
	for n := 2; n <= 3; n++ {
		if g.tuples[n] {
			g.tuple(n)
		}
	}
}

// tuples name the types of several results, by their number.
var tuples = map[int]string{2: "pair", 3: "triple"}

// tuple writes the type of n results: a struct of comparable fields when they are, printed in a
// failing case as the quoted fmt.Sprint of the results ("1.5 true"), which is how the printed
// case checks a call of several results. It is the package's own, so that the suite writes its
// values unkeyed.
func (g *gen) tuple(n int) {
	g.imports["fmt"], g.imports["strconv"] = true, true
	names := []string{"First", "Second", "Third"}[:n]
	params := []string{"A", "B", "C"}[:n]
	fields := make([]string, n)
	for i := range n {
		fields[i] = "p." + names[i]
	}
	name := tuples[n]
	g.printf("\n// %s is the %s results of one call as one value, as the tests compare and print it.\n", name, []string{2: "two", 3: "three"}[n])
	g.printf("type %s[%s any] struct {\n", name, strings.Join(params, ", "))
	for i := range n {
		g.printf("%s %s\n", names[i], params[i])
	}
	g.printf("}\n\n")
	g.printf("// GoString is the quoted fmt.Sprint of the results, as a printed case checks them.\n")
	g.printf("func (p %s[%s]) GoString() string { return strconv.Quote(fmt.Sprint(%s)) }\n",
		name, strings.Join(params, ", "), strings.Join(fields, ", "))
}
