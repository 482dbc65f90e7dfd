// Package prune keeps a folder to its newest entries: the test programs kata keeps for reuse,
// the pictures of failed histories a suite writes.
package prune

import (
	"os"
	"path/filepath"
	"slices"
	"time"
)

// Oldest removes the oldest entries of dir, by modification time, until keep are left: its
// folders when dirs is set, its files otherwise; the other kind is neither counted nor removed.
// What cannot be read or removed is left as it is.
func Oldest(dir string, keep int, dirs bool) {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) <= keep {
		return
	}
	type aged struct {
		path string
		at   time.Time
	}
	var kept []aged
	for _, e := range entries {
		if info, err := e.Info(); err == nil && e.IsDir() == dirs {
			kept = append(kept, aged{filepath.Join(dir, e.Name()), info.ModTime()})
		}
	}
	slices.SortFunc(kept, func(a, b aged) int { return b.at.Compare(a.at) })
	for _, old := range kept[min(keep, len(kept)):] {
		os.RemoveAll(old.path)
	}
}
