//go:build ignore

// A generator kept beside the package, run by hand or by go generate; no build of the package
// includes it.
package main

func main() {}
