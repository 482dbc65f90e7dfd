package cuckoo

import (
	"encoding/binary"
	"strconv"
	"testing"
)

func key(seed, i uint64) []byte {
	return binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, seed), i)
}

func TestBuckets(t *testing.T) {
	for _, c := range []struct{ capacity, want uint64 }{
		{0, 1}, {1, 1}, {4, 1}, {5, 2}, {8, 2}, {9, 4}, {16, 4}, {17, 8}, {1000, 256}, {1 << 20, 1 << 18},
		{1<<20 + 1, 1 << 19},
	} {
		if got := New(c.capacity).Buckets(); got != c.want {
			t.Errorf("New(%d).Buckets() = %d, want %d", c.capacity, got, c.want)
		}
	}
}

func TestInsertLookupDelete(t *testing.T) {
	f := New(1000)
	for i := range 500 {
		if !f.Insert([]byte(strconv.Itoa(i))) {
			t.Fatalf("Insert(%d) failed at load %.2f", i, float64(i)/float64(4*f.Buckets()))
		}
	}
	if f.Count() != 500 {
		t.Fatalf("Count() = %d, want 500", f.Count())
	}
	for i := range 500 {
		if !f.Lookup([]byte(strconv.Itoa(i))) {
			t.Fatalf("Lookup(%d) = false after Insert", i)
		}
	}
	for i := range 500 {
		if !f.Delete([]byte(strconv.Itoa(i))) {
			t.Fatalf("Delete(%d) = false after Insert", i)
		}
	}
	if f.Count() != 0 {
		t.Fatalf("Count() = %d after deleting all, want 0", f.Count())
	}
	for _, s := range f.slots {
		if s != 0 {
			t.Fatal("a slot is still used after every key was deleted")
		}
	}
}

func TestCopies(t *testing.T) {
	one := New(4) // B = 1: both buckets are bucket 0
	for i := range 4 {
		if !one.Insert(nil) {
			t.Fatalf("copy %d of nil failed with B = 1", i+1)
		}
	}
	if one.Insert(nil) || one.Insert([]byte("other")) {
		t.Fatal("a fifth fingerprint fit in one bucket of 4")
	}
	f := New(1 << 12)
	k := []byte("gopher")
	fp, i1 := f.locate(k)
	if f.alt(i1, fp) == i1 {
		t.Skip("the key's two buckets are the same one")
	}
	for i := range 8 {
		if !f.Insert(k) {
			t.Fatalf("copy %d failed", i+1)
		}
	}
	if f.Insert(k) {
		t.Fatal("a ninth copy fit in the key's two buckets")
	}
	if f.Count() != 8 || !f.Lookup(k) {
		t.Fatalf("Count() = %d, Lookup = %v after 8 copies and a failed ninth", f.Count(), f.Lookup(k))
	}
}

// TestFailedInsertLosesNothing fills filters until Insert fails, then checks every key inserted
// is still found and the slots are exactly as before the failure.
func TestFailedInsertLosesNothing(t *testing.T) {
	for seed := range uint64(5) {
		f := New(1 << 10)
		var n uint64
		for f.Insert(key(seed, n)) {
			n++
		}
		before := append([]uint16(nil), f.slots...)
		if f.Insert(key(seed, n)) {
			continue // another key may fit; the filter is fine either way
		}
		for i, s := range f.slots {
			if s != before[i] {
				t.Fatal("a failed Insert changed the slots")
			}
		}
		for i := range n {
			if !f.Lookup(key(seed, i)) {
				t.Fatalf("seed %d: key %d lost after a failed Insert", seed, i)
			}
		}
		if f.Count() != n {
			t.Fatalf("Count() = %d, want %d", f.Count(), n)
		}
	}
}

// TestLoadAndFalsePositives measures the load at the first failed Insert at B = 2^16 and the
// false-positive rate at that load, against 2·4/2^16.
func TestLoadAndFalsePositives(t *testing.T) {
	seeds := uint64(8)
	if testing.Short() {
		seeds = 2
	}
	minLoad, sumLoad := 1.0, 0.0
	var fps, probes float64
	for seed := range seeds {
		f := New(1 << 18)
		var n uint64
		for f.Insert(key(seed, n)) {
			n++
		}
		load := float64(n) / float64(4*f.Buckets())
		minLoad, sumLoad = min(minLoad, load), sumLoad+load
		for i := range uint64(1 << 20) {
			if f.Lookup(key(seed+1<<32, i)) {
				fps++
			}
			probes++
		}
	}
	t.Logf("load at the first failure: mean %.4f, min %.4f over %d seeds; false-positive rate %.3g (bound %.3g)",
		sumLoad/float64(seeds), minLoad, seeds, fps/probes, 8.0/65536)
	if minLoad < 0.93 {
		t.Errorf("load %.4f at the first failure, want at least 0.93", minLoad)
	}
	if fps/probes > 8.0/65536 {
		t.Errorf("false-positive rate %.3g, above 2·4/2^16", fps/probes)
	}
}

func BenchmarkInsert(b *testing.B) {
	f := New(1 << 20)
	keys := make([][]byte, 1<<20*9/10)
	for i := range keys {
		keys[i] = key(1, uint64(i))
	}
	i := 0
	for b.Loop() {
		if i == len(keys) {
			b.StopTimer()
			f, i = New(1<<20), 0
			b.StartTimer()
		}
		f.Insert(keys[i])
		i++
	}
}

func BenchmarkLookup(b *testing.B) {
	f := New(1 << 20)
	keys := make([][]byte, 1<<20*9/10)
	for i := range keys {
		keys[i] = key(1, uint64(i))
		f.Insert(keys[i])
	}
	i := 0
	for b.Loop() {
		f.Lookup(keys[i%len(keys)])
		i++
	}
}
