//go:build race && !unix

package concurrentset

import "runtime"

// raceChecked says whether the race detector watches this run.
const raceChecked = true

// raceErrors returns how many races the detector reported so far.
func raceErrors() int { return runtime.RaceErrors() }

// raceReport returns "": here the detector's reports go to the program's stderr.
func raceReport() string { return "" }
