package harness

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"kata/grader/internal/record"
)

// The environment variables that make this test binary a child process that runs one case of a
// test as the judge's child process would, with the watchdog on: the case's name, and the path
// of the record it writes.
const (
	childCase   = "KATA_TEST_CHILD_CASE"
	childRecord = "KATA_TEST_CHILD_RECORD"
)

// inChild runs case name of test in a child process, this test binary started again with that
// test alone, and returns the record the child wrote and its output; a child that wrote no
// record fails t.
func inChild(t *testing.T, test, name string) (*record.Log, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "record")
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), childCase+"="+name, childRecord+"="+path)
	out, _ := cmd.CombinedOutput()
	log, err := record.ReadFile(path, nil)
	if err != nil {
		t.Fatalf("no record: %v\n%s", err, out)
	}
	return log, out
}

// isChild reports whether this test binary is a child inChild started, after running the case
// it names with run: the test that calls it then returns at once.
func isChild(run func(name string)) bool {
	name := os.Getenv(childCase)
	if name != "" {
		run(name)
	}
	return name != ""
}

// runChild is the child's side: it runs a one-test suite whose test, "body", is body, with
// config (its nonce "local"), into the record inChild reads, then exits as the harness's Main
// does.
func runChild(body func(*T), config record.Config) {
	rec, err := record.Create(os.Getenv(childRecord), nil)
	if err != nil {
		os.Exit(3)
	}
	config.Nonce = "local"
	s := &Suite{Exercise: "toy", Tests: []Test{{Name: "body", Kind: Fixed, Run: body}}}
	Run(s, config, rec)
	rec.Close()
	os.Exit(0)
}
