package cli

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// findKit walks up from dir to the kit's root: the folder whose go.mod declares module kata and
// that holds grader/.
func findKit(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if isKit(d) {
			return d, nil
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return "", usageErr("not inside a kata kit: no go.mod of module kata above %s (cd into your copy of the kit)", abs)
}

// isKit reports whether dir is a kit's root.
func isKit(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 2 && fields[0] == "module" {
			if fields[1] != "kata" {
				return false
			}
			info, err := os.Stat(filepath.Join(dir, "grader"))
			return err == nil && info.IsDir()
		}
	}
	return false
}

// exitError carries the exit status a failure ends kata with.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usageErr is a usage error: one line on stderr, exit status 2.
func usageErr(format string, args ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, args...)}
}
