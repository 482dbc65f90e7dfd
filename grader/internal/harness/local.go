package harness

import (
	"os"
	"slices"

	"kata/grader/internal/record"
)

// Local runs some of a suite's tests (all when only is empty) in this process, without a
// watchdog, and returns the record. The suites' own unit tests use it to prove that each hidden
// test passes the reference and catches known-wrong implementations, without a build.
func Local(s *Suite, seed uint64, only ...string) (*record.Log, error) {
	f, err := os.CreateTemp("", "kata-record-")
	if err != nil {
		return nil, err
	}
	path := f.Name()
	f.Close()
	defer os.Remove(path)
	rec, err := record.Create(path, nil)
	if err != nil {
		return nil, err
	}
	sub := *s
	if len(only) > 0 {
		sub.Tests = slices.DeleteFunc(slices.Clone(s.Tests), func(t Test) bool { return !slices.Contains(only, t.Name) })
	}
	run(&sub, record.Config{Seed: seed, Nonce: "local"}, rec, true)
	if err := rec.Close(); err != nil {
		return nil, err
	}
	return record.ReadFile(path, nil)
}
