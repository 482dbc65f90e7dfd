// Command kata is a practice kit for randomized and probabilistic data structures, built like
// an online judge: kata run NAME grades your package and says exactly what is wrong.
//
// Run kata --help, or see README.md.
package main

import (
	"os"

	"kata/cmd/kata/internal/cli"
)

func main() {
	os.Exit(run())
}

// run runs kata, with the go commands it starts keeping their scratch files in one folder of
// kata's own, removed when kata ends, Ctrl-C included: a go command stopped by Ctrl-C leaves
// its scratch folder behind.
func run() int {
	if tmp, err := os.MkdirTemp(os.Getenv("GOTMPDIR"), "kata-gotmp-"); err == nil {
		defer os.RemoveAll(tmp)
		os.Setenv("GOTMPDIR", tmp)
	}
	return cli.Main(os.Args[1:], cli.System())
}
