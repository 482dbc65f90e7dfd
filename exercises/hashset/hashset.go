// Package hashset is the exercise Design HashSet (Easy, slug design-hashset).
//
// Build a set of ints — [HashSet.Add], [HashSet.Remove], [HashSet.Contains] — on a hash table
// you write yourself, one that stays O(1) on average however many keys it holds.
//
// # Example
//
//	s := hashset.New()
//	s.Add(1)
//	s.Add(2)
//	s.Contains(1) // true
//	s.Contains(3) // false: 3 was never added
//	s.Add(2)      // already there: nothing changes
//	s.Contains(2) // true
//	s.Remove(2)
//	s.Contains(2) // false: a set holds each key once, so one Remove is enough
//
// # Constraints
//
// Keys are any int: negative numbers, 0, math.MinInt and math.MaxInt included, not only small
// ones. Removing a key that is absent does nothing.
//
// The rule: no built-in hash table. Your package uses no map — not as a type anywhere in the
// package (not even in a helper), not through sync.Map, not made at run time with reflect — and
// no other package's hash set or map. Slices and arrays are yours to use. So that no map hides
// in another package, the hash set imports only these: bytes, cmp, container/heap,
// container/list, container/ring, errors, fmt, hash, hash/adler32, hash/crc32, hash/crc64,
// hash/fnv, hash/maphash, iter, math, math/bits, math/rand, math/rand/v2, slices, sort,
// strconv, strings, sync, sync/atomic, time, unicode and unicode/utf8 (not os: the environment
// and the file system are maps too; print with fmt). The judge checks all this and reports a
// package that breaks it as rule_violation.
//
// # Expected cost
//
// O(1) on average per Add, Remove and Contains, at any size. That means the table must grow:
// the judge measures how each operation grows, and one that grows like n is reported as
// time_limit_exceeded.
//
// # The idea
//
// A hash table is an array of buckets. To find a key, compute a hash of it, reduce the hash to
// an index i into the array, and look only at bucket i. If the hash spreads keys evenly, each
// bucket holds only a few keys, so each operation touches O(1) of them.
//
// The hash has to handle every int. Keys may be negative, and in Go -7 % 8 is -7, which is no
// index. Convert first: uint64(key) turns every int, negative ones included, into a distinct
// unsigned number. Then mix its bits, so that keys with a pattern (all multiples of 1024, say)
// do not pile into one bucket. A simple good choice with a table of 2^b buckets is Fibonacci
// hashing: multiply by the odd constant 0x9E3779B97F4A7C15 and keep the top b bits,
// (uint64(key) * 0x9E3779B97F4A7C15) >> (64 - b).
//
// Two keys may still land in the same bucket: a collision. There are two classic ways to handle
// one:
//
//   - Separate chaining: each bucket is a small slice (or linked list) of keys, searched one by
//     one. Removing a key deletes it from its bucket's slice.
//   - Open addressing with linear probing: one flat slice of slots. To find a key, look at slot
//     i, then i+1, i+2, … (wrapping around) until you meet the key or an empty slot. Since every
//     int is a valid key, no int can mean "empty": keep a state for each slot (empty, full,
//     deleted). Removing needs care, because simply emptying a slot would cut the probe run of
//     keys stored after it and they would no longer be found. Either leave a tombstone (a
//     "deleted" mark that lookups step over and inserts may reuse), or use backward-shift
//     deletion (move the later keys of the run back to close the hole).
//
// The load factor α = keys / buckets decides the speed. With chaining, a bucket holds about α
// keys; with linear probing, probe runs stay short only while α is well below 1. A table of
// fixed size has α growing with n, so its chains or runs grow like n and every operation
// becomes O(n). So grow the table: when α passes a threshold (about 0.75 for chaining, about
// 0.5 for linear probing; count tombstones as occupied), allocate twice as many buckets and
// insert every key again — rehash — because a key's bucket depends on the table size. A
// rehash costs O(n), but doubling makes it rare: the next one comes only after as many new keys
// again, so n insertions cause at most n + n/2 + n/4 + … < 2n rehash moves in all. That is
// O(1) amortised per Add.
//
// # How to check your work
//
// From the kit's root, run
//
//	go run ./cmd/kata run hashset
//
// (or kata run hashset if you installed kata) to have the judge grade your code, and
// kata hint hashset when you want a hint. go test ./exercises/hashset runs the quick examples
// in hashset_test.go; they skip until you have written the code, and you are welcome to add
// your own. The judge grades the whole package, so you may split your work over more files.
package hashset

// HashSet is a set of ints built on a hash table of your own, with no built-in map.
// Create one with [New]; the zero value need not be usable.
type HashSet struct {
	// your fields here
}

// New returns an empty set.
func New() *HashSet {
	panic("not implemented")
}

// Add puts key in the set; if it is already there, nothing changes.
// Expected cost: O(1) on average (amortised over the table's growth).
func (s *HashSet) Add(key int) {
	panic("not implemented")
}

// Remove takes key out of the set; if it is absent, nothing changes.
// Expected cost: O(1) on average.
func (s *HashSet) Remove(key int) {
	panic("not implemented")
}

// Contains reports whether key is in the set.
// Expected cost: O(1) on average.
func (s *HashSet) Contains(key int) bool {
	panic("not implemented")
}
