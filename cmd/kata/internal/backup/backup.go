// Package backup keeps copies of the learner's exercise folders, so that kata reset and kata
// restore never lose a file: a backup is every file of exercises/NAME, extra files and
// subfolders included, copied to a folder NAME-YYYYMMDD-HHMMSS in the backups folder.
//
// [Sync] makes a folder hold exactly what a file system holds, which is how a stub or a backup
// is put back; [Same] says whether it already does.
package backup

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"time"
)

// layout is the time in a backup's name.
const layout = "20060102-150405"

// Backup is one saved copy of an exercise's folder.
type Backup struct {
	Name string    // the folder's name: "hashset-20260102-150405"
	Path string    // the folder
	Time time.Time // when it was made, to the second
	seq  int       // 1, or the number after the time when more than one was made that second
}

// Save copies everything in the folder src into a new backup of exercise in the folder dir,
// and returns the backup and how many files it holds. The copy is made under a temporary name
// and renamed once complete, so a backup that exists is whole.
func Save(dir, exercise, src string, now time.Time) (Backup, int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Backup{}, 0, err
	}
	tmp, err := os.MkdirTemp(dir, "."+exercise+"-*.tmp")
	if err != nil {
		return Backup{}, 0, err
	}
	defer os.RemoveAll(tmp) // gone once renamed; removes a partial copy otherwise
	if err := Sync(tmp, os.DirFS(src)); err != nil {
		return Backup{}, 0, fmt.Errorf("cannot back up %s: %w", src, err)
	}
	n, err := Count(os.DirFS(tmp))
	if err != nil {
		return Backup{}, 0, err
	}
	stamp := now.Format(layout)
	for seq := 1; ; seq++ {
		name := exercise + "-" + stamp
		if seq > 1 {
			name += "-" + strconv.Itoa(seq)
		}
		b := Backup{Name: name, Path: filepath.Join(dir, name), Time: now.Truncate(time.Second), seq: seq}
		if _, err := os.Lstat(b.Path); err == nil {
			continue
		}
		if err := os.Rename(tmp, b.Path); err != nil {
			return Backup{}, 0, err
		}
		return b, n, nil
	}
}

// List returns the backups of exercise in the folder dir, newest first. A missing folder has
// none.
func List(dir, exercise string) ([]Backup, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Backup
	for _, e := range entries {
		if b, ok := parse(exercise, e.Name()); ok && e.IsDir() {
			b.Path = filepath.Join(dir, b.Name)
			out = append(out, b)
		}
	}
	slices.SortFunc(out, func(a, b Backup) int {
		if c := b.Time.Compare(a.Time); c != 0 {
			return c
		}
		return b.seq - a.seq
	})
	return out, nil
}

var nameRE = regexp.MustCompile(`^(.+)-(\d{8}-\d{6})(?:-(\d+))?$`)

// parse reads a backup's folder name, and reports whether it is a backup of exercise.
func parse(exercise, name string) (Backup, bool) {
	m := nameRE.FindStringSubmatch(name)
	if m == nil || m[1] != exercise {
		return Backup{}, false
	}
	t, err := time.ParseInLocation(layout, m[2], time.Local)
	if err != nil {
		return Backup{}, false
	}
	seq := 1
	if m[3] != "" {
		if seq, err = strconv.Atoi(m[3]); err != nil || seq < 2 {
			return Backup{}, false
		}
	}
	return Backup{Name: name, Time: t, seq: seq}, true
}

// IsBackupOf reports whether the folder name is the name of a backup of exercise.
func IsBackupOf(exercise, name string) bool {
	_, ok := parse(exercise, name)
	return ok
}

// Count returns how many files (and symbolic links) fsys holds, in all its folders.
func Count(fsys fs.FS) (int, error) {
	n := 0
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return err
	})
	return n, err
}

// Sync makes the folder dst hold exactly what fsys holds, making dst if needed: it writes each
// file that is missing or differs, each through a temporary file renamed into place, and then
// removes everything in dst that fsys does not hold. Files that are already equal are left
// alone. Symbolic links are copied as links when fsys can read them.
func Sync(dst string, fsys fs.FS) error {
	want := map[string]bool{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		want[p] = true
		target := filepath.Join(dst, filepath.FromSlash(p))
		switch {
		case d.IsDir():
			return ensureDir(target)
		case d.Type()&fs.ModeSymlink != 0:
			return copyLink(fsys, p, target)
		case d.Type().IsRegular():
			return copyFile(fsys, p, d, target)
		}
		return fmt.Errorf("%s is neither a file, a folder nor a link", p)
	})
	if err != nil {
		return err
	}
	return filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dst, p)
		if err != nil || want[filepath.ToSlash(rel)] {
			return err
		}
		if err := os.RemoveAll(p); err != nil {
			return err
		}
		if d.IsDir() {
			return fs.SkipDir
		}
		return nil
	})
}

// ensureDir makes target a folder, replacing a file or link of that name.
func ensureDir(target string) error {
	if info, err := os.Lstat(target); err == nil && !info.IsDir() {
		if err := os.Remove(target); err != nil {
			return err
		}
	}
	return os.MkdirAll(target, 0o755)
}

// copyLink makes target a symbolic link like the one at p in fsys.
func copyLink(fsys fs.FS, p, target string) error {
	link, err := fs.ReadLink(fsys, p)
	if err != nil {
		return err
	}
	if old, err := os.Readlink(target); err == nil && old == link {
		return nil
	}
	if err := os.RemoveAll(target); err != nil {
		return err
	}
	return os.Symlink(link, target)
}

// copyFile makes target a regular file with the content of p in fsys, unless it is one
// already. The owner can always write the copy.
func copyFile(fsys fs.FS, p string, d fs.DirEntry, target string) error {
	info, err := d.Info()
	if err != nil {
		return err
	}
	data, err := fs.ReadFile(fsys, p)
	if err != nil {
		return err
	}
	perm := info.Mode().Perm() | 0o600
	if old, err := os.Lstat(target); err == nil {
		if old.Mode().IsRegular() && old.Mode().Perm() == perm {
			if cur, err := os.ReadFile(target); err == nil && bytes.Equal(cur, data) {
				return nil
			}
		}
		if old.IsDir() {
			if err := os.RemoveAll(target); err != nil {
				return err
			}
		}
	}
	f, err := os.CreateTemp(filepath.Dir(target), ".kata-*.tmp")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), perm)
	}
	if err == nil {
		err = os.Rename(f.Name(), target)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Same reports whether the folder dir holds exactly what fsys holds: the same files with the
// same content, the same folders and the same links. A missing dir is the same as an empty
// fsys.
func Same(dir string, fsys fs.FS) (bool, error) {
	a, err := snapshot(fsys)
	if err != nil {
		return false, err
	}
	b, err := snapshot(os.DirFS(dir))
	if errors.Is(err, fs.ErrNotExist) {
		b, err = map[string]string{}, nil
	}
	if err != nil {
		return false, err
	}
	if len(a) != len(b) {
		return false, nil
	}
	for p, v := range a {
		if w, ok := b[p]; !ok || v != w {
			return false, nil
		}
	}
	return true, nil
}

// snapshot maps every path under fsys but its root to what is there: "dir", "link:" and the
// target, or "file:" and the content.
func snapshot(fsys fs.FS) (map[string]string, error) {
	out := map[string]string{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case p == ".":
			return nil
		case d.IsDir():
			out[p] = "dir"
		case d.Type()&fs.ModeSymlink != 0:
			link, err := fs.ReadLink(fsys, p)
			if err != nil {
				return err
			}
			out[p] = "link:" + link
		default:
			data, err := fs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			out[p] = "file:" + string(data)
		}
		return nil
	})
	return out, err
}
