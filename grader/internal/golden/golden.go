// Package golden keeps a checked-in file equal to what the code makes now, for tests: a test
// hands Check the file's path and what the code makes, and Check reports how the two differ,
// or, when the test runs with -update, rewrites the file. It owns the -update flag of every
// test binary that imports it, so that one flag rewrites all of a package's files. Only tests
// import it.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// update is -update: rewrite the files instead of comparing them.
var update = flag.Bool("update", false, "rewrite the checked-in files that the tests compare with what the code makes")

// Check compares the file at path with made, what by (the registry, the suites, …) makes now,
// and reports a missing file or a difference (-file +made) as an error of t that says how to
// rewrite it. With -update it writes made to path instead, making its folder. It returns
// whether the file holds made.
func Check(t testing.TB, path string, made []byte, by string) bool {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, made, 0o644); err != nil {
			t.Fatal(err)
		}
		return true
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v; go test -update writes what %s makes", err, by)
		return false
	}
	if diff := cmp.Diff(string(file), string(made)); diff != "" {
		t.Errorf("%s differs from what %s makes (-file +made); go test -update rewrites it:\n%s", path, by, diff)
		return false
	}
	return true
}
