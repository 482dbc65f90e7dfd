package progress

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"
)

// The files in the state folder.
const (
	FileName = "state.json" // the progress
	lockName = "state.lock" // held while state.json is read or written; never removed
	tempName = "state.json.tmp"
)

// LockTimeout is how long a Store waits for another kata process to release the lock before
// it gives up.
const LockTimeout = 10 * time.Second

// ErrLocked is returned when the lock stayed held by another process for LockTimeout.
var ErrLocked = errors.New("another kata process is holding the progress file's lock")

// Store reads and writes the progress file in one state folder.
type Store struct {
	// Dir is the state folder: the kit's .kata, unless a test says otherwise.
	Dir string
	// Now is the clock that names a set-aside file; time.Now when nil.
	Now func() time.Time
	// SetAside, when not nil, is told that a state file kata cannot read was moved aside: the
	// path it was moved to and why it could not be read. A fresh progress replaces it.
	SetAside func(movedTo string, reason error)
}

// Path returns the progress file's path.
func (s *Store) Path() string { return filepath.Join(s.Dir, FileName) }

// Load returns the progress. With no state folder or no file yet, it is a fresh progress, and
// nothing is written.
func (s *Store) Load() (*State, error) {
	if _, err := os.Stat(s.Path()); errors.Is(err, fs.ErrNotExist) {
		return New(), nil
	}
	var st *State
	err := s.locked(func() error {
		var err error
		st, err = s.read()
		return err
	})
	return st, err
}

// Update reads the progress, lets change alter it, and writes it back, holding the lock the
// whole time so that no other kata process's update comes between the read and the write. It
// returns the progress as written.
func (s *Store) Update(change func(*State)) (*State, error) {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return nil, err
	}
	var st *State
	err := s.locked(func() error {
		var err error
		if st, err = s.read(); err != nil {
			return err
		}
		change(st)
		return s.write(st)
	})
	return st, err
}

// read reads the progress file; the caller holds the lock. A file kata cannot read is moved
// aside, and a fresh progress returned.
func (s *Store) read() (*State, error) {
	data, err := os.ReadFile(s.Path())
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return New(), nil
	case err != nil:
		return nil, err
	}
	st, reason := decode(data)
	if reason == nil {
		return st, nil
	}
	moved, err := s.moveAside()
	if err != nil {
		return nil, fmt.Errorf("%s cannot be read (%v) nor moved aside: %w", s.Path(), reason, err)
	}
	if s.SetAside != nil {
		s.SetAside(moved, reason)
	}
	return New(), nil
}

// decode parses a progress file and checks that it is one.
func decode(data []byte) (*State, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("it is empty")
	}
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) {
			return nil, fmt.Errorf("it is not valid JSON (%v at byte %d)", syntax, syntax.Offset)
		}
		return nil, fmt.Errorf("it is not a kata progress file: %v", err)
	}
	if err := st.check(); err != nil {
		return nil, err
	}
	if st.Exercises == nil {
		st.Exercises = map[string]*Progress{}
	}
	return &st, nil
}

// moveAside renames the progress file to state.json.corrupt-TIMESTAMP, with a number after it
// if that name is taken, and returns the new path.
func (s *Store) moveAside() (string, error) {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	base := s.Path() + ".corrupt-" + now().Format("20060102-150405")
	to := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(to); errors.Is(err, fs.ErrNotExist) {
			break
		}
		to = fmt.Sprintf("%s-%d", base, i)
	}
	return to, os.Rename(s.Path(), to)
}

// write replaces the progress file with st in one step: the new content goes to a temporary
// file in the same folder, which is then renamed over the old file. The caller holds the lock,
// so the temporary file's fixed name is never used by two writers at once.
func (s *Store) write(st *State) error {
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	tmp := filepath.Join(s.Dir, tempName)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, s.Path())
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// locked runs fn holding the state folder's lock, waiting up to LockTimeout for it.
func (s *Store) locked(fn func() error) error {
	f, err := os.OpenFile(filepath.Join(s.Dir, lockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	deadline := time.Now().Add(LockTimeout)
	for {
		ok, err := tryLock(f)
		if err != nil {
			return fmt.Errorf("cannot lock %s: %w", f.Name(), err)
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w (%s)", ErrLocked, f.Name())
		}
		// Back off a little, at random, so that waiting processes do not wake in step.
		time.Sleep(time.Millisecond + rand.N(10*time.Millisecond))
	}
	defer unlock(f)
	return fn()
}
