package cli

import (
	"io"
	"os"

	"github.com/mattn/go-isatty"
)

// Streams are the command's input and outputs, and what is known about them. Tests use
// buffers; System uses the process's own.
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
func (s *Streams) colorOn(noColor bool) bool {
	return !noColor && s.Getenv("NO_COLOR") == "" && s.OutTerminal && s.Getenv("TERM") != "dumb"
}
