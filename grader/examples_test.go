package grader

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"kata/grader/exercise"
	"kata/grader/internal/build"
	"kata/grader/layout"
	"kata/grader/verdict"
)

// TestExamplesPassOnRightCode runs each stub's examples (exercises/NAME/NAME_test.go, the tests
// a learner runs first) on right code of other designs than the one they were written beside:
// the reference, and, with -grader.all-submissions (as .ci/run gives), every accepted submission
// under testdata/ but the hostile ones, whose init starts processes or floods the output, which
// only the judge's sandbox contains. An example that asks more than the contract fails a
// learner's right code before the judge ever sees it: the LSM tree's asked for exactly one file
// after Flush and after Compact, where the contract allows other files (a manifest, say).
func TestExamplesPassOnRightCode(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs every stub's examples on right code: -short leaves it out")
	}
	root := kitRoot(t)
	subs, err := Submissions(filepath.Join(root, "grader", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	replace, back := map[string]string{}, map[string]string{} // the overlay, and its folders' real ones
	var imports []string
	type program struct{ name, dir string } // a test program, and the folder its package comes from
	var programs []program
	for _, e := range exercise.All() {
		dirs := []string{filepath.Join(root, "solutions", e.Name)}
		for _, s := range subs {
			if *allSubmissions && s.Exercise == e && s.Expected == verdict.Accepted && !strings.HasPrefix(s.Name, "hostile-") {
				dirs = append(dirs, s.Dir)
			}
		}
		stub := filepath.Join(root, "exercises", e.Name)
		ready, err := build.Files(stub)
		if err != nil {
			t.Fatal(err)
		}
		ready = slices.DeleteFunc(ready, func(f string) bool { return !isReady(t, f) })
		for i, dir := range dirs {
			// The last element names the test program: one of its own for each package.
			pkg := e.Name + "-" + strconv.Itoa(i)
			virtual := filepath.Join(build.VirtualDir(root, e.Name), "examples", pkg)
			files, err := build.Files(dir)
			if err != nil {
				t.Fatal(err)
			}
			// The stub's examples, and its ready-to-use files (the LSM tree's Disks), which the
			// examples call and the judge's own tests do not need, where the package has no
			// file of that name.
			given := []string{filepath.Join(stub, e.Name+"_test.go")}
			for _, f := range ready {
				if !slices.ContainsFunc(files, func(g string) bool { return filepath.Base(g) == filepath.Base(f) }) {
					given = append(given, f)
				}
			}
			if err := build.Place(replace, back, virtual, filepath.Join(work, pkg, "stub"), stub, given); err != nil {
				t.Fatal(err)
			}
			if err := build.Place(replace, back, virtual, filepath.Join(work, pkg, "package"), dir, files); err != nil {
				t.Fatal(err)
			}
			imports = append(imports, layout.Module+"/grader/internal/virtual/"+e.Name+"/examples/"+pkg)
			programs = append(programs, program{pkg + ".test", dir})
		}
	}
	overlayFile, err := build.WriteOverlay(work, replace)
	if err != nil {
		t.Fatal(err)
	}
	real := func(out []byte) string { return build.MapPaths(string(out), root, "", back) }
	defer grading()()
	// go test builds in the package's folder, which is only in the overlay: build the test
	// programs, then run each in a folder of its own.
	bin := filepath.Join(work, "bin")
	cmd := exec.Command("go", append([]string{"test", "-c", "-vet=off", "-overlay", overlayFile, "-o", bin + string(filepath.Separator)}, imports...)...)
	cmd.Dir, cmd.Env = root, build.Env("")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the stubs' examples do not build on right code: %v\n%s", err, real(out))
	}
	for _, p := range programs {
		run := exec.Command(filepath.Join(bin, p.name), "-test.timeout=2m")
		run.Dir = t.TempDir()
		if out, err := run.CombinedOutput(); err != nil {
			t.Errorf("exercises' examples fail on %s: %v\n%s", p.dir, err, real(out))
		}
	}
}

// isReady reports whether the stub's file f is ready to use, not part of the exercise: its first
// line is //kata:ready.
func isReady(t *testing.T, f string) bool {
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	return strings.TrimSpace(first) == "//kata:ready"
}
