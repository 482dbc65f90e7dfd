// Package lsm_test benchmarks the kit's reference LSM tree, kata/solutions/lsm, against
// github.com/syndtr/goleveldb, the pure-Go LevelDB a Go programmer would otherwise pick, on the
// same workload: write benchN keys, then read keys present and keys never written.
package lsm_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/syndtr/goleveldb/leveldb"
	"github.com/syndtr/goleveldb/leveldb/filter"
	"github.com/syndtr/goleveldb/leveldb/opt"
	"github.com/syndtr/goleveldb/leveldb/storage"

	"kata/solutions/lsm"
)

// The benchmarks run each store as BenchmarkX/impl=NAME:
//
//   - kata-mem: the reference over an in-memory Disk (the judge's kind of Disk);
//   - kata-dir: the reference over a folder (lsm.Dir, one ReadAt syscall per block read);
//   - leveldb-mem and leveldb-dir: goleveldb over its in-memory storage and over a folder.
//
// Both use a 4 MiB memtable and a Bloom filter of 10 bits per key. goleveldb also keeps an
// 8 MiB cache of blocks and compacts in the background, which the reference (and the
// exercise's contract) leave out: the reference reads a block from its Disk at every Get.
// Keys are 16 bytes, values 100; the keys are written in random order.

const (
	benchN     = 200_000
	keyLen     = 16
	valueLen   = 100
	memtableMB = 4
)

// store is what the benchmarks drive.
type store interface {
	Put(k, v []byte) error
	Get(k []byte) ([]byte, bool, error)
	Close() error
}

type kataStore struct {
	db  *lsm.DB
	dir *lsm.Dir
}

func (s kataStore) Put(k, v []byte) error              { return s.db.Put(k, v) }
func (s kataStore) Get(k []byte) ([]byte, bool, error) { return s.db.Get(k) }
func (s kataStore) Close() error {
	err := s.db.Close()
	if s.dir != nil {
		s.dir.Close()
	}
	return err
}

type levelStore struct{ db *leveldb.DB }

func (s levelStore) Put(k, v []byte) error { return s.db.Put(k, v, nil) }
func (s levelStore) Get(k []byte) ([]byte, bool, error) {
	v, err := s.db.Get(k, nil)
	if err == leveldb.ErrNotFound {
		return nil, false, nil
	}
	return v, err == nil, err
}
func (s levelStore) Close() error { return s.db.Close() }

// impl opens a store; where is a folder for the on-disk stores, and a memory Disk is kept
// across reopenings in mem.
type impl struct {
	name string
	open func(b *testing.B, where string, mem *any) store
}

var impls = []impl{
	{"kata-mem", func(b *testing.B, _ string, mem *any) store {
		if *mem == nil {
			*mem = lsm.NewMemDisk()
		}
		db, err := lsm.Open((*mem).(*lsm.MemDisk), lsm.Options{MemtableBytes: memtableMB << 20, BitsPerKey: 10})
		if err != nil {
			b.Fatal(err)
		}
		return kataStore{db: db}
	}},
	{"kata-dir", func(b *testing.B, where string, _ *any) store {
		d, err := lsm.OpenDir(where)
		if err != nil {
			b.Fatal(err)
		}
		db, err := lsm.Open(d, lsm.Options{MemtableBytes: memtableMB << 20, BitsPerKey: 10})
		if err != nil {
			b.Fatal(err)
		}
		return kataStore{db: db, dir: d}
	}},
	{"leveldb-mem", func(b *testing.B, _ string, mem *any) store {
		if *mem == nil {
			*mem = storage.NewMemStorage()
		}
		db, err := leveldb.Open((*mem).(storage.Storage), levelOptions())
		if err != nil {
			b.Fatal(err)
		}
		return levelStore{db}
	}},
	{"leveldb-dir", func(b *testing.B, where string, _ *any) store {
		db, err := leveldb.OpenFile(where, levelOptions())
		if err != nil {
			b.Fatal(err)
		}
		return levelStore{db}
	}},
}

func levelOptions() *opt.Options {
	return &opt.Options{WriteBuffer: memtableMB << 20, Filter: filter.NewBloomFilter(10)}
}

// key writes key number i: 16 bytes, the number spread by a mixer so that keys come in random
// order. Odd numbers are never written.
func key(buf []byte, i uint64) []byte {
	buf = binary.BigEndian.AppendUint64(buf[:0], mix(i))
	return binary.BigEndian.AppendUint64(buf, i)
}

func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

var value = make([]byte, valueLen)

// BenchmarkPut times Puts of distinct keys into a fresh store, flushes included.
func BenchmarkPut(b *testing.B) {
	for _, im := range impls {
		b.Run("impl="+im.name, func(b *testing.B) {
			var mem any
			s := im.open(b, b.TempDir(), &mem)
			buf := make([]byte, 0, keyLen)
			i := uint64(0)
			for b.Loop() {
				if err := s.Put(key(buf, 2*i), value); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.StopTimer()
			s.Close()
		})
	}
}

// filled writes benchN keys, closes the store and opens it again: the data is on disk, the
// memtable empty.
func filled(b *testing.B, im impl) store {
	var mem any
	where := b.TempDir()
	s := im.open(b, where, &mem)
	buf := make([]byte, 0, keyLen)
	for i := range uint64(benchN) {
		if err := s.Put(key(buf, 2*i), value); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	return im.open(b, where, &mem)
}

// BenchmarkGet times Gets of keys present and of keys never written.
func BenchmarkGet(b *testing.B) {
	for _, present := range []bool{true, false} {
		for _, im := range impls {
			b.Run(fmt.Sprintf("present=%v/impl=%s", present, im.name), func(b *testing.B) {
				s := filled(b, im)
				defer s.Close()
				buf := make([]byte, 0, keyLen)
				i := uint64(0)
				for b.Loop() {
					n := 2 * (mix(i) % benchN)
					if !present {
						n++
					}
					_, ok, err := s.Get(key(buf, n))
					if err != nil || ok != present {
						b.Fatalf("Get of key %d: %v, %v", n, ok, err)
					}
					i++
				}
			})
		}
	}
}
