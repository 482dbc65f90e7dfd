// Package rules checks a graded package before anything of it runs, on the type-checked package
// (go/packages), never by searching its text: that it has exactly the exercise's API, that it
// imports nothing of the kit's own module (solutions/, grader/, cmd/, exercises/), and the rules the exercise
// declares (exercise.Rules): the libraries it may use, an allow-list of imports, no maps.
package rules

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"kata/grader/exercise"
	"kata/grader/internal/build"
	"kata/grader/layout"
	"kata/grader/result"
)

// Violation is one broken rule at a place in the graded package, as the result reports it: its
// Rule is "no-map", "allowed-imports", "denied-imports", "no-kit-import", "no-library" or
// "no-kit-linkname", its File as the learner knows it.
type Violation = result.Location

// Report is what the check found.
type Report struct {
	// TypeErrors are set when the package does not type-check; only its imports, which need no
	// types, are checked then.
	TypeErrors []result.Location
	// API lists how the package's API differs from the exercise's, one line each.
	API []string
	// Violations lists the broken rules.
	Violations []Violation
	// Package is the package's name as declared.
	Package string
	// Linknames are the package's go:linkname directives, where the build may fail to link.
	Linknames []Linkname
}

// Linkname is one go:linkname directive: the local name is linked to Target, a symbol of another
// package ("path/to/pkg.Name").
type Linkname struct {
	Target string
	File   string
	Line   int
	Column int
}

// Spec says what to check.
type Spec struct {
	Root     string // the kit's root
	Exercise *exercise.Exercise
	Dir      string // the graded package's folder
	Base     string // the folder messages show paths relative to (see build.Display)
	GoTmp    string // where the go command keeps its scratch files ("" for the default)
}

// Check type-checks the package in s.Dir as the build would see it and checks its API and
// rules.
func Check(ctx context.Context, s Spec) (*Report, error) {
	files, err := build.Files(s.Dir)
	if err != nil {
		return nil, err
	}
	virtual := filepath.Join(build.VirtualDir(s.Root, s.Exercise.Name), "learner")
	overlay := map[string][]byte{}
	back := map[string]string{virtual: s.Dir}
	for _, f := range files {
		rel, err := filepath.Rel(s.Dir, f)
		if err != nil {
			return nil, err
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		overlay[filepath.Join(virtual, rel)] = data // an embedded file may lie in a subfolder
	}
	if err := build.AssemblyFolder(virtual, files); err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Context: ctx,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedSyntax,
		Dir:     s.Root,
		Env:     build.Env(s.GoTmp),
		Overlay: overlay,
		Tests:   false,
	}
	pkgs, err := packages.Load(cfg, build.LearnerImport(s.Exercise.Name))
	if err != nil {
		return nil, fmt.Errorf("cannot type-check the package: %w", err)
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("cannot type-check the package: go list found %d packages", len(pkgs))
	}
	pkg := pkgs[0]
	rep := &Report{Package: pkg.Name}
	place := func(pos token.Pos) (string, int, int) {
		p := pkg.Fset.Position(pos)
		return build.MapPaths(p.Filename, s.Root, s.Base, back), p.Line, p.Column
	}
	// The files that build constraints leave out of this check (a file only for the race
	// detector's build, or for another system) are built elsewhere: their imports and
	// go:linkname directives are checked too, from their syntax.
	syntax := append(slices.Clip(pkg.Syntax), otherBuilds(pkg, overlay)...)
	imps := importsOf(syntax, place)
	// What reaches the kit's code needs no types: imports, go:linkname, and assembly, read from
	// the overlay, which holds every system's (go list names a file of a folder that is not on
	// disk only when it is Go, so assembly's functions look bodiless to the type-checker).
	kitUse := kitImports(imps, s.Exercise)
	kitUse = append(kitUse, kitLinknames(linknames(syntax, place))...)
	kitUse = append(kitUse, kitAssembly(slices.Sorted(maps.Keys(overlay)), overlay, func(name string) string {
		return build.MapPaths(name, s.Root, s.Base, back)
	})...)
	if len(pkg.Errors) > 0 {
		for _, e := range pkg.Errors {
			rep.TypeErrors = append(rep.TypeErrors, parseError(build.MapPaths(e.Pos, s.Root, s.Base, back), e.Msg))
		}
		// A library the exercise forbids is one the kit's module does not require, so that the
		// package cannot type-check: the import is still what the learner has to change.
		rep.Violations = kitUse
		return rep, nil
	}
	rep.API = checkAPI(pkg.Types, s.Exercise)
	rep.Linknames = linknames(pkg.Syntax, place)
	rep.Violations = append(rep.Violations, kitUse...)
	rep.Violations = append(rep.Violations, allowedImports(imps, s.Exercise)...)
	rep.Violations = append(rep.Violations, deniedImports(imps, s.Exercise)...)
	if s.Exercise.Rules.NoMap {
		rep.Violations = append(rep.Violations, noMaps(pkg, s.Exercise, place)...)
	}
	slices.SortStableFunc(rep.Violations, func(a, b Violation) int {
		return strings.Compare(fmt.Sprintf("%s:%09d", a.File, a.Line), fmt.Sprintf("%s:%09d", b.File, b.Line))
	})
	return rep, nil
}

// parseError splits a go/packages error position "file:line:col".
func parseError(pos, msg string) result.Location {
	l := result.Location{Message: msg}
	parts := strings.Split(pos, ":")
	if len(parts) >= 2 {
		l.File = parts[0]
		fmt.Sscan(parts[1], &l.Line)
		if len(parts) >= 3 {
			fmt.Sscan(parts[2], &l.Column)
		}
	}
	return l
}

// imported is one import of the graded package: its path and where it stands.
type imported struct {
	path string
	at   Violation // the import's File, Line and Column
}

// otherBuilds parses the package's Go files that build constraints leave out of the check, in
// the package's file set, from their contents in overlay; a file that does not parse is the
// build's to report, where it is built.
func otherBuilds(pkg *packages.Package, overlay map[string][]byte) []*ast.File {
	var out []*ast.File
	for _, name := range pkg.IgnoredFiles {
		src, ok := overlay[name]
		if !ok || !strings.HasSuffix(name, ".go") {
			continue
		}
		if f, err := parser.ParseFile(pkg.Fset, name, src, parser.ParseComments); err == nil {
			out = append(out, f)
		}
	}
	return out
}

// importsOf lists the imports of files, file by file.
func importsOf(files []*ast.File, place func(token.Pos) (string, int, int)) []imported {
	var out []imported
	for _, f := range files {
		for _, imp := range f.Imports {
			file, line, col := place(imp.Pos())
			out = append(out, imported{path: strings.Trim(imp.Path.Value, `"`),
				at: Violation{File: file, Line: line, Column: col}})
		}
	}
	return out
}

// breaks is the import as a violation of rule, with message.
func (i imported) breaks(rule result.Rule, message string) Violation {
	v := i.at
	v.Rule, v.Message = rule, message
	return v
}

// kitImports reports imports of any package of the kit's own module (its solutions, judge, CLI, and
// the exercises, the learner's other ones included), and of libraries outside the standard library
// that the exercise does not allow (its Rules.Libraries): wrapping another library's Bloom filter
// or skip list would skip the lesson.
func kitImports(imps []imported, e *exercise.Exercise) []Violation {
	var out []Violation
	for _, imp := range imps {
		first, _, _ := strings.Cut(imp.path, "/")
		if strings.Contains(first, ".") && !slices.Contains(e.Rules.Libraries, imp.path) {
			allowed := "the standard library only"
			if libs := e.Rules.Libraries; len(libs) > 0 {
				allowed = "the standard library and " + strings.Join(libs, ", ")
			}
			out = append(out, imp.breaks(result.NoLibrary,
				fmt.Sprintf("imports %s: the %s exercise is yours to write, with %s", imp.path, e.Name, allowed)))
		}
		if rest, ok := strings.CutPrefix(imp.path, layout.Module+"/"); ok || imp.path == layout.Module {
			what := "code"
			if dir, _, _ := strings.Cut(rest, "/"); dir != "" {
				what = dir + "/"
			}
			out = append(out, imp.breaks(result.NoKitImport,
				fmt.Sprintf("imports %s: an exercise may not use the kit's %s", imp.path, what)))
		}
	}
	return out
}

// allowedImports reports every import outside the exercise's Rules.Imports, when it has such a
// list, under a rule of its own: the package may be free of maps and still import, say, unsafe.
func allowedImports(imps []imported, e *exercise.Exercise) []Violation {
	allow := e.Rules.Imports
	if len(allow) == 0 {
		return nil
	}
	var out []Violation
	for _, imp := range imps {
		if !slices.Contains(allow, imp.path) {
			out = append(out, imp.breaks(result.AllowedImports, fmt.Sprintf("imports %s: %s may import only %s (%s)",
				imp.path, e.Noun, sortedList(allow), e.Rules.ImportsWhy)))
		}
	}
	return out
}

// deniedImports reports every import the exercise's Rules.Denied forbids.
func deniedImports(imps []imported, e *exercise.Exercise) []Violation {
	var out []Violation
	for _, imp := range imps {
		if slices.Contains(e.Rules.Denied, imp.path) {
			out = append(out, imp.breaks(result.DeniedImports,
				fmt.Sprintf("imports %s: %s may not import it (%s)", imp.path, e.Noun, e.Rules.DeniedWhy)))
		}
	}
	return out
}

// sortedList lists packages for a message, in name order.
func sortedList(paths []string) string {
	list := slices.Clone(paths)
	sort.Strings(list)
	return strings.Join(list, ", ")
}

// linknames lists the go:linkname directives of files.
func linknames(files []*ast.File, place func(token.Pos) (string, int, int)) []Linkname {
	var out []Linkname
	for _, f := range files {
		for _, group := range f.Comments {
			for _, c := range group.List {
				fields := strings.Fields(c.Text)
				if len(fields) < 3 || fields[0] != "//go:linkname" {
					continue
				}
				file, line, col := place(c.Pos())
				out = append(out, Linkname{Target: fields[2], File: file, Line: line, Column: col})
			}
		}
	}
	return out
}

// kitLinknames reports go:linkname directives that reach into the kit's own packages: the
// reference, the judge, the CLI. They use the kit's code as an import of it would.
func kitLinknames(links []Linkname) []Violation {
	var out []Violation
	for _, l := range links {
		pkgPath := l.Target
		if i := strings.LastIndex(pkgPath, "/"); i >= 0 {
			if j := strings.Index(pkgPath[i:], "."); j >= 0 {
				pkgPath = pkgPath[:i+j]
			}
		}
		if pkgPath == layout.Module || strings.HasPrefix(pkgPath, layout.Module+"/") {
			out = append(out, Violation{Rule: result.NoKitLinkname, File: l.File, Line: l.Line, Column: l.Column,
				Message: fmt.Sprintf("go:linkname to %s: an exercise may not use the kit's code", l.Target)})
		}
	}
	return out
}

// kitSymbol matches a symbol of the kit's packages as assembly writes it: the import path with
// its slashes as ∕ (U+2215), then · (U+00B7) and the name.
var kitSymbol = regexp.MustCompile(regexp.QuoteMeta(strings.ReplaceAll(layout.Module, "/", "∕")) + `[∕·][^(\s]*`)

// kitAssembly reports the package's assembly files that refer to a symbol of the kit's own
// packages, as kata∕grader∕internal∕seal·key(SB): assembly reads another package's variables as
// go:linkname does. files are the package's files, whose contents overlay holds; only .s
// files are read. path maps a file to the name the learner knows.
func kitAssembly(files []string, overlay map[string][]byte, path func(string) string) []Violation {
	var out []Violation
	for _, name := range files {
		if !strings.HasSuffix(name, ".s") {
			continue
		}
		for i, line := range strings.Split(string(overlay[name]), "\n") {
			if m := kitSymbol.FindString(line); m != "" {
				out = append(out, Violation{Rule: result.NoKitLinkname, File: path(name), Line: i + 1,
					Message: fmt.Sprintf("refers to %s in assembly: an exercise may not use the kit's code", m)})
			}
		}
	}
	return out
}

// checkAPI compares the package's functions and methods with the exercise's API.
func checkAPI(pkg *types.Package, e *exercise.Exercise) []string {
	var problems []string
	qual := types.RelativeTo(pkg)
	scope := pkg.Scope()
	if _, err := declared(pkg, e.Type); err != nil {
		problems = append(problems, fmt.Sprintf("type %s %s: declare it, e.g. type %s struct{ ... }", e.Type, err, e.Type))
	}
	names := []string{e.Type}
	for _, st := range e.Structs {
		names = append(names, st.Name)
	}
	for _, in := range e.Interfaces {
		names = append(names, in.Name)
	}
	aliased := spelled(pkg, names)
	for _, st := range e.Structs {
		want := "type " + st.Name + " struct{ " + st.Fields + " }"
		t, err := declared(pkg, st.Name)
		if err != nil {
			problems = append(problems, fmt.Sprintf("type %s %s: want %s", st.Name, err, want))
			continue
		}
		if got := fields(t, qual); got != st.Fields {
			problems = append(problems, fmt.Sprintf("type %s has fields %s, want %s", st.Name, got, want))
		}
	}
	for _, in := range e.Interfaces {
		want := make([]string, len(in.Methods))
		for i, m := range in.Methods {
			want[i] = m.Name + strings.TrimPrefix(m.Sig, "func")
		}
		slices.Sort(want)
		if got, ok := methods(scope.Lookup(in.Name), qual); !ok || got != strings.Join(want, "; ") {
			problems = append(problems, fmt.Sprintf("type %s has methods %s, want %s", in.Name, got, in))
		}
	}
	for _, f := range e.API {
		var sig *types.Signature
		if f.Recv == "" {
			fn, ok := scope.Lookup(f.Name).(*types.Func)
			if !ok {
				problems = append(problems, fmt.Sprintf("%s is missing: want %s", f.Name, f))
				continue
			}
			sig = fn.Type().(*types.Signature)
		} else {
			recv, err := declared(pkg, f.Recv)
			if err != nil {
				continue // reported above
			}
			sel := types.NewMethodSet(types.NewPointer(recv)).Lookup(pkg, f.Name)
			if sel == nil {
				problems = append(problems, fmt.Sprintf("method %s is missing: want %s", f.Name, f))
				continue
			}
			sig = sel.Obj().Type().(*types.Signature)
		}
		if got := signature(sig, qual); got != aliased(f.Sig) {
			name := f.Name
			if f.Recv != "" {
				name = "(*" + f.Recv + ")." + f.Name
			}
			problems = append(problems, fmt.Sprintf("%s has type %s, want %s", name, got, f.Sig))
		}
	}
	return problems
}

// declared returns the type the package declares as name: a type it defines, or an alias,
// which is the same type to the compiler, of one (type Set = set, type Set = list[int]) or of a
// type literal (type Member = struct{ ... }). A name the package does not declare, or declares as
// an alias of another package's named type, is an error that says so.
func declared(pkg *types.Package, name string) (types.Type, error) {
	tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return nil, errors.New("is missing")
	}
	t := types.Unalias(tn.Type())
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != pkg {
		return nil, fmt.Errorf("stands for %s, another package's type", types.TypeString(t, types.RelativeTo(pkg)))
	}
	return t, nil
}

// spelled returns a function that writes an API signature as signature writes the package's:
// each of the API's type names that the package declares as an alias (type Set = list[int])
// written as the type it stands for, as go/types writes it.
func spelled(pkg *types.Package, names []string) func(sig string) string {
	as := map[string]string{}
	for _, name := range names {
		if t, err := declared(pkg, name); err == nil {
			if s := types.TypeString(t, types.RelativeTo(pkg)); s != name {
				as[name] = s
			}
		}
	}
	return func(sig string) string {
		if len(as) == 0 {
			return sig
		}
		return identifier.ReplaceAllStringFunc(sig, func(w string) string {
			if s, ok := as[w]; ok {
				return s
			}
			return w
		})
	}
}

// identifier matches a Go identifier in a signature's text.
var identifier = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// methods lists the methods of a declared interface type in name order, without parameter
// names: "List() ([]string, error); Remove(string) error"; false when obj is not a declared
// interface type.
func methods(obj types.Object, qual types.Qualifier) (string, bool) {
	tn, ok := obj.(*types.TypeName)
	if !ok || tn.IsAlias() {
		return "missing", false
	}
	it, ok := tn.Type().Underlying().(*types.Interface)
	if !ok {
		return "not an interface: " + types.TypeString(tn.Type().Underlying(), qual), false
	}
	list := make([]string, it.NumMethods()) // go/types orders them by name
	for i := range it.NumMethods() {
		m := it.Method(i)
		list[i] = m.Name() + strings.TrimPrefix(signature(m.Type().(*types.Signature), qual), "func")
	}
	return strings.Join(list, "; "), true
}

// fields formats a struct type's fields in order, without tags: "Name string; Score float64";
// for another type, its underlying type.
func fields(t types.Type, qual types.Qualifier) string {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return "{} (it is " + types.TypeString(t.Underlying(), qual) + ", not a struct)"
	}
	parts := make([]string, st.NumFields())
	for i := range st.NumFields() {
		f := st.Field(i)
		parts[i] = f.Name() + " " + types.TypeString(unalias(f.Type()), qual)
	}
	return strings.Join(parts, "; ")
}

// unalias returns t with every alias in it replaced by the type it stands for: type Key = int
// makes func(Key) bool the type func(int) bool, which the API's text names.
func unalias(t types.Type) types.Type {
	switch t := t.(type) {
	case *types.Alias:
		return unalias(types.Unalias(t))
	case *types.Pointer:
		return types.NewPointer(unalias(t.Elem()))
	case *types.Slice:
		return types.NewSlice(unalias(t.Elem()))
	case *types.Array:
		return types.NewArray(unalias(t.Elem()), t.Len())
	case *types.Map:
		return types.NewMap(unalias(t.Key()), unalias(t.Elem()))
	case *types.Chan:
		return types.NewChan(t.Dir(), unalias(t.Elem()))
	case *types.Signature:
		tuple := func(tu *types.Tuple) *types.Tuple {
			vars := make([]*types.Var, tu.Len())
			for i := range tu.Len() {
				v := tu.At(i)
				vars[i] = types.NewParam(v.Pos(), v.Pkg(), v.Name(), unalias(v.Type()))
			}
			return types.NewTuple(vars...)
		}
		return types.NewSignatureType(nil, nil, nil, tuple(t.Params()), tuple(t.Results()), t.Variadic())
	case *types.Named:
		args := t.TypeArgs()
		if args.Len() == 0 {
			return t
		}
		list := make([]types.Type, args.Len())
		for i := range args.Len() {
			list[i] = unalias(args.At(i))
		}
		if inst, err := types.Instantiate(nil, t.Origin(), list, false); err == nil {
			return inst
		}
	}
	return t
}

// signature formats a signature without parameter names or receiver: "func(int) bool".
func signature(sig *types.Signature, qual types.Qualifier) string {
	list := func(t *types.Tuple, variadic bool) []string {
		out := make([]string, t.Len())
		for i := range t.Len() {
			typ := t.At(i).Type()
			if variadic && i == t.Len()-1 {
				out[i] = "..." + types.TypeString(unalias(typ.(*types.Slice).Elem()), qual)
				continue
			}
			out[i] = types.TypeString(unalias(typ), qual)
		}
		return out
	}
	return "func" + exercise.Signature(list(sig.Params(), sig.Variadic()), list(sig.Results(), false))
}
