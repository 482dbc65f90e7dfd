package cli

import (
	"context"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"

	"kata/grader"
	"kata/grader/result"
)

// Streams are what a command takes from the world around it: its input and outputs and what
// is known about them, the environment, the working and state folders, the clock and the
// judge. Tests use buffers, temporary folders, a fixed clock and, where they need one, a fake
// judge; System uses the process's own.
type Streams struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// OutTerminal and ErrTerminal say whether stdout and stderr are terminals; InTerminal
	// whether stdin is one (a person can answer a question).
	OutTerminal, ErrTerminal, InTerminal bool
	// Getenv reads the environment.
	Getenv func(string) string
	// Dir is the working directory kata starts from.
	Dir string
	// StateDir is the folder of kata's own files: the progress file and the backups. Empty
	// means .kata in the kit's root.
	StateDir string
	// NoColor is set by --no-color, a flag of every command: never colour stdout.
	NoColor bool
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Judge grades a package; grader.Judge when nil.
	Judge func(context.Context, grader.Request) (*result.Result, error)
}

// System returns the process's own streams.
func System() *Streams {
	dir, _ := os.Getwd()
	return &Streams{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
		OutTerminal: terminal(os.Stdout), ErrTerminal: terminal(os.Stderr), InTerminal: terminal(os.Stdin),
		Getenv: os.Getenv,
		Dir:    dir,
	}
}

func terminal(f *os.File) bool {
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// colorOn decides whether to colour stdout: never with --no-color, when NO_COLOR is set to
// anything, or when stdout is not a terminal.
func (s *Streams) colorOn() bool {
	return !s.NoColor && s.Getenv("NO_COLOR") == "" && s.OutTerminal && s.Getenv("TERM") != "dumb"
}

// now returns the time on the streams' clock.
func (s *Streams) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// judge grades a package with the streams' judge.
func (s *Streams) judge(ctx context.Context, r grader.Request) (*result.Result, error) {
	if s.Judge != nil {
		return s.Judge(ctx, r)
	}
	return grader.Judge(ctx, r)
}

// animate reports whether a spinner may show on stderr: only when both stderr and stdout are
// terminals (not when the output is piped), and the terminal is not a dumb one.
func (s *Streams) animate() bool {
	return s.ErrTerminal && s.OutTerminal && s.Getenv("TERM") != "dumb"
}
