package build

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// write makes the files of a package in dir, each given by its slash-separated path.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFiles checks which files of a folder Files lists: what a build may use, constraints
// aside, and the files the embed patterns match, but not the tests nor what nothing names.
func TestFiles(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"p.go":               "package p\n\nimport \"embed\"\n\n//go:embed table.txt all:static\nvar files embed.FS\n",
		"p_test.go":          "package p\n",
		"other.go":           "//go:build ignore\n\npackage p\n",
		"_scratch.go":        "package p\n",
		"add_amd64.s":        "// assembly\n",
		"add_riscv64.s":      "// assembly for another platform\n",
		"add.h":              "// a header\n",
		"table.txt":          "data\n",
		"static/a.txt":       "a\n",
		"static/sub/.b.txt":  "b\n",
		"notes.txt":          "named by no pattern\n",
		"unrelated/other.go": "package other\n",
	})
	files, err := Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		rel, err := filepath.Rel(dir, f)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, filepath.ToSlash(rel))
	}
	want := []string{"add.h", "add_amd64.s", "add_riscv64.s", "other.go", "p.go",
		"static/a.txt", "static/sub/.b.txt", "table.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("Files = %q, want %q", got, want)
	}

	only := t.TempDir()
	write(t, only, map[string]string{"p_test.go": "package p\n"})
	if _, err := Files(only); err == nil {
		t.Error("Files of a folder with only a test file: no error")
	}
}

// TestOverlayBuildsWhatTheGoCommandBuilds builds, through Place's copies in a virtual folder,
// a program that embeds a file and a folder and calls an assembly function (a Go one where the
// test has no assembly for the platform), and runs it: the judge must build such a package as
// the go command builds it in its own folder.
func TestOverlayBuildsWhatTheGoCommandBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"main.go": `package main

import (
	"embed"
	"fmt"
)

//go:embed greeting.txt
var greeting string

//go:embed words
var words embed.FS

func main() {
	word, err := words.ReadFile("words/deep/word.txt")
	if err != nil {
		panic(err)
	}
	fmt.Print(greeting, string(word), twice(21))
}
`,
		"twice_asm.go":   "//go:build amd64 || arm64\n\npackage main\n\nfunc twice(x int) int\n",
		"twice_other.go": "//go:build !amd64 && !arm64\n\npackage main\n\nfunc twice(x int) int { return 2 * x }\n",
		"twice_amd64.s": `#include "textflag.h"

TEXT ·twice(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), AX
	ADDQ AX, AX
	MOVQ AX, ret+8(FP)
	RET
`,
		"twice_arm64.s": `#include "textflag.h"

TEXT ·twice(SB), NOSPLIT, $0-16
	MOVD x+0(FP), R0
	ADD R0, R0, R0
	MOVD R0, ret+8(FP)
	RET
`,
		"greeting.txt":        "hello ",
		"words/deep/word.txt": "world ",
	})
	files, err := Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	// A virtual folder of its own for each run of the test (the random part of its temporary
	// folder's name), since Place makes it on disk for the assembly.
	virtual := VirtualDir(root, "buildtest"+strings.TrimPrefix(filepath.Base(filepath.Dir(dir)), t.Name()))
	t.Cleanup(func() { os.RemoveAll(virtual) })
	work := t.TempDir()
	replace, back := map[string]string{}, map[string]string{}
	if err := Place(replace, back, virtual, filepath.Join(work, "copies"), dir, files); err != nil {
		t.Fatal(err)
	}
	overlayFile, err := WriteOverlay(work, replace)
	if err != nil {
		t.Fatal(err)
	}
	binary := filepath.Join(work, "program.exe")
	cmd := exec.Command("go", "build", "-overlay", overlayFile, "-o", binary, "./"+filepath.ToSlash(mustRel(root, virtual)))
	cmd.Dir = root
	cmd.Env = Env("")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, MapPaths(string(out), root, "", back))
	}
	out, err := exec.Command(binary).CombinedOutput()
	if got, want := string(out), "hello world 42"; err != nil || got != want {
		t.Errorf("the program printed %q (%v), want %q", got, err, want)
	}
}

// TestSealFirst checks the file Build adds to the graded package so that the seal is initialized
// before it: in the graded package's own package (not that of a file its builds leave out),
// importing the seal, under a name none of the package's files has.
func TestSealFirst(t *testing.T) {
	learner, work := t.TempDir(), t.TempDir()
	write(t, learner, map[string]string{
		"a.go":         "//go:build ignore\n\npackage main\n", // a go:generate program: not the package's
		"b.go":         "package mine\n",
		"kata_seal.go": "package mine\n",
	})
	s := Spec{Root: "/kit", Exercise: "hashset", Learner: learner, Work: work}
	virtual := filepath.Join(VirtualDir(s.Root, s.Exercise), "learner")
	replace := map[string]string{filepath.Join(virtual, "kata_seal.go"): "taken"}
	if err := sealFirst(replace, s); err != nil {
		t.Fatal(err)
	}
	added := replace[filepath.Join(virtual, "kata_seal2.go")]
	if added == "" {
		t.Fatalf("no kata_seal2.go in the overlay: %v", replace)
	}
	src, err := os.ReadFile(added)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package mine\n", `import _ "kata/grader/internal/seal"`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the added file lacks %q:\n%s", want, src)
		}
	}
}
