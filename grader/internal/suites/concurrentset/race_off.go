//go:build !race

package concurrentset

func raceErrors() int    { return 0 }
func raceReport() string { return "" }
