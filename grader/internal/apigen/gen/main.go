// Command gen writes the api_gen.go and api_gen_test.go of the suite package in the current
// folder from the registry's declaration of the exercise the package judges (see package
// apigen). Each suite's api_gen.go runs it through go generate; go test
// ./grader/internal/apigen -update rewrites every suite's, and creates the folder of a newly
// registered exercise.
package main

import (
	"fmt"
	"os"

	"kata/grader/exercise"
	"kata/grader/internal/apigen"
)

func main() {
	name := os.Getenv("GOPACKAGE")
	if name == "" {
		fmt.Fprintln(os.Stderr, "gen: run it through go generate in a suite package (GOPACKAGE is not set)")
		os.Exit(2)
	}
	if err := write(name); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// write writes both files of the exercise called name.
func write(name string) error {
	e, err := exercise.Lookup(name)
	if err != nil {
		return err
	}
	uses, err := apigen.Uses(".")
	if err != nil {
		return err
	}
	src, err := apigen.Generate(e, uses)
	if err != nil {
		return err
	}
	own, err := apigen.Own(".")
	if err != nil {
		return err
	}
	test, err := apigen.GenerateTest(e, own)
	if err != nil {
		return err
	}
	if err := os.WriteFile(apigen.FileName, src, 0o644); err != nil {
		return err
	}
	return os.WriteFile(apigen.TestFileName, test, 0o644)
}
