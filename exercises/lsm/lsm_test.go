package lsm

import (
	"fmt"
	"slices"
	"testing"
)

// These are quick examples to read and extend; the judge (kata run lsm) runs many more.

// runOrSkip runs body and turns the stub's "not implemented" panic into a skipped test, so the
// examples stay quiet until you have written the code. Any other panic is a real failure.
func runOrSkip(t *testing.T, body func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			if r == "not implemented" {
				t.Skip("not implemented yet: run `kata run lsm` once you have written it")
			}
			panic(r)
		}
	}()
	body()
}

// get returns Get's value as a string and whether it was found, failing on an error.
func get(t *testing.T, db *DB, key string) (string, bool) {
	t.Helper()
	v, ok, err := db.Get([]byte(key))
	if err != nil {
		t.Fatalf("Get(%q): %v", key, err)
	}
	return string(v), ok
}

// TestWorkedExample replays the example from the package documentation.
func TestWorkedExample(t *testing.T) {
	runOrSkip(t, func() {
		d := NewMemDisk()
		db, err := Open(d, Options{MemtableBytes: 64})
		if err != nil {
			t.Fatal(err)
		}
		db.Put([]byte("gopher"), []byte("blue"))
		if v, ok := get(t, db, "gopher"); !ok || v != "blue" {
			t.Errorf(`Get("gopher") = %q, %v; want "blue", true`, v, ok)
		}
		db.Put([]byte("gopher"), []byte("teal"))
		db.Delete([]byte("rust"))
		db.Flush()
		if names, _ := d.List(); len(names) == 0 {
			t.Error("after Flush the Disk holds no file; want a table (other files, a manifest say, are fine)")
		}
		db.Delete([]byte("gopher"))
		if v, ok := get(t, db, "gopher"); ok {
			t.Errorf(`Get("gopher") = %q, true after Delete; want false: the tombstone hides the table's value`, v)
		}
		db.Put([]byte("zebra"), nil)
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		db, err = Open(d, Options{MemtableBytes: 64})
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := get(t, db, "zebra"); !ok || v != "" {
			t.Errorf(`after Close and Open, Get("zebra") = %q, %v; want an empty value, true`, v, ok)
		}
		if _, ok := get(t, db, "gopher"); ok {
			t.Error(`after Close and Open, Get("gopher") found a value; want false: it was deleted`)
		}
		before, _ := d.List()
		if err := db.Compact(); err != nil {
			t.Fatal(err)
		}
		if after, _ := d.List(); !slices.ContainsFunc(before, func(name string) bool { return !slices.Contains(after, name) }) {
			t.Errorf("Compact left every file in place (%v, now %v); want the two tables removed once merged into one", before, after)
		}
		if v, ok := get(t, db, "zebra"); !ok || v != "" {
			t.Errorf(`after Compact, Get("zebra") = %q, %v; want an empty value, true`, v, ok)
		}
		if _, ok := get(t, db, "gopher"); ok {
			t.Error(`after Compact, Get("gopher") found a value; want false: it was deleted`)
		}
	})
}

// TestManyTables writes enough to make many tables, then reads every key back, and again after
// Close and Open.
func TestManyTables(t *testing.T) {
	runOrSkip(t, func() {
		d := NewMemDisk()
		db, err := Open(d, Options{MemtableBytes: 200})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 1000 {
			db.Put([]byte(fmt.Sprint("key", i)), []byte(fmt.Sprint(i*i)))
		}
		for i := 0; i < 1000; i += 3 {
			db.Delete([]byte(fmt.Sprint("key", i)))
		}
		for round := range 2 {
			for i := range 1000 {
				v, ok := get(t, db, fmt.Sprint("key", i))
				if want := fmt.Sprint(i * i); ok != (i%3 != 0) || ok && v != want {
					t.Fatalf("round %d: Get(key%d) = %q, %v; want %q, %v", round, i, v, ok, want, i%3 != 0)
				}
			}
			db.Close()
			if db, err = Open(d, Options{MemtableBytes: 200}); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestDir runs a store over a real folder: write, close, open again, read.
func TestDir(t *testing.T) {
	runOrSkip(t, func() {
		dir, err := OpenDir(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer dir.Close()
		db, err := Open(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		db.Put([]byte("hello"), []byte("world"))
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		if db, err = Open(dir, Options{}); err != nil {
			t.Fatal(err)
		}
		if v, ok := get(t, db, "hello"); !ok || v != "world" {
			t.Errorf(`Get("hello") = %q, %v after Close and Open; want "world", true`, v, ok)
		}
	})
}
