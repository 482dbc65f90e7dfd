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
	os.Exit(cli.Main(os.Args[1:], cli.System()))
}
