package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestEveryCommandHasAnExample checks every command's --help, cobra's own commands included:
// it has an example, and fits 80 columns.
func TestEveryCommandHasAnExample(t *testing.T) {
	e := newEnv(t)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden {
			return
		}
		path := strings.Fields(c.CommandPath())[1:]
		t.Run(c.CommandPath(), func(t *testing.T) {
			if c.Example == "" {
				t.Errorf("%s has no example", c.CommandPath())
			}
			if code := e.run(append(path, "--help")...); code != 0 {
				t.Fatalf("exit %d: %s", code, e.err)
			}
			if !strings.Contains(e.out.String(), "Examples:") {
				t.Errorf("%s --help shows no example:\n%s", c.CommandPath(), e.out)
			}
			assertFits(t, c.CommandPath()+" --help", e.out.String())
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(e.streams))
}

// TestErrorsAreOneLine checks usage errors: one line on stderr starting "kata: ", nothing
// on stdout, exit status 2.
func TestErrorsAreOneLine(t *testing.T) {
	e := newEnv(t)
	for _, args := range [][]string{
		{"nosuch"},
		{"list", "extra"},
		{"--bogus"},
		{"run"},
		{"run", "hashset", "--seed", "x"},
		{"watch", "hashsett"},
		{"watch", "hashset", "--seed", "-1"},
		{"hint", "a", "b"},
		{"solution"},
		{"solution", "nosuch"},
		{"restore"},
	} {
		code := e.run(args...)
		stderr := e.err.String()
		if code != 2 || e.out.Len() != 0 || !strings.HasPrefix(stderr, "kata: ") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("kata %s: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr",
				strings.Join(args, " "), code, e.out, stderr)
		}
	}
}

// TestRunUsageErrors checks the mistakes kata run must answer with one clear line and exit 2:
// an unknown exercise (with the closest name), --impl at a missing folder, a bad seed, no Go
// toolchain, and a working folder outside any kit.
func TestRunUsageErrors(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "skiplsit"}, `did you mean "skiplist"`},
		{[]string{"run", "trie", "--impl", filepath.Join(t.TempDir(), "none")}, "does not exist"},
		{[]string{"run", "hashset", "--seed", "-3"}, "bad --seed"},
	} {
		code := e.run(tc.args...)
		stderr := e.err.String()
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("kata %s: exit %d, stderr %q; want exit 2 and one line saying %q",
				strings.Join(tc.args, " "), code, stderr, tc.want)
		}
	}

	e.streams.Dir = t.TempDir()
	if code := e.run("run", "hashset"); code != 2 || !strings.Contains(e.err.String(), "not inside a kata kit") {
		t.Errorf("outside a kit: exit %d, stderr %q", code, e.err)
	}
	e.streams.Dir = e.root
	t.Setenv("PATH", t.TempDir())
	if code := e.run("run", "hashset"); code != 2 || !strings.Contains(e.err.String(), "no Go toolchain") {
		t.Errorf("without go on PATH: exit %d, stderr %q", code, e.err)
	}
}

// TestRunImplWithAnotherAPI checks that --impl at a package with another API, or at another
// exercise's package, is graded compile_error as the same package in exercises/ is (exit 1 and
// one JSON document), not refused: kata grade's replay commands point --impl at such packages.
func TestRunImplWithAnotherAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("grades with the real judge: -short leaves that to TestSubmissions' one of each verdict")
	}
	e := newEnv(t)
	otherAPI := t.TempDir()
	os.WriteFile(filepath.Join(otherAPI, "skiplist.go"), []byte("package skiplist\n\ntype Skiplist struct{}\n\nfunc New() *Skiplist { return nil }\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "trie", "--impl", filepath.Join(e.root, "solutions", "hashset")}, "type Trie is missing"},
		{[]string{"run", "skiplist", "--impl", otherAPI}, "method Search is missing"},
	} {
		code := e.run(append(tc.args, "--json")...)
		var got struct{ Verdict, Message string }
		if err := json.Unmarshal(e.out.Bytes(), &got); err != nil {
			t.Fatalf("kata %s: stdout is not one JSON document: %v\n%s", strings.Join(tc.args, " "), err, e.out)
		}
		if code != 1 || got.Verdict != "compile_error" || !strings.Contains(got.Message, tc.want) {
			t.Errorf("kata %s: exit %d, %s %q; want exit 1, compile_error saying %q",
				strings.Join(tc.args, " "), code, got.Verdict, got.Message, tc.want)
		}
	}
}
