package gradebook

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// The files a gradebook writes in its folder.
const (
	CSVFile        = "grades.csv"
	JSONFile       = "grades.json"
	HTMLFile       = "grades.html"
	JUnitFile      = "junit.xml"
	GradescopeDir  = "gradescope"
	GradescopeFile = "results.json"
)

// Write writes the gradebook's files into dir, making it if needed: grades.csv, grades.json,
// grades.html, junit.xml and gradescope/STUDENT/results.json. A gradebook already in dir is
// replaced, its gradescope folder included, so that no student of an earlier run is left
// behind; nothing else in dir is touched.
func (b *Book) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, JSONFile)); err == nil {
		if err := os.RemoveAll(filepath.Join(dir, GradescopeDir)); err != nil {
			return err
		}
	}
	files := []struct {
		name  string
		write func(io.Writer) error
	}{
		{CSVFile, b.WriteCSV},
		{JSONFile, b.WriteJSON},
		{HTMLFile, b.WriteHTML},
		{JUnitFile, b.WriteJUnit},
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(dir, f.name), f.write); err != nil {
			return err
		}
	}
	for _, s := range b.Students {
		g := b.Gradescope(s.Name)
		path := filepath.Join(dir, GradescopeDir, s.Name, GradescopeFile)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := writeFile(path, func(w io.Writer) error { return encodeJSON(w, g) }); err != nil {
			return err
		}
	}
	return nil
}

// writeFile writes a file through a buffer and reports the first error of writing or closing.
func writeFile(path string, write func(io.Writer) error) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriter(f)
	if err := write(w); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return w.Flush()
}
