// Command gen writes the api_gen.go of the suite package in the current folder from the
// registry's declaration of the exercise the package judges (see package apigen). Each suite's
// api_gen.go runs it through go generate; go test ./grader/internal/apigen -update rewrites
// every suite's, and creates the folder of a newly registered exercise.
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
	e, err := exercise.Lookup(name)
	var src []byte
	if err == nil {
		src, err = apigen.Generate(e)
	}
	if err == nil {
		err = os.WriteFile(apigen.FileName, src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
