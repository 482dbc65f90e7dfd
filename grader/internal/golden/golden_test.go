package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps the errors a check reports.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errs = append(r.errs, format)
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "f.txt")
	for _, c := range []struct {
		reason string
		update bool
		made   string
		want   string // words of the error Check must report; "" none
	}{
		{"no file yet", false, "a\n", "go test -update writes"},
		{"-update writes it, folder and all", true, "a\n", ""},
		{"the file as made", false, "a\n", ""},
		{"made differs", false, "b\n", "differs from what"},
	} {
		*update = c.update
		r := &recorder{TB: t}
		ok := Check(r, path, []byte(c.made), "the test")
		switch {
		case c.want == "" && (!ok || len(r.errs) > 0):
			t.Errorf("%s: reported %q", c.reason, r.errs)
		case c.want != "" && (ok || len(r.errs) != 1 || !strings.Contains(r.errs[0], c.want)):
			t.Errorf("%s: ok %v, reported %q, want an error saying %q", c.reason, ok, r.errs, c.want)
		}
	}
	*update = false
	if got, err := os.ReadFile(path); err != nil || string(got) != "a\n" {
		t.Errorf("the file holds %q, %v; want what -update wrote", got, err)
	}
}
