// Package bloom is the exercise Bloom filter (Medium, slug bloom-filter).
//
// Build a Bloom filter: a set of byte-string keys that stores no keys at all, only m bits. It
// answers "was this key added?" with either "definitely not" or "possibly", and the chance of a
// wrong "possibly" — a false positive — is something you choose when you size the filter. You
// also write the three formulas that size it: [OptimalM], [OptimalK] and [FalsePositiveRate].
//
// # Example
//
//	f := bloom.New(1024, 3) // 1024 bits, 3 hash functions
//	f.Add([]byte("gopher"))
//	f.Test([]byte("gopher"))    // true: an added key is always found
//	f.Test([]byte("rustacean")) // false (probably): a false positive has odds ≈ 2.5·10⁻⁸
//	f.M()                       // 1024
//	f.K()                       // 3
//
//	g := bloom.NewWithEstimates(1000, 0.01) // room for 1000 keys at a 1% false-positive rate
//	g.M()                                   // 9586 = OptimalM(1000, 0.01)
//	g.K()                                   // 7 = OptimalK(9586, 1000)
//
// # Constraints
//
// Keys are any byte slice, the empty slice and nil included. The filter never keeps a reference
// to a key: the caller may reuse or change the slice as soon as Add or Test returns. Memory: at
// most m/8 bytes of bit storage plus a small constant, and no stored keys. So pack the bits, 64
// to a uint64 — a []uint64 of (m+63)/64 words fits; a []bool, one byte per bit, does not: the
// judge reports more memory than that as memory_limit_exceeded.
//
// The rule: the filter is yours to write, so your package imports only the standard library
// and these: github.com/cespare/xxhash/v2 (no Bloom filter library, and nothing of the kit's
// own). The judge reports any other import as rule_violation.
//
// # Expected cost
//
// O(k) per Add and Test, whatever n (the number of keys added) and m. The judge measures how
// each operation grows; one that grows with n or m is reported as time_limit_exceeded.
//
// # The idea
//
// The filter is m bits, all 0 at first, and k hash functions, each mapping a key to a bit
// position in 0..m-1.
//
//   - Add(key) computes the key's k positions and sets those k bits to 1.
//   - Test(key) computes the same k positions and returns true only if all k bits are 1.
//
// There are no false negatives: the bits an added key set stay set, so Test finds them. There
// can be false positives: the k bits of a key never added may all have been set by other keys.
// After n keys, a given bit is still 0 with probability (1 − 1/m)^(kn) ≈ e^(−kn/m), so a key
// never added passes Test with probability
//
//	p ≈ (1 − e^(−kn/m))^k
//
// More hash functions check more bits but also fill the filter faster. The best trade-off is
// k* = (m/n)·ln 2, which leaves about half the bits set, so p = (1/2)^k*. Solving that for m
// gives the size needed for n keys at rate p:
//
//	m = −n·ln p / (ln 2)²
//
// which is about 9.6 bits per key for p = 1% (with k ≈ 7), whatever the keys' own size; each
// further 4.8 bits per key divides p by 10.
//
// # Two hashes are enough
//
// You need not find k independent hash functions. Compute two 64-bit hashes of the key, h1 and
// h2, and take the i-th position as
//
//	g_i = (h1 + i·h2) mod m,   for i = 0, 1, …, k−1
//
// This is double hashing (Kirsch and Mitzenmacher showed that it keeps the same false-positive
// rate as k independent hashes, as m grows). Make sure h2 mod m is not 0, or all k positions
// coincide. Overflow in h1 + i·h2 is harmless: uint64 arithmetic wraps, and the result is still
// a well-mixed number to reduce mod m. For the two hashes, the standard library offers
// hash/maphash (maphash.Bytes with two seeds chosen once per filter), and the kit's module
// already has github.com/cespare/xxhash/v2 (xxhash.Sum64, with h2 derived from it by a mixer
// such as the splitmix64 finalizer). Both mix every byte of the key into every bit of the hash.
// Beware of raw FNV-1a: it barely mixes a key's last bytes into its low bits, so keys that
// differ only at the end (sequential ids, numbers as text) land on correlated positions and
// the false-positive rate climbs far above the formula's.
//
// Why not the simpler h + i, that is k consecutive bits? Because then a key's positions are
// not spread out: they form one run, and two keys whose hashes are close share most of their
// runs. The k tests stop being independent: a key never added passes Test whenever its run
// lands inside a stretch of set bits, which is far more likely than k scattered bits all being
// set. Sized for 1000 keys at 1%, such a filter lets through around 20% of the keys never
// added, worse even than a single hash function (about 10%). The step h2, different for each
// key, is what spreads the positions apart.
//
// # No deletion
//
// A Bloom filter cannot remove a key. Each bit may have been set by several keys; clearing the
// bits of one key may clear a bit another key needs, and that key would then Test false — a
// false negative, the one error a Bloom filter promises never to make.
//
// # The sizing formulas, exactly
//
//   - OptimalM(n, p) = ⌈−n·ln p / (ln 2)²⌉, and at least 1 (so 1 when n == 0). It panics
//     unless 0 < p < 1.
//   - OptimalK(m, n) is the whole number k ≥ 1 that minimises FalsePositiveRate(m, n, k): take
//     x = (m/n)·ln 2 and compare its floor and its ceiling (never less than 1), returning
//     whichever gives the lower rate, the floor on a tie. It is 1 when n == 0. It panics if
//     m == 0.
//   - FalsePositiveRate(m, n, k) = (1 − e^(−k·n/m))^k, computed in float64. It panics if
//     m == 0.
//
// # How to check your work
//
// From the kit's root, run
//
//	go run ./cmd/kata run bloom
//
// (or kata run bloom if you installed kata) to have the judge grade your code, and
// kata hint bloom when you want a hint. go test ./exercises/bloom runs the quick examples in
// bloom_test.go; they skip until you have written the code, and you are welcome to add your own.
// The judge grades the whole package, so you may split your work over more files.
package bloom

// Filter is a Bloom filter of m bits and k hash functions.
// Create one with [New] or [NewWithEstimates]; the zero value need not be usable.
type Filter struct {
	// your fields here
}

// New returns an empty filter of m bits using k hash functions. It panics if m == 0 or k == 0.
// It allocates at most m/8 bytes of bit storage plus a small constant.
func New(m uint64, k uint) *Filter {
	panic("not implemented")
}

// NewWithEstimates returns an empty filter sized for n keys at false-positive rate p: it is
// New(m, k) with m = OptimalM(n, p) and k = OptimalK(m, n). Like OptimalM, it panics unless
// 0 < p < 1.
func NewWithEstimates(n uint64, p float64) *Filter {
	panic("not implemented")
}

// Add records key (any byte slice, nil and empty included) by setting its k bits. It does not
// keep a reference to key. Expected cost: O(k).
func (f *Filter) Add(key []byte) {
	panic("not implemented")
}

// Test returns false if key was definitely never added, and true if it possibly was: true for
// every added key, and true for others with about the false-positive rate. It does not keep a
// reference to key. Expected cost: O(k).
func (f *Filter) Test(key []byte) bool {
	panic("not implemented")
}

// M returns the number of bits, m exactly as given to New.
func (f *Filter) M() uint64 {
	panic("not implemented")
}

// K returns the number of hash functions, k exactly as given to New.
func (f *Filter) K() uint {
	panic("not implemented")
}

// OptimalM returns the number of bits needed for n keys at false-positive rate p:
// ⌈−n·ln p / (ln 2)²⌉, and at least 1. It panics unless 0 < p < 1.
func OptimalM(n uint64, p float64) uint64 {
	panic("not implemented")
}

// OptimalK returns the whole number k ≥ 1 that minimises FalsePositiveRate(m, n, k): the floor
// or the ceiling of (m/n)·ln 2 (neither less than 1), whichever gives the lower rate, the floor
// on a tie. It returns 1 when n == 0. It panics if m == 0.
func OptimalK(m, n uint64) uint {
	panic("not implemented")
}

// FalsePositiveRate returns (1 − e^(−k·n/m))^k, the approximate chance that a filter of m bits
// and k hash functions holding n keys answers true for a key never added. It panics if m == 0.
func FalsePositiveRate(m, n uint64, k uint) float64 {
	panic("not implemented")
}
