package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"kata/cmd/kata/internal/progress"
	"kata/grader/exercise"
	"kata/grader/layout"
)

// findKit walks up from dir to the kit's root; not finding one is a usage error.
func findKit(dir string) (string, error) {
	k, err := layout.Find(dir)
	if err != nil {
		return "", usageErr("%v", err)
	}
	return k.Root, nil
}

// exitError carries the exit status a failure ends kata with.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usageErr is a usage error: one line on stderr, exit status 2.
func usageErr(format string, args ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, args...)}
}

// kit is the kit a command works in: its layout, and the folder of kata's own files.
type kit struct {
	layout.Kit
	stateDir string // kata's own files: the progress file and the backups
	streams  *Streams
}

// openKit finds the kit kata was started in.
func openKit(s *Streams) (*kit, error) {
	root, err := findKit(s.Dir)
	if err != nil {
		return nil, err
	}
	state := s.StateDir
	if state == "" {
		state = filepath.Join(root, ".kata")
	}
	return &kit{Kit: layout.Kit{Root: root}, stateDir: state, streams: s}, nil
}

// backupsDir is the folder of the backups that reset and restore make.
func (k *kit) backupsDir() string { return filepath.Join(k.stateDir, "backups") }

// store returns the progress file. A file it has to set aside is reported in one line on
// stderr.
func (k *kit) store() *progress.Store {
	return &progress.Store{
		Dir: k.stateDir,
		Now: k.streams.now,
		SetAside: func(movedTo string, reason error) {
			fmt.Fprintf(k.streams.Err, "kata: %s could not be read: %v; moved it to %s and started afresh (your code is untouched)\n",
				k.display(filepath.Join(k.stateDir, progress.FileName)), reason, filepath.Base(movedTo))
		},
	}
}

// progress returns the learner's progress. When it cannot be read, it says why in one line on
// stderr and returns a fresh progress: a broken progress file never stops a command.
func (k *kit) progress() *progress.State {
	st, err := k.store().Load()
	if err != nil {
		fmt.Fprintf(k.streams.Err, "kata: cannot read your progress: %s\n", oneLine(err.Error()))
		return progress.New()
	}
	return st
}

// update changes the learner's progress. When it cannot be written, it says so in one line on
// stderr, naming what was not recorded, and returns nil.
func (k *kit) update(what string, change func(*progress.State)) *progress.State {
	st, err := k.store().Update(change)
	if err != nil {
		fmt.Fprintf(k.streams.Err, "kata: cannot record %s: %s\n", what, oneLine(err.Error()))
		return nil
	}
	return st
}

// display shows a path as the learner would type it: relative to the folder kata started in
// when it lies inside it, absolute otherwise.
func (k *kit) display(path string) string {
	if rel, err := filepath.Rel(k.streams.Dir, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}

// displayDir shows a folder's path like display, with a separator at the end to say it is a
// folder.
func (k *kit) displayDir(path string) string { return k.display(path) + string(os.PathSeparator) }

// lookup finds the exercise called name (short name or slug); an unknown name is a usage
// error with the registry's suggestion.
func lookup(name string) (*exercise.Exercise, error) {
	e, err := exercise.Lookup(name)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return e, nil
}

// resolve makes a path given on the command line absolute, relative to the working folder wd.
func resolve(wd, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(wd, path)
}
