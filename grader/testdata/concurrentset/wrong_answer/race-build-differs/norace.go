//go:build !race

package concurrentset

func init() { lie = true }
