// Package build compiles a graded package together with an exercise's reference solution and
// hidden tests into one test program, without writing a byte into the graded package's folder.
//
// The graded package may live anywhere on disk. Copies of the files its build uses (see Files:
// not its _test.go files, which neither help nor hurt the verdict), made in the run's scratch
// folder (see Overlay), are mapped with `go build -overlay` into a virtual folder inside the
// kit's module, grader/internal/virtual/NAME/learner, that exists on disk only as an empty
// folder, and only for a package with assembly (see AssemblyFolder); the reference goes to
// .../reference and a generated main to .../main. The go command's build cache keys on the
// virtual folder and the files' contents, so a package that did not change is not compiled again.
package build

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	gobuild "go/build"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"text/template"
	"time"

	"kata/grader/layout"
	"kata/grader/result"
)

// VirtualDir is where, inside the kit, the overlay puts an exercise's packages.
func VirtualDir(root, exercise string) string {
	return filepath.Join(root, "grader", "internal", "virtual", exercise)
}

// LearnerImport is the import path under which the graded package is built.
func LearnerImport(exercise string) string {
	return layout.Module + "/grader/internal/virtual/" + exercise + "/learner"
}

// ReferenceImport is the import path under which the reference is built.
func ReferenceImport(exercise string) string {
	return layout.Module + "/grader/internal/virtual/" + exercise + "/reference"
}

// Spec says what to build.
type Spec struct {
	Root      string // the kit's root, holding go.mod
	Exercise  string // "skiplist"
	Learner   string // folder of the graded package
	Base      string // the folder messages show paths relative to (see Display)
	Reference string // folder of the reference solution
	Suite     string // import path of the exercise's suite
	// Binding is the Go expression building the suite's API from a package, as a
	// text/template whose dot is the package's name: "suite.API{New: {{.}}.New}".
	Binding string
	Work    string // a scratch folder for the overlay, the generated main and the binary
	// GoTmp, if set, is where the go command keeps its scratch files.
	GoTmp string
	// Output, if set, is where the test program goes instead of Work: a stable path lets the
	// go command see that the program is up to date and skip linking it again.
	Output string
	// Race asks for Go's race detector, where RaceUnavailable finds nothing in its way.
	Race bool
}

// Result is a finished build.
type Result struct {
	Binary string            // the test program, when the build succeeded
	Failed bool              // the build failed
	Errors []result.Location // the compiler's messages, paths mapped back to the real files
	// InLearner is set when the messages are about the graded package; otherwise the
	// reference or the generated main did not build, which is the kit's fault.
	InLearner bool
	// NamesLearner is set when the messages name a symbol of the graded package: the linker's,
	// which have no position.
	NamesLearner bool
	Output       string // the go command's output, paths mapped back
}

// Files lists the files of the package in dir that the go command may use to build it, as
// go/build finds them: its Go files but the tests, its other sources (assembly, C and headers,
// .syso objects), and the files its //go:embed patterns match, in subfolders too. Files that
// build constraints leave out here are listed as well: the go command picks among the copies as
// it picks among the originals, and its choice, not this one, is the one that counts. It is an
// error for dir to hold no Go file but tests.
func Files(dir string) ([]string, error) {
	ctxt := gobuild.Default
	ctxt.CgoEnabled = false // as Env builds
	// The error is the go command's to report, in its own words: a package clause that differs,
	// a file that does not parse. The lists hold every file all the same.
	p, _ := ctxt.ImportDir(dir, 0)
	var names []string
	for _, list := range [][]string{p.GoFiles, p.CgoFiles, p.IgnoredGoFiles, p.InvalidGoFiles} {
		for _, name := range list {
			if !strings.HasSuffix(name, "_test.go") {
				names = append(names, name)
			}
		}
	}
	if len(names) == 0 {
		if _, err := os.Stat(dir); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%s holds no Go files", dir)
	}
	for _, list := range [][]string{p.SFiles, p.HFiles, p.CFiles, p.CXXFiles, p.MFiles, p.FFiles,
		p.SwigFiles, p.SwigCXXFiles, p.SysoFiles, p.IgnoredOtherFiles} {
		names = append(names, list...)
	}
	names = append(names, embedded(dir, p.EmbedPatterns)...)
	slices.Sort(names)
	names = slices.Compact(names)
	files := make([]string, len(names))
	for i, name := range names {
		files[i] = filepath.Join(dir, filepath.FromSlash(name))
	}
	return files, nil
}

// embedded lists, as slash-separated paths relative to dir, the regular files that the
// //go:embed patterns of the package in dir match, and every regular file below a folder they
// match. The go command applies its own rules to the copies (files named with a leading dot or
// underscore, other modules, symbolic links); a pattern it rejects is left for it to name.
func embedded(dir string, patterns []string) []string {
	fsys := os.DirFS(dir)
	var names []string
	for _, pattern := range patterns {
		matches, err := fs.Glob(fsys, strings.TrimPrefix(pattern, "all:"))
		if err != nil {
			continue
		}
		for _, m := range matches {
			// Lstat, not the walk's Stat: the go command refuses to embed a symbolic link,
			// and a copy of its target would build where the original does not.
			info, err := fs.Lstat(fsys, m)
			if err != nil {
				continue // gone since the glob: the go command will say so
			}
			switch {
			case info.Mode().IsRegular():
				names = append(names, m)
			case info.IsDir():
				fs.WalkDir(fsys, m, func(name string, d fs.DirEntry, err error) error {
					if err == nil && d.Type().IsRegular() {
						names = append(names, name)
					}
					return nil // an unreadable folder is the go command's to report
				})
			}
		}
	}
	return names
}

// Overlay maps the virtual files of an exercise to copies of the real ones, made in scratch. It
// returns the overlay and the mapping from virtual folders and copies back to the real folders,
// for messages.
//
// The copies are what keeps each build's packages its own. The go command's module index keeps
// a package's imports under its files' names, sizes and times, and with an overlay those are
// the replacement files': two graded files of one size and one time (a class's submissions
// unpacked from one archive, or two files of a fresh clone) shared an entry, and the second was
// compiled with the first one's imports ("could not import math"). The go command indexes no
// package with a file younger than two seconds, and a copy is made just before its build.
func Overlay(root, exercise, learner, reference, scratch string) (map[string]string, map[string]string, error) {
	replace := map[string]string{}
	back := map[string]string{}
	for _, p := range []struct{ sub, dir string }{{"learner", learner}, {"reference", reference}} {
		files, err := Files(p.dir)
		if err != nil {
			return nil, nil, err
		}
		virtual := filepath.Join(VirtualDir(root, exercise), p.sub)
		if err := Place(replace, back, virtual, filepath.Join(scratch, p.sub), p.dir, files); err != nil {
			return nil, nil, err
		}
	}
	return replace, back, nil
}

// WriteOverlay writes replace, virtual files mapped to real ones, as the go command's -overlay
// file overlay.json in dir, and returns its path.
func WriteOverlay(dir string, replace map[string]string) (string, error) {
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "overlay.json")
	return path, os.WriteFile(path, data, 0o600)
}

// AssemblyFolder makes the virtual folder of a package whose files hold assembly on disk,
// empty: the go command runs the assembler in the package's folder, which an overlay cannot
// make, and go list names the assembly of a folder that exists only in an overlay nowhere, so
// that its functions look bodiless to a type-checker.
func AssemblyFolder(virtual string, files []string) error {
	if !slices.ContainsFunc(files, func(f string) bool { return filepath.Ext(f) == ".s" }) {
		return nil
	}
	return os.MkdirAll(virtual, 0o755)
}

// Place adds files, which lie in the folder dir or below it, to the overlay replace as files of
// the virtual folder virtual, each through a copy made in the folder copies (Overlay says why),
// and maps both folders back to dir in back, for messages.
func Place(replace, back map[string]string, virtual, copies, dir string, files []string) error {
	if err := os.MkdirAll(copies, 0o700); err != nil {
		return err
	}
	for _, f := range files {
		rel, err := filepath.Rel(dir, f)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		copied := filepath.Join(copies, rel)
		if err := os.MkdirAll(filepath.Dir(copied), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(copied, data, 0o600); err != nil {
			return err
		}
		replace[filepath.Join(virtual, rel)] = copied
	}
	if err := AssemblyFolder(virtual, files); err != nil {
		return err
	}
	back[virtual] = dir
	back[copies] = dir
	return nil
}

var mainTemplate = template.Must(template.New("main").Parse(`// Code generated by kata for one test run; DO NOT EDIT.

package main

import (
	harness "kata/grader/internal/harness"
	P "{{.Learner}}"
	R "{{.Reference}}"
	suite "{{.Suite}}"
)

func main() {
	harness.Main(suite.Suite({{.LearnerAPI}}, {{.ReferenceAPI}}))
}
`))

// Bind returns the Go expression that builds a suite's API from the package named pkg in the
// generated main, from the suite's binding template.
func Bind(binding, pkg string) (string, error) {
	t, err := template.New("binding").Option("missingkey=error").Parse(binding)
	if err != nil {
		return "", fmt.Errorf("the suite's binding: %w", err)
	}
	var expr strings.Builder
	if err := t.Execute(&expr, pkg); err != nil {
		return "", fmt.Errorf("the suite's binding: %w", err)
	}
	return expr.String(), nil
}

// Build compiles the test program. A compile error in any package is a Result with Failed set;
// an error return means the go command itself could not run.
func Build(ctx context.Context, s Spec) (*Result, error) {
	replace, back, err := Overlay(s.Root, s.Exercise, s.Learner, s.Reference, s.Work)
	if err != nil {
		return nil, err
	}
	learnerAPI, err := Bind(s.Binding, "P")
	if err != nil {
		return nil, err
	}
	referenceAPI, err := Bind(s.Binding, "R")
	if err != nil {
		return nil, err
	}
	var src bytes.Buffer
	err = mainTemplate.Execute(&src, map[string]string{
		"Learner":      LearnerImport(s.Exercise),
		"Reference":    ReferenceImport(s.Exercise),
		"Suite":        s.Suite,
		"LearnerAPI":   learnerAPI,
		"ReferenceAPI": referenceAPI,
	})
	if err != nil {
		return nil, err
	}
	if err := sealFirst(replace, s); err != nil {
		return nil, err
	}
	mainFile := filepath.Join(s.Work, "main.go")
	if err := os.WriteFile(mainFile, src.Bytes(), 0o600); err != nil {
		return nil, err
	}
	mainDir := filepath.Join(VirtualDir(s.Root, s.Exercise), "main")
	replace[filepath.Join(mainDir, "main.go")] = mainFile
	overlayFile, err := WriteOverlay(s.Work, replace)
	if err != nil {
		return nil, err
	}
	binary := s.Output
	if binary == "" {
		binary = filepath.Join(s.Work, "kata-tests")
		if runtime.GOOS == "windows" {
			binary += ".exe"
		}
	}
	// -w leaves out the DWARF tables, a sixth of the build's time, and -s the symbol table:
	// nothing of the kit's reads them (panics and the race detector name functions from the
	// runtime's own tables), and without the symbol table graded code cannot look up where the
	// seal keeps the run's key in /proc/self/exe.
	args := []string{"build", "-ldflags=-s -w", "-overlay", overlayFile, "-o", binary}
	env := Env(s.GoTmp)
	if s.Race && RaceUnavailable() == "" {
		args = append(args, "-race")
		env = raceEnv(env)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, "./"+filepath.ToSlash(mustRel(s.Root, mainDir)))...)
	cmd.Dir = s.Root
	cmd.Env = env
	Interruptible(cmd)
	out, err := afterFirst(ctx, firstKind{s.Exercise, s.Race && RaceUnavailable() == ""}, cmd.CombinedOutput)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		if _, isExit := err.(*exec.ExitError); !isExit {
			return nil, fmt.Errorf("cannot run the go command: %w", err)
		}
		text := MapPaths(string(out), s.Root, s.Base, back)
		return &Result{
			Failed:       true,
			Errors:       parseErrors(text),
			InLearner:    strings.Contains(string(out), "# "+LearnerImport(s.Exercise)),
			NamesLearner: strings.Contains(string(out), LearnerImport(s.Exercise)+"."),
			Output:       text,
		}, nil
	}
	return &Result{Binary: binary}, nil
}

// sealImport is the import path of package seal, which reads the run's key.
const sealImport = layout.Module + "/grader/internal/seal"

// sealFirst adds to the overlay replace a file of the graded package that imports package seal,
// written in s.Work, so that Go initializes the seal, which takes the run's key off standard
// input, before the graded package. Without it a graded package that imports nothing comes
// first (Go initializes the packages whose imports are ready in the order of their paths, and
// the seal waits for syscall) and can read the key in assembly before the seal does.
func sealFirst(replace map[string]string, s Spec) error {
	name := packageName(s.Learner)
	if name == "" {
		return nil // with no package clause to read, the build fails on the graded files
	}
	virtual := filepath.Join(VirtualDir(s.Root, s.Exercise), "learner")
	file := filepath.Join(virtual, "kata_seal.go")
	for i := 2; replace[file] != ""; i++ { // never one of the graded package's own
		file = filepath.Join(virtual, fmt.Sprintf("kata_seal%d.go", i))
	}
	src := fmt.Sprintf("// Code generated by kata for one test run; DO NOT EDIT.\n\npackage %s\n\nimport _ %q\n",
		name, sealImport)
	copied := filepath.Join(s.Work, "seal.go")
	replace[file] = copied
	return os.WriteFile(copied, []byte(src), 0o600)
}

// packageName is the name of the package in dir as a build sees it (files that build
// constraints leave out, such as a go:generate program's "package main" under //go:build ignore,
// do not count), or "" when none of its files says: the go command then names the fault.
func packageName(dir string) string {
	ctxt := gobuild.Default
	ctxt.CgoEnabled = true // files that need cgo count: the race detector's build has it
	p, _ := ctxt.ImportDir(dir, 0)
	return p.Name
}

// Interruptible makes a cancelled go command stop the way Ctrl-C stops it, so it removes its
// own scratch files, and kills it only if it has not stopped within a few seconds.
func Interruptible(cmd *exec.Cmd) {
	cmd.Cancel = func() error {
		if runtime.GOOS == "windows" {
			return cmd.Process.Kill() // no interrupt signal to send
		}
		return cmd.Process.Signal(os.Interrupt)
	}
	cmd.WaitDelay = 5 * time.Second
}

// Env is the environment for the go command: the user's, without what would change the build
// (a go.work above the kit, GOFLAGS) and without cgo, so no C toolchain runs for the learner.
// It never asks git for the state of the repository the kit is in (-buildvcs=false): the
// judge's programs need no stamp, and where git cannot read the checkout (another user's, or a
// broken .git) every build would fail. The go command keeps its scratch files in goTmp when it
// is set: a go command stopped by Ctrl-C leaves them behind, so the judge gives it a folder it
// removes itself.
func Env(goTmp string) []string {
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "GOFLAGS=") || strings.HasPrefix(kv, "GOWORK=") ||
			strings.HasPrefix(kv, "CGO_ENABLED=") || strings.HasPrefix(kv, "GOOS=") ||
			strings.HasPrefix(kv, "GOARCH=") || goTmp != "" && strings.HasPrefix(kv, "GOTMPDIR=")
	})
	env = append(env, "GOWORK=off", "CGO_ENABLED=0", "GOFLAGS=-mod=readonly -buildvcs=false")
	if goTmp != "" {
		env = append(env, "GOTMPDIR="+goTmp)
	}
	return env
}

func mustRel(base, target string) string {
	rel, err := filepath.Rel(base, target)
	if err != nil {
		return target
	}
	return rel
}

// MapPaths rewrites virtual paths in text (absolute, or relative to the kit's root) to the real
// folders they stand for, as a person would write them: relative to base when below it (see
// Display).
func MapPaths(text, root, base string, back map[string]string) string {
	// Longest virtual folders first, so no folder is rewritten inside another.
	virtuals := make([]string, 0, len(back))
	for v := range back {
		virtuals = append(virtuals, v)
	}
	slices.SortFunc(virtuals, func(a, b string) int { return len(b) - len(a) })
	for _, v := range virtuals {
		real := Display(base, back[v])
		text = strings.ReplaceAll(text, v+string(filepath.Separator), real+string(filepath.Separator))
		if rel, err := filepath.Rel(root, v); err == nil {
			text = strings.ReplaceAll(text, rel+string(filepath.Separator), real+string(filepath.Separator))
			text = strings.ReplaceAll(text, "./"+filepath.ToSlash(rel)+"/", real+"/")
		}
	}
	return text
}

// Display shortens a path for messages: relative to base (the folder the user works in) when it
// lies below it, absolute otherwise; as given when base is empty.
func Display(base, path string) string {
	if base == "" {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(base, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return abs
}
