package lsm

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"kata/grader/internal/harness"
	"kata/grader/internal/record"
	"kata/grader/verdict"
)

// The files a store left, opened again in another process: the contract's "Close then Open on
// the same Disk gives the same contents, in this process or another". A filter hashed with a
// seed drawn when the process starts reads right in the process that wrote it, and says absent
// for most keys in every other.
const (
	processTables = 8                  // tables the store writes
	processPart   = "lsm/reopen-files" // the part the second process runs (Suite.Seconds)
)

// processImage is what the second process gets: the files, the options, and every key with
// its value.
type processImage struct {
	Options      Options
	Files        map[string][]byte
	Keys, Values [][]byte
}

// processReport is what the second process found.
type processReport struct {
	Lost, Total int    // keys whose Get did not return their value
	First       string // the first such Get, as a sentence
}

// The files the two processes exchange in the test's folder.
const (
	imageFile  = "image.gob"
	reportFile = "report.gob"
)

// anotherProcess writes a store of processTables tables and closes it, checks that Open on its
// files in this process reads every key back, then opens the same files in a second process of
// the graded program, where every key must read back as well.
func (s *suite) anotherProcess(t *harness.T) {
	n := processTables * readPerTable
	o := Options{MemtableBytes: readPerTable * (len(readKey(0, 0)) + readValueLen), BitsPerKey: 10}
	d := newDisk()
	db := s.openOn(t, d, o)
	t.SetReceiver("db")
	img := processImage{Options: o}
	for _, i := range t.Rand().Perm(n) {
		k, v := readKey(i, 0), fmt.Appendf(nil, "v%07d", i)
		s.mustCall(t, db, put(k, v))
		img.Keys, img.Values = append(img.Keys, k), append(img.Values, v)
	}
	c := reopen(o)
	b := &box{db: db, open: s.learner.Open, disk: d}
	if r := t.Invoke(c, func() any { return do(b, c) }); r != nil {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Close",
			Message: fmt.Sprintf("Close then Open returned %s, want nil", harness.Lit(r)), Hint: callErrorHint(r)})
	}
	// In this process first: a key lost here is a plain reopening bug, not the process's.
	here := t.Invoke(harness.Call{Method: "Get"}, func() any { return readBack(b.db, img) }).(processReport)
	if here.Lost > 0 {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Get",
			Message: fmt.Sprintf("after %d Puts, Close, then Open on the same Disk: %s (%d of %d keys lost)",
				n, here.First, here.Lost, here.Total)})
	}
	img.Files = d.files
	dir, err := os.MkdirTemp("", "kata-lsm-")
	if err != nil {
		t.Internalf("no folder for the second process: %v", err)
	}
	defer os.RemoveAll(dir)
	if err := writeGob(filepath.Join(dir, imageFile), img); err != nil {
		t.Internalf("cannot write the store's files for the second process: %v", err)
	}
	err = t.Second(processPart, dir)
	switch {
	case errors.Is(err, harness.ErrNoSecond):
		t.Note("not checked: %v", err)
		return
	case err != nil:
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Open",
			Message: fmt.Sprintf("Open on the files that Close left, in a second process: %v", err)})
	}
	var there processReport
	if err := readGob(filepath.Join(dir, reportFile), &there); err != nil {
		t.Internalf("no report from the second process: %v", err)
	}
	if there.Lost > 0 {
		t.Fail(&record.Failure{Verdict: verdict.WrongAnswer, Op: "Get",
			Message: fmt.Sprintf("after %d Puts and Close, Open on the same files in a second process: %s "+
				"(%d of %d keys lost there; every key read back in the process that wrote them)",
				n, there.First, there.Lost, there.Total),
			Hint: processHint})
	}
}

// processHint is the cause of files that read right only in the process that wrote them.
const processHint = "what Close leaves must read the same in any process: something written depends on " +
	"the process that wrote it, such as a hash seed drawn when the program starts (math/rand, " +
	"hash/maphash, the time). Hash the filters' keys with a fixed function and fixed seeds"

// reopenFiles is the second process's part: Open on the files in dir's image, then a Get of
// every key, reported in dir.
func (s *suite) reopenFiles(dir string) (err error) {
	var img processImage
	if err := readGob(filepath.Join(dir, imageFile), &img); err != nil {
		return err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the graded code panicked: %s", harness.PanicText(p))
		}
	}()
	db, err := s.learner.Open(diskOf(img.Files), img.Options)
	if err != nil {
		return fmt.Errorf("Open returned the error %v", err)
	}
	return writeGob(filepath.Join(dir, reportFile), readBack(db, img))
}

// readBack makes a Get of every key of img on db and reports those that did not return their
// value.
func readBack(db DB, img processImage) processReport {
	r := processReport{Total: len(img.Keys)}
	for i, k := range img.Keys {
		v, ok, err := db.Get(k)
		if err == nil && ok && bytes.Equal(v, img.Values[i]) {
			continue
		}
		if r.Lost == 0 {
			r.First = fmt.Sprintf("Get(%s) returned %s, %v, %v, want %s, true, nil",
				harness.Lit(k), harness.Lit(v), ok, err, harness.Lit(img.Values[i]))
		}
		r.Lost++
	}
	return r
}

// writeGob writes v to the file path as gob.
func writeGob(path string, v any) error {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o600)
}

// readGob reads the file path, written by writeGob, into v.
func readGob(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return gob.NewDecoder(bytes.NewReader(data)).Decode(v)
}
