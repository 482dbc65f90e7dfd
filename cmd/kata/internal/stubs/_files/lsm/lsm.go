// Package lsm is the exercise LSM tree: skip a disk read (Hard, slug lsm-tree).
//
// Build a log-structured merge tree, the storage engine of LevelDB, RocksDB and Cassandra, and
// the place where Bloom filters earn their living today. Writes go to a sorted structure in
// memory, the memtable (often a skip list); when it is full it is written out whole as an
// immutable sorted table, and every table carries a Bloom filter of its keys, so that a read
// asks each table's filter before it reads anything and skips every table that surely does not
// hold the key. You write the store; a Disk to keep its files on is given (see below).
//
// # Example
//
//	d := lsm.NewMemDisk()                              // or lsm.OpenDir("data") for a real folder
//	db, err := lsm.Open(d, lsm.Options{MemtableBytes: 64})
//	db.Put([]byte("gopher"), []byte("blue"))           // in the memtable
//	db.Get([]byte("gopher"))                           // []byte("blue"), true, nil
//	db.Put([]byte("gopher"), []byte("teal"))           // replaces it: one entry per key
//	db.Delete([]byte("rust"))                          // fine, though rust was never put
//	db.Flush()                                         // the memtable becomes table 1
//	db.Delete([]byte("gopher"))                        // a tombstone in the memtable
//	db.Get([]byte("gopher"))                           // nil, false, nil: the tombstone hides table 1's value
//	db.Put([]byte("zebra"), nil)                       // an empty value is a value
//	db.Close()                                         // flushes: table 2
//	db, err = lsm.Open(d, lsm.Options{MemtableBytes: 64})
//	db.Get([]byte("zebra"))                            // []byte{}, true, nil (nil is fine too)
//	db.Get([]byte("gopher"))                           // nil, false, nil
//	db.Compact()                                       // one table: zebra only
//
// # Constraints
//
// Get returns the value of the key's latest Put unless a Delete came after it; then
// (nil, false, nil). Put(k, nil) and Put(k, []byte{}) both store an empty value, and Get then
// returns ok true with a value of length 0. Keys are 1 to 1024 bytes, values 0 to 64 KiB, any
// bytes. The slices passed in stay the caller's: copy them (the judge overwrites them as soon as
// a call returns). A value Get returns is the caller's to change.
//
// The memtable's size is the sum of len(key)+len(value) over its entries, one entry per key (a
// later Put or Delete of the key replaces it; a deletion counts its key). The Put or Delete
// that brings it to MemtableBytes or more flushes it; no table is written before. Flush writes
// the memtable as one new table, and nothing when it is empty. Compact (which may flush first)
// turns all the tables into one holding each key's newest value and no deleted key; it writes
// the new table before it removes the old ones, and may leave no table when every key is deleted.
// Close flushes, and the DB is not used after.
//
// The store keeps its data only through the Disk: a file is created whole (Create) and never
// changed, only read (ReadAt) and at last removed. Other files than tables (a manifest, say)
// are allowed. Close then Open on the same Disk gives the same contents, in this process or
// another: nothing on disk may depend on the process.
//
// Every table holds a Bloom filter of its keys (deleted keys included) at BitsPerKey bits per
// key, kept in memory from the table's Flush, or the store's Open, until Close. Open may read
// every table once. A Get reads nothing of a table whose filter says absent (it may also skip a
// table whose key range cannot hold the key). The judge's Disk counts, for each Get, the tables
// it reads any byte of. A table may be several files (its values apart from its keys, say): the
// files one Flush or Compact writes that Gets read together count as one table, and a Get that
// reads more than three of them counts as touching more than one. With T tables and
// FP = 0.6185^BitsPerKey (0.8% at 10 bits per key), the mean must be at most 2·FP·T + 0.05 for
// keys that are nowhere and at most 1 + FP·T + 0.05 for keys that are present: above that is
// wrong_answer, however fast the store runs.
//
// Memory, measured between calls: the memtable, the filters (BitsPerKey/8 bytes per key) and a
// small index per table, about one entry (a key and an offset) per 4 KiB block. Table data is
// read from the Disk when needed, not kept: a store that keeps its tables' entries, or an index
// of every key of a table, in memory is memory_limit_exceeded. Flush and Compact may build a
// whole table in memory while they run. No method is called concurrently.
//
// The rule: the store is yours to write, so your package imports only the standard library,
// and not hash/maphash (its seeds differ per process, and the store's files must read the same
// in every process; hash/fnv, hash/crc32 and encoding/binary are fine). Nothing of the kit's
// own: copy your Bloom filter or skip list of the earlier exercises into this package if you
// like. The judge reports any other import as rule_violation.
//
// # Expected cost
//
// With m entries in the memtable, T tables and N entries on disk: Put and Delete O(log m); Get
// O(log m + T + log N), reading one block of the few tables its filters admit; Flush O(m);
// Compact O(N log T). The judge measures how Put grows with the memtable and Get with the
// tables' size and number; a Get that reads a whole table to find one key, or scans the
// memtable, is reported as time_limit_exceeded.
//
// # The idea, step by step
//
//  1. The memtable. A sorted map from key to entry, an entry being a value or a tombstone (a
//     mark that the key is deleted). A skip list, as in the skiplist exercise, with keys
//     compared by bytes.Compare. (A sorted slice with binary search shifts O(m) entries per
//     insertion: cheap memory moves for a memtable of a few MiB, but not O(log m); a list
//     searched from end to end is far too slow.) Keep the running sum of len(key)+len(value),
//     adjusting it when an entry is replaced.
//  2. Flush: write the memtable's entries, in key order, as one table file, then start an empty
//     memtable. Name the tables by a counter, 00000001.sst, 00000002.sst, ..., so that the
//     highest number is the newest table, and Open finds the order again from the names.
//  3. A table file. First the data blocks: entries one after the other, each its key's length,
//     the key, a flag or length saying value or tombstone, and the value (encoding/binary's
//     AppendUvarint writes lengths compactly); start a new block once the current one holds
//     4 KiB. Then the block index: for each block its first (or last) key and its offset and
//     length. Then the filter's bits. Last, a fixed-size footer that says where the index and the
//     filter start, so that Open can read the footer at Size−footer and find the rest.
//  4. In memory, for each table, keep only its index, its filter and its smallest and largest
//     keys. A Get binary-searches the index for the one block that can hold the key and reads
//     that block alone (one ReadAt of a few KiB), then scans it.
//  5. The filter. A Bloom filter of n·BitsPerKey bits for the table's n keys, with
//     k = round(BitsPerKey·ln 2) probes, which gives the false-positive rate 0.6185^BitsPerKey.
//     Hash the whole key with a hash that is the same in every process: FNV-1a from hash/fnv,
//     followed by a mixer such as the splitmix64 finalizer (raw FNV-1a barely mixes a key's last
//     bytes into its low bits), and derive the k positions by double hashing, h1 + i·h2.
//  6. Get: the memtable first, then the tables from newest to oldest. The first one holding the
//     key decides: its value, or its tombstone, which means absent, however many older tables
//     hold a value. Ask each table's key range and filter first, and touch the Disk only when
//     both say maybe.
//  7. Compact: a k-way merge. Open an iterator on each table (reading block by block), keep them
//     in a min-heap (container/heap) by current key, the newest table first among equal keys,
//     and take the smallest each time: the first entry of each key is its newest, the others are
//     skipped, and tombstones are dropped since no older table is left for them to hide. Write
//     the merged table, then remove the old ones.
//
// # What a write-ahead log would add
//
// The memtable lives in memory: a crash before Flush loses every write since the last table.
// Real engines first append each write to a log file (the write-ahead log) and replay it at
// Open, so a write survives as soon as Put returns; the log is dropped once its memtable is
// flushed. This exercise has none: the judge always Closes. (Real engines also compact in
// levels, a few tables at a time, instead of all at once, to bound the work of one compaction.)
//
// # Mistakes the judge knows
//
//   - Reading tables from oldest to newest, or stopping at the first table with a value and
//     skipping tombstones: an old value comes back after a Put or a Delete.
//   - Dropping a tombstone at Flush: the key's value in an older table comes back.
//   - A filter built on part of the key (its first 8 bytes, say): keys that share a prefix all
//     pass, and a Get reads every table.
//   - A filter that is not loaded back at Open: after a reopen every Get reads every table.
//   - hash/maphash, or any hash seeded per process: the filters written by one process say
//     "absent" for present keys in the next.
//   - Keeping the caller's slices, or returning the memtable's own value slice.
//   - Keeping every table's entries, or an index of every key, in memory.
//   - Writing a file in pieces, or writing a table before the memtable is full.
//
// # A Disk is given
//
// disk.go, in this package, is ready to use: Dir keeps the store's files in a folder of your
// machine (OpenDir("data")), so your store works for a real program, and MemDisk keeps them in
// memory, for your tests and for the judge's failing cases, which you can paste into a test.
//
// # How to check your work
//
// From the kit's root, run
//
//	go run ./cmd/kata run lsm
//
// (or kata run lsm if you installed kata) to have the judge grade your code, and kata hint lsm
// when you want a hint. go test ./exercises/lsm runs the quick examples in lsm_test.go; they
// skip until you have written the code, and you are welcome to add your own. The judge grades
// the whole package, so you may split your work over more files.
package lsm

// Disk holds the store's files. The judge passes one that counts reads; a program passes one
// over a folder (Dir).
type Disk interface {
	Create(name string, data []byte) error                // a whole new file at once; an error if name exists
	ReadAt(name string, p []byte, off int64) (int, error) // as io.ReaderAt
	Size(name string) (int64, error)
	Remove(name string) error
	List() ([]string, error) // every file's name, in no set order
}

// Options tune a store.
type Options struct {
	MemtableBytes int // flush once the memtable holds at least this many bytes of keys and values; 0 means 4 MiB
	BitsPerKey    int // Bloom filter bits per key in every table; 0 means 10
}

// DB is a log-structured merge tree over a Disk. Create one with [Open].
type DB struct {
	// your fields here
}

// Open opens the store on d: an empty store on an empty Disk, else the store that Close left
// on it. It may read every table once, and loads each table's filter.
func Open(d Disk, o Options) (*DB, error) {
	panic("not implemented")
}

// Put stores a copy of value under a copy of key, and flushes the memtable once it holds
// MemtableBytes or more. Expected cost: O(log m).
func (db *DB) Put(key, value []byte) error {
	panic("not implemented")
}

// Get returns the value of key's latest Put, or (nil, false, nil) if there is none or a Delete
// came after it. It reads nothing of a table whose filter says absent. Expected cost:
// O(log m + T + log N).
func (db *DB) Get(key []byte) (value []byte, ok bool, err error) {
	panic("not implemented")
}

// Delete records that key has no value (a tombstone); deleting an absent key is fine.
// Expected cost: O(log m).
func (db *DB) Delete(key []byte) error {
	panic("not implemented")
}

// Flush writes the memtable as one new table, and nothing when it is empty. Expected cost: O(m).
func (db *DB) Flush() error {
	panic("not implemented")
}

// Compact turns every table into one holding each key's newest value and no deleted key,
// written before the old tables are removed. Expected cost: O(N log T).
func (db *DB) Compact() error {
	panic("not implemented")
}

// Close flushes the memtable; the DB is not used after.
func (db *DB) Close() error {
	panic("not implemented")
}
