package cli

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"kata/cmd/kata/internal/progress"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ with the output the tests get")

// now is the tests' clock: noon on 2 January 2026, in UTC, which TestMain makes the local zone.
var now = time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC)

// testdata is this package's testdata folder, found before any test changes the working
// folder.
var testdata string

func TestMain(m *testing.M) {
	time.Local = time.UTC
	var err error
	if testdata, err = filepath.Abs("testdata"); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

// kitRoot is the real kit's root, four folders up; the tests only read it.
func kitRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// env is one test's world: streams with buffers, not terminals, no colour, the fixed clock,
// the kit's root (or a copy of it) as the working folder, and a temporary state folder.
type env struct {
	t        *testing.T
	streams  *Streams
	out, err *bytes.Buffer
	root     string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{t: t, out: &bytes.Buffer{}, err: &bytes.Buffer{}, root: kitRoot(t)}
	e.streams = &Streams{
		In: strings.NewReader(""), Out: e.out, Err: e.err,
		Getenv:   func(string) string { return "" },
		Dir:      e.root,
		StateDir: t.TempDir(),
		Now:      func() time.Time { return now },
	}
	return e
}

// run runs kata with args and returns its exit status; the output stays in e.out and e.err.
func (e *env) run(args ...string) int {
	e.t.Helper()
	e.out.Reset()
	e.err.Reset()
	return Main(args, e.streams)
}

// store is the test's progress file.
func (e *env) store() *progress.Store { return &progress.Store{Dir: e.streams.StateDir} }

// seed writes a progress into the state folder.
func (e *env) seed(change func(*progress.State)) {
	e.t.Helper()
	if _, err := e.store().Update(change); err != nil {
		e.t.Fatal(err)
	}
}

// progress reads the progress back.
func (e *env) progress() *progress.State {
	e.t.Helper()
	st, err := e.store().Load()
	if err != nil {
		e.t.Fatal(err)
	}
	return st
}

var (
	durationRE = regexp.MustCompile(`, \d+(\.\d+)?(ms|s|m\d+(\.\d+)?s)\)`)
	seedRE     = regexp.MustCompile(`--seed \d+`)
)

// transcript is a command's run as a golden file holds it: the command, its stdout, its
// stderr and its exit status, with the state folder, the kit's root, durations and drawn seeds
// normalised.
func (e *env) transcript(args []string, code int) string {
	var b strings.Builder
	b.WriteString(strings.TrimSpace("$ kata "+strings.Join(args, " ")) + "\n")
	b.WriteString(e.out.String())
	if e.err.Len() > 0 {
		b.WriteString("--- stderr\n" + e.err.String())
	}
	b.WriteString("--- exit " + strconv.Itoa(code) + "\n")
	s := b.String()
	s = strings.ReplaceAll(s, e.streams.StateDir, "$STATE")
	s = strings.ReplaceAll(s, e.root, "$KIT")
	s = durationRE.ReplaceAllString(s, ", 1.0s)")
	if !strings.Contains(strings.Join(args, " "), "--seed") {
		s = seedRE.ReplaceAllString(s, "--seed N")
	}
	return s
}

// golden runs kata with args and compares the transcript with testdata/NAME.golden, or
// rewrites that file with -update. It returns the exit status.
func (e *env) golden(name string, args ...string) int {
	e.t.Helper()
	code := e.run(args...)
	checkGolden(e.t, name, e.transcript(args, code))
	return code
}

// checkGolden compares got with testdata/NAME.golden, or rewrites that file with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(testdata, name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the tests with -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("the output differs from %s (run with -update to accept it)\n--- got:\n%s--- want:\n%s",
			path, got, want)
	}
}

// assertFits checks that every line of s fits 80 columns.
func assertFits(t *testing.T, what, s string) {
	t.Helper()
	for _, line := range strings.Split(s, "\n") {
		if n := visibleLen(line); n > termWidth {
			t.Errorf("%s: a line of %d columns, over %d:\n%s", what, n, termWidth, line)
		}
	}
}
