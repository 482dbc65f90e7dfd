//go:build !race

package concurrentset

// raceChecked says whether the race detector watches this run: not in a program built without it.
const raceChecked = false

func raceErrors() int    { return 0 }
func raceReport() string { return "" }
