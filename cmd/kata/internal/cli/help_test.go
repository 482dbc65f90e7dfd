package cli

import (
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
