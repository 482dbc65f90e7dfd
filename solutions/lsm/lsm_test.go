package lsm

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// counting is a MemDisk that records which files each read touched.
type counting struct {
	*MemDisk
	touched map[string]bool
}

func newCounting() *counting { return &counting{MemDisk: NewMemDisk(), touched: map[string]bool{}} }

func (c *counting) ReadAt(name string, p []byte, off int64) (int, error) {
	c.touched[name] = true
	return c.MemDisk.ReadAt(name, p, off)
}

func mustOpen(t *testing.T, d Disk, o Options) *DB {
	t.Helper()
	db, err := Open(d, o)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestAgainstMap runs random Puts, Deletes, Gets, Flushes, Compacts and reopenings with a tiny
// memtable against a map.
func TestAgainstMap(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 1))
		d := NewMemDisk()
		o := Options{MemtableBytes: 1 + rng.IntN(200), BitsPerKey: 1 + rng.IntN(12)}
		db := mustOpen(t, d, o)
		model := map[string][]byte{}
		for i := range 3000 {
			key := []byte(fmt.Sprintf("k%d", rng.IntN(150)))
			switch r := rng.IntN(100); {
			case r < 40:
				v := bytes.Repeat([]byte{byte(i)}, rng.IntN(20))
				check(t, db.Put(key, v))
				model[string(key)] = v
			case r < 55:
				check(t, db.Delete(key))
				delete(model, string(key))
			case r < 95:
				got, ok, err := db.Get(key)
				check(t, err)
				want, wok := model[string(key)]
				if ok != wok || !bytes.Equal(got, want) {
					t.Fatalf("seed %d step %d: Get(%q) = %q, %v; want %q, %v", seed, i, key, got, ok, want, wok)
				}
			case r < 97:
				check(t, db.Flush())
			case r < 98:
				check(t, db.Compact())
			default:
				check(t, db.Close())
				db = mustOpen(t, d, o)
			}
		}
	}
}

// TestEmptyValue stores nil and an empty value: both are values.
func TestEmptyValue(t *testing.T) {
	db := mustOpen(t, NewMemDisk(), Options{MemtableBytes: 1})
	check(t, db.Put([]byte("a"), nil))
	check(t, db.Put([]byte("b"), []byte{}))
	for _, k := range []string{"a", "b"} {
		v, ok, err := db.Get([]byte(k))
		if err != nil || !ok || len(v) != 0 {
			t.Errorf("Get(%q) = %q, %v, %v; want an empty value", k, v, ok, err)
		}
	}
}

// TestFlushAtThreshold writes no table until the memtable holds MemtableBytes.
func TestFlushAtThreshold(t *testing.T) {
	d := NewMemDisk()
	db := mustOpen(t, d, Options{MemtableBytes: 10})
	check(t, db.Put([]byte("abc"), []byte("def"))) // 6
	check(t, db.Put([]byte("abc"), []byte("d")))   // 4: replaced
	check(t, db.Delete([]byte("xyz")))             // 7
	if n := len(d.files); n != 0 {
		t.Fatalf("%d tables at 7 bytes of 10", n)
	}
	check(t, db.Put([]byte("q"), []byte("ww"))) // 10
	if n := len(d.files); n != 1 {
		t.Fatalf("%d tables at 10 bytes of 10; want 1", n)
	}
	check(t, db.Flush())
	if n := len(d.files); n != 1 {
		t.Fatalf("an empty Flush wrote a table: %d tables", n)
	}
}

// TestCompact leaves one table with each key's newest value, or none when all is deleted.
func TestCompact(t *testing.T) {
	d := NewMemDisk()
	db := mustOpen(t, d, Options{MemtableBytes: 1})
	for i := range 100 {
		check(t, db.Put([]byte{byte(i % 10)}, []byte{byte(i)}))
	}
	check(t, db.Delete([]byte{3}))
	check(t, db.Compact())
	if n := len(d.files); n != 1 {
		t.Fatalf("%d tables after Compact; want 1", n)
	}
	for k := range byte(10) {
		v, ok, _ := db.Get([]byte{k})
		if k == 3 && ok || k != 3 && (!ok || v[0] != 90+k) {
			t.Errorf("Get(%d) = %v, %v after Compact", k, v, ok)
		}
	}
	for k := range byte(10) {
		check(t, db.Delete([]byte{k}))
	}
	check(t, db.Compact())
	if n := len(d.files); n != 0 {
		t.Fatalf("%d tables after deleting everything and Compact; want 0", n)
	}
}

// TestReads checks the contract's read bound: absent keys touch about FP·T tables, present keys
// about one, after Open too.
func TestReads(t *testing.T) {
	d := newCounting()
	db := mustOpen(t, d, Options{MemtableBytes: 4000})
	for i := range 20000 {
		check(t, db.Put([]byte(fmt.Sprintf("key-%08d", i)), []byte("value")))
	}
	check(t, db.Close())
	db = mustOpen(t, d, Options{MemtableBytes: 4000})
	tables := len(d.files)
	fp := math.Pow(0.6185, 10)
	for _, present := range []bool{false, true} {
		total := 0
		const n = 5000
		for i := range n {
			clear(d.touched)
			k := fmt.Sprintf("key-%08d", i*4)
			if !present {
				k = fmt.Sprintf("key-%08d!", i*4)
			}
			_, ok, err := db.Get([]byte(k))
			check(t, err)
			if ok != present {
				t.Fatalf("Get(%s) found %v", k, ok)
			}
			total += len(d.touched)
		}
		mean := float64(total) / n
		bound := 2*fp*float64(tables) + 0.05
		if present {
			bound = 1 + fp*float64(tables) + 0.05
		}
		if mean > bound {
			t.Errorf("present %v: %.3f tables per Get over %d tables; want at most %.3f", present, mean, tables, bound)
		}
	}
}

// TestDir runs a store over a real folder, closes it and opens it again.
func TestDir(t *testing.T) {
	path := t.TempDir()
	d, err := OpenDir(path)
	check(t, err)
	db := mustOpen(t, d, Options{MemtableBytes: 100})
	for i := range 500 {
		check(t, db.Put([]byte(fmt.Sprint(i)), []byte(fmt.Sprint(i*i))))
	}
	check(t, db.Delete([]byte("7")))
	check(t, db.Close())
	check(t, d.Close())
	if err := d.Create("00000001.sst", nil); err == nil {
		t.Error("Create of an existing file succeeded")
	}
	d, err = OpenDir(path)
	check(t, err)
	defer d.Close()
	db = mustOpen(t, d, Options{MemtableBytes: 100})
	check(t, db.Compact())
	names, err := d.List()
	check(t, err)
	if len(names) != 1 {
		t.Errorf("files after Compact: %v; want one table", names)
	}
	for i := range 500 {
		v, ok, err := db.Get([]byte(fmt.Sprint(i)))
		check(t, err)
		if want := fmt.Sprint(i * i); ok != (i != 7) || ok && string(v) != want {
			t.Fatalf("Get(%d) = %q, %v", i, v, ok)
		}
	}
}

// TestOtherFiles ignores files that are not tables.
func TestOtherFiles(t *testing.T) {
	d := NewMemDisk()
	check(t, d.Create("MANIFEST", []byte("x")))
	db := mustOpen(t, d, Options{})
	check(t, db.Put([]byte("a"), []byte("b")))
	check(t, db.Close())
	db = mustOpen(t, d, Options{})
	if v, ok, _ := db.Get([]byte("a")); !ok || string(v) != "b" {
		t.Errorf("Get(a) = %q, %v", v, ok)
	}
	names, _ := d.List()
	slices.Sort(names)
	if !slices.Equal(names, []string{"00000001.sst", "MANIFEST"}) {
		t.Errorf("files %v", names)
	}
}

func BenchmarkGet(b *testing.B) {
	db, _ := Open(NewMemDisk(), Options{MemtableBytes: 64 << 10})
	for i := range 100000 {
		db.Put([]byte(fmt.Sprintf("key-%08d", i)), []byte("value"))
	}
	db.Flush()
	b.ResetTimer()
	for i := range b.N {
		db.Get([]byte(fmt.Sprintf("key-%08d", i%200000)))
	}
}
