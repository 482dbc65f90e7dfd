package lsm

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
)

// disk is the judge's Disk: files in memory, each created whole and never changed, that
// records which files the graded store reads. The store gets copies: Create keeps a copy of the
// data, ReadAt copies into the caller's slice, so a store cannot keep the judge's bytes, nor
// change them.
type disk struct {
	files map[string][]byte
	// read is the set of files read since the last reset.
	read map[string]bool
	// creates counts the files created.
	creates int
}

func newDisk() *disk { return &disk{files: map[string][]byte{}, read: map[string]bool{}} }

// Create stores a copy of data as the file name; it fails if name exists.
func (d *disk) Create(name string, data []byte) error {
	if _, ok := d.files[name]; ok {
		return fmt.Errorf("create %s: %w (a file is created once and never changed)", name, fs.ErrExist)
	}
	d.files[name] = slices.Clone(data)
	d.creates++
	return nil
}

// ReadAt reads len(p) bytes of the file name from off, as io.ReaderAt does.
func (d *disk) ReadAt(name string, p []byte, off int64) (int, error) {
	data, ok := d.files[name]
	if !ok {
		return 0, fmt.Errorf("read %s: %w", name, fs.ErrNotExist)
	}
	d.read[name] = true
	if off < 0 {
		return 0, fmt.Errorf("read %s at the negative offset %d", name, off)
	}
	if off >= int64(len(data)) {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n := copy(p, data[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// Size returns the size of the file name.
func (d *disk) Size(name string) (int64, error) {
	data, ok := d.files[name]
	if !ok {
		return 0, fmt.Errorf("size of %s: %w", name, fs.ErrNotExist)
	}
	return int64(len(data)), nil
}

// Remove removes the file name.
func (d *disk) Remove(name string) error {
	if _, ok := d.files[name]; !ok {
		return fmt.Errorf("remove %s: %w", name, fs.ErrNotExist)
	}
	delete(d.files, name)
	return nil
}

// List returns every file's name, in the map's random order: no store may count on an order.
func (d *disk) List() ([]string, error) {
	names := make([]string, 0, len(d.files))
	for name := range d.files {
		names = append(names, name)
	}
	return names, nil
}

// reset forgets the files read so far.
func (d *disk) reset() {
	clear(d.read)
}

// touched is the number of files read since the last reset.
func (d *disk) touched() int { return len(d.read) }

// bytes is the memory the files take on the heap.
func (d *disk) bytes() int64 {
	var n int64
	for _, data := range d.files {
		n += int64(cap(data))
	}
	return n
}
