// Package countingbloom is the exercise Counting Bloom filter (Medium, slug counting-bloom-filter).
//
// Build a Bloom filter that can forget. A Bloom filter (the bloom exercise) keeps m bits and
// cannot delete a key, because clearing its bits may clear a bit another key needs. Replace each
// bit with a small counter — 4 bits, counting 0 to 15 — and deletion comes back, at four times
// the space: Add adds 1 to the key's k counters, Remove subtracts 1 from them, Test checks that
// all k are above 0, and Count returns the smallest of them.
//
// # Example
//
//	f := countingbloom.New(1024, 3) // 1024 counters of 4 bits, 3 hash functions
//	f.Add([]byte("gopher"))
//	f.Add([]byte("gopher"))
//	f.Count([]byte("gopher"))     // 2: its three counters are 2 (see "Coinciding positions")
//	f.Remove([]byte("gopher"))    // true, and Count is now 1
//	f.Test([]byte("gopher"))      // true: it was added twice and removed once
//	f.Remove([]byte("gopher"))    // true: every counter is back to 0
//	f.Test([]byte("gopher"))      // false
//	f.Remove([]byte("rustacean")) // false: it tests false, so nothing changes
//	f.M()                         // 1024
//	f.K()                         // 3
//
// # Constraints
//
// Keys are any byte slice, the empty slice and nil included (nil and empty are the same key).
// The filter never keeps a reference to a key: the caller may reuse or change the slice as soon
// as a call returns. Memory: at most m/2 bytes of counters plus a small constant, and no stored
// keys. So pack the counters, 16 to a uint64 — a []uint64 of (m+15)/16 words fits; a []uint8, one
// byte per counter, takes twice that and does not: the judge reports more memory than m/2 bytes
// as memory_limit_exceeded.
//
// The rules of the filter, exactly:
//
//   - Add(key) adds 1 to each of the key's k counters; a counter at 15 stays at 15.
//   - Remove(key) returns false and changes nothing if Test(key) is false. Otherwise it subtracts
//     1 from each of the key's k counters that is below 15, and returns true.
//   - Test(key) is true when all of the key's k counters are above 0.
//   - Count(key) is the smallest of the key's k counters, 0 to 15. It is never less than the
//     key's adds minus removes, while that is below 15 (other keys may share its counters and
//     make it more).
//   - M() and K() return m and k exactly as given to New, which panics if m == 0 or k == 0.
//
// Removing a key that tests true without having been added (a false positive), or more times
// than it was added, is the caller's error and may cause false negatives; the judge never does
// it. So, as for the Bloom filter: no sequence of Adds and Removes of added keys can make an
// added key test false.
//
// The rule: the filter is yours to write, so your package imports only the standard library
// and these: github.com/cespare/xxhash/v2 (no Bloom filter library, and nothing of the kit's
// own). The judge reports any other import as rule_violation.
//
// # Expected cost
//
// O(k) per Add, Remove, Test and Count, whatever n (the number of keys present) and m. The judge
// measures how each operation grows; one that grows with n or m is reported as
// time_limit_exceeded.
//
// # The idea
//
// Take the Bloom filter's k positions of a key, g_i = (h1 + i·h2) mod m from two hashes of the
// key (double hashing; the bloom exercise explains why that is enough), and keep a counter at
// each of the m positions instead of a bit. A counter says how many keys present use its
// position. Adding a key raises its k counters; removing it lowers the same k counters, so the
// filter is as if the key had never been added, and positions that no key present uses fall back
// to 0. Test asks what a Bloom filter asks — are all k positions in use? — so the false-positive
// rate with n keys present is the Bloom filter's, about
//
//	p ≈ (1 − e^(−k·n/m))^k
//
// whatever keys came and went before: a filter that fails to lower its counters on Remove shows
// the rate of every key ever added instead.
//
// # Why 4 bits are enough
//
// A counter's value is the number of the n·k positions of the keys present that land on it: about
// Poisson with mean k·n/m, which is ln 2 ≈ 0.69 in a filter sized for its keys (k = (m/n)·ln 2).
// Fan, Cao, Almeida and Broder (2000) bound the chance that any counter reaches 16:
//
//	P(max count ≥ 16) ≤ m·(e·ln 2 / 16)^16 ≈ 1.37·10⁻¹⁵·m
//
// so a filter of a billion counters overflows 4 bits with odds of about one in a million. A
// counter of 4 bits is a nibble: counter i lives in word i/16 at shift 4·(i%16). Read it with
// (w >> shift) & 0xF; add or subtract 1 << shift to change it, after checking that it will not
// pass 15 or go below 0, or the carry spills into the next counter.
//
// # Saturation sticks
//
// Overflow is rare, not impossible, and a key added many times fills its own counters: a key
// added 100 times needs a count of 100. So a counter stops at 15, and from then on its true
// count is unknown — it may be 15 or 100. Such a counter must never come down. Say a counter
// reached 15 while its true count went on to 20; if Remove lowered it from 15, fifteen removes of
// the keys behind it would bring it to 0 while five of them are still present, and those keys
// would test false: a false negative, the one error the filter promises never to make. A
// counter stuck at 15 costs a little false-positive rate, never a false negative. That is also
// why the counter must not wrap: a 4-bit counter at 15 plus 1 is 0 in 4 bits, and the key
// added 16 times tests false.
//
// # Remove checks first
//
// Remove of a key that tests false must change nothing. Such a key was never added (or was
// removed already), so the counters it maps to that are above 0 belong to other keys: lowering
// them would take positions away from keys that are present. Call Test (or look at the k
// counters) before you lower any of them, and return false if one is 0.
//
// # Coinciding positions
//
// Two of a key's k positions may be the same counter (always when m == 1, and by chance in any
// filter). Then that counter moves by 2 on Add, and by 2 on Remove: treat the k positions one by
// one, never as a set. A filter that skips repeated positions on Add but not on Remove (or the
// other way round) no longer undoes what it did, and reports Count wrong: with m == 1 and k == 3,
// one Add makes the only counter 3, and Count is 3.
//
// # How to check your work
//
// From the kit's root, run
//
//	go run ./cmd/kata run countingbloom
//
// (or kata run countingbloom if you installed kata) to have the judge grade your code, and
// kata hint countingbloom when you want a hint. go test ./exercises/countingbloom runs the quick
// examples in countingbloom_test.go; they skip until you have written the code, and you are
// welcome to add your own. The judge grades the whole package, so you may split your work over
// more files.
package countingbloom

// Filter is a counting Bloom filter of m 4-bit counters and k hash functions.
// Create one with [New]; the zero value need not be usable.
type Filter struct {
	// your fields here
}

// New returns an empty filter of m counters of 4 bits using k hash functions. It panics if
// m == 0 or k == 0. It allocates at most m/2 bytes of counters plus a small constant.
func New(m uint64, k uint) *Filter {
	panic("not implemented")
}

// Add adds 1 to each of the key's k counters (any byte slice, nil and empty included); a counter
// at 15 stays at 15. It does not keep a reference to key. Expected cost: O(k).
func (f *Filter) Add(key []byte) {
	panic("not implemented")
}

// Remove returns false, changing nothing, if Test(key) is false. Otherwise it subtracts 1 from
// each of the key's k counters that is below 15 (a saturated counter stays at 15) and returns
// true. It does not keep a reference to key. Expected cost: O(k).
func (f *Filter) Remove(key []byte) bool {
	panic("not implemented")
}

// Test returns false if key is definitely absent, and true if it is possibly present: true for
// every key added more times than removed, and true for others with about the false-positive
// rate. It does not keep a reference to key. Expected cost: O(k).
func (f *Filter) Test(key []byte) bool {
	panic("not implemented")
}

// Count returns the smallest of the key's k counters, 0 to 15: never less than the key's adds
// minus removes while that is below 15. It does not keep a reference to key. Expected cost: O(k).
func (f *Filter) Count(key []byte) uint {
	panic("not implemented")
}

// M returns the number of counters, m exactly as given to New.
func (f *Filter) M() uint64 {
	panic("not implemented")
}

// K returns the number of hash functions, k exactly as given to New.
func (f *Filter) K() uint {
	panic("not implemented")
}
