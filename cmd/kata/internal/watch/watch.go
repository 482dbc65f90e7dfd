// Package watch re-runs a job each time the files of a folder change, as kata watch re-grades
// an exercise each time the learner saves.
//
// Editors write a file in bursts (truncate, write, rename a backup, write again), so a change
// starts a run only once the folder has stayed quiet for a moment. Runs never overlap: a change
// during a run asks for exactly one more run, after it.
package watch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// DefaultQuiet is how long a folder must stay quiet after a change before a run starts: long
// enough to cover an editor's burst of writes for one save, short enough to feel immediate.
const DefaultQuiet = 200 * time.Millisecond

// retryWatch is how often a folder that went away (deleted, or replaced by a new one) is
// looked for again.
const retryWatch = 500 * time.Millisecond

// Config says what to watch and what to run.
type Config struct {
	// Dir is the folder to watch; its subfolders are not watched.
	Dir string
	// Match says which file names count (the base name of the file that changed); every file
	// counts when it is nil.
	Match func(name string) bool
	// Quiet is how long the folder must stay quiet after a change before a run starts;
	// DefaultQuiet when zero.
	Quiet time.Duration
	// Run is one run. Its context is cancelled when watching stops; Watch waits for it to
	// return.
	Run func(ctx context.Context)
}

// GoSource reports whether a file name is one the go tool builds or tests: it ends in .go and
// does not start with "." or "_" (editors' lock and swap files often do).
func GoSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_")
}

// Watch runs cfg.Run once, then again each time a matching file in cfg.Dir is written,
// created, removed or renamed and the folder has then stayed quiet for cfg.Quiet. A change
// during a run leads to exactly one more run once it ends, however many changes came. Watch
// returns nil when ctx is done, after the run in progress, whose context it cancels, has
// returned; or an error if the folder cannot be watched.
func Watch(ctx context.Context, cfg Config) error {
	if cfg.Quiet <= 0 {
		cfg.Quiet = DefaultQuiet
	}
	dir := filepath.Clean(cfg.Dir)
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	if err := w.Add(dir); err != nil {
		return err
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan struct{})
	running, again := false, false
	start := func() {
		running = true
		go func() {
			defer func() { done <- struct{}{} }()
			cfg.Run(runCtx)
		}()
	}
	stop := func(err error) error {
		cancel()
		if running {
			<-done
		}
		return err
	}

	quiet := time.NewTimer(cfg.Quiet)
	quiet.Stop()
	var retry <-chan time.Time // ticks while the folder is gone
	var retryTicker *time.Ticker
	defer func() {
		if retryTicker != nil {
			retryTicker.Stop()
		}
	}()

	start()
	for {
		select {
		case <-ctx.Done():
			return stop(nil)
		case ev, ok := <-w.Events:
			if !ok {
				return stop(errors.New("the file watcher stopped"))
			}
			if filepath.Clean(ev.Name) == dir && ev.Has(fsnotify.Remove|fsnotify.Rename) && retry == nil {
				retryTicker = time.NewTicker(retryWatch)
				retry = retryTicker.C
			}
			if relevant(ev, cfg.Match) {
				quiet.Reset(cfg.Quiet)
			}
		case err, ok := <-w.Errors:
			if !ok {
				return stop(errors.New("the file watcher stopped"))
			}
			if !errors.Is(err, fsnotify.ErrEventOverflow) {
				return stop(err)
			}
			quiet.Reset(cfg.Quiet) // events were lost: assume a change
		case <-retry:
			if info, err := os.Stat(dir); err == nil && info.IsDir() {
				_ = w.Remove(dir) // a watch on the old folder, where one is kept
				if w.Add(dir) == nil {
					retryTicker.Stop()
					retryTicker, retry = nil, nil
					quiet.Reset(cfg.Quiet)
				}
			}
		case <-quiet.C:
			if running {
				again = true
			} else {
				start()
			}
		case <-done:
			running = false
			if again {
				again = false
				start()
			}
		}
	}
}

// relevant reports whether ev changes a file that counts.
func relevant(ev fsnotify.Event, match func(string) bool) bool {
	if !ev.Has(fsnotify.Write | fsnotify.Create | fsnotify.Remove | fsnotify.Rename) {
		return false
	}
	return match == nil || match(filepath.Base(ev.Name))
}
