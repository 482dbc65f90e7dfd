package build

import (
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
)

// raceTargets are the platforms Go's race detector supports (go help build, -race).
var raceTargets = []string{
	"linux/amd64", "linux/arm64", "linux/ppc64le", "linux/s390x", "linux/loong64",
	"freebsd/amd64", "netbsd/amd64", "darwin/amd64", "darwin/arm64", "windows/amd64",
}

// RaceUnavailable says why the test program cannot be built with Go's race detector on this
// machine, or returns "" when it can: the detector needs cgo, so a C compiler (the CC the go
// command would use, gcc or clang by default), on a platform it supports.
func RaceUnavailable() string {
	target := runtime.GOOS + "/" + runtime.GOARCH
	if !slices.Contains(raceTargets, target) {
		return "Go's race detector does not support " + target
	}
	cc := strings.Fields(os.Getenv("CC"))
	if len(cc) == 0 {
		for _, c := range []string{"gcc", "clang"} {
			if _, err := exec.LookPath(c); err == nil {
				return ""
			}
		}
		return "Go's race detector needs cgo and a C compiler, and neither gcc nor clang is installed"
	}
	if _, err := exec.LookPath(cc[0]); err != nil {
		return "Go's race detector needs cgo and a C compiler, and CC (" + cc[0] + ") is not installed"
	}
	return ""
}

// raceEnv turns cgo on in env, the go command's environment from Env, for a build with the
// race detector.
func raceEnv(env []string) []string {
	env = slices.DeleteFunc(slices.Clone(env), func(kv string) bool { return strings.HasPrefix(kv, "CGO_ENABLED=") })
	return append(env, "CGO_ENABLED=1")
}
