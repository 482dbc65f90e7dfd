package lsm

import (
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"

	"kata/grader/internal/harness"
)

// disk is the judge's Disk: files in memory, each created whole and never changed, that
// records which files the graded store reads, and which call of the store wrote each. The store
// gets copies: Create keeps a copy of the data, ReadAt copies into the caller's slice, so a store
// cannot keep the judge's bytes, nor change them.
type disk struct {
	files map[string][]byte
	// writer is the call of the store that created each file (see byCall); without byCall, the
	// file's own number, as if each file were a table.
	writer map[string]uint64
	// call, once byCall sets it, numbers the store's calls.
	call func() uint64
	// read is the set of files read since the last reset.
	read map[string]bool
	// creates counts the files created.
	creates int
}

// newDisk returns an empty disk.
func newDisk() *disk { return diskOf(map[string][]byte{}) }

// diskOf returns a disk that holds files (not copies).
func diskOf(files map[string][]byte) *disk {
	return &disk{files: files, writer: map[string]uint64{}, read: map[string]bool{}}
}

// byCall makes d note which of t's calls creates each file, for tables to tell the tables of a
// store whose tables are several files each, and returns d.
func (d *disk) byCall(t *harness.T) *disk {
	d.call = t.Calls
	return d
}

// Create stores a copy of data as the file name; it fails if name exists.
func (d *disk) Create(name string, data []byte) error {
	if _, ok := d.files[name]; ok {
		return fmt.Errorf("create %s: %w (a file is created once and never changed)", name, fs.ErrExist)
	}
	d.files[name] = slices.Clone(data)
	d.creates++
	d.writer[name] = uint64(d.creates)
	if d.call != nil {
		d.writer[name] = d.call()
	}
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

// writers is the number of calls of the store that wrote the files on the disk now: its number
// of tables, give or take a manifest.
func (d *disk) writers() int {
	calls := map[uint64]bool{}
	for name := range d.files {
		calls[d.writer[name]] = true
	}
	return len(calls)
}

// readSince returns the names of the files read since the last reset.
func (d *disk) readSince() []string { return slices.Collect(maps.Keys(d.read)) }

// tables groups the files that Gets read (gets, the names each Get read) into the store's
// tables, and returns how many tables each Get read and how many all of them read together.
//
// The contract counts tables, and a table may be several files: its values apart from its keys,
// say, or its index apart from its blocks. Two files are one table when the same call of the
// store wrote them (one Flush writes one table, one Compact the merged table) and Gets read them
// together: of the Gets that read the one of the two read less often, at least half read the
// other too. Files of different calls are different tables; so are the small tables of one
// call's output, which a Get reads together only when a filter passes a key the other holds.
// A Get that reads more than filesPerTable files of one table counts one table more for each
// filesPerTable files more: several tables one call wrote, which a Get reads one after another,
// are not one table.
func (d *disk) tables(gets [][]string) (each []int, all int) {
	reads := map[string]int{}    // Gets that read a file
	both := map[[2]string]int{}  // Gets that read two files of one writer
	table := map[string]string{} // union-find: a file's parent, itself at a table's root
	for _, names := range gets {
		slices.Sort(names)
		for i, a := range names {
			reads[a]++
			table[a] = a
			for _, b := range names[i+1:] {
				if d.writer[a] == d.writer[b] {
					both[[2]string{a, b}]++
				}
			}
		}
	}
	var root func(string) string
	root = func(f string) string {
		if table[f] != f {
			table[f] = root(table[f])
		}
		return table[f]
	}
	for pair, n := range both {
		if 2*n >= min(reads[pair[0]], reads[pair[1]]) {
			table[root(pair[0])] = root(pair[1])
		}
	}
	roots := map[string]bool{}
	for _, names := range gets {
		files := map[string]int{} // files read of each table
		for _, f := range names {
			files[root(f)]++
			roots[root(f)] = true
		}
		n := 0
		for _, k := range files {
			n += (k + filesPerTable - 1) / filesPerTable
		}
		each = append(each, n)
		all = max(all, n)
	}
	return each, max(all, len(roots))
}

// filesPerTable is how many files of one table a Get may read as one table touched: an index, a
// block and the values, say.
const filesPerTable = 3

// bytes is the memory the files take on the heap.
func (d *disk) bytes() int64 {
	var n int64
	for _, data := range d.files {
		n += int64(cap(data))
	}
	return n
}
