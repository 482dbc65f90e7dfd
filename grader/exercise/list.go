package exercise

// all is the practice list, in order.
var all = []*Exercise{
	{
		Name:       "hashset",
		Slug:       "design-hashset",
		Title:      "Design HashSet",
		Difficulty: Easy,
		Teaches:    "hashing into buckets without a built-in map, and growing the table to keep O(1)",
		Type:       "HashSet",
		API: []Func{
			{Name: "New", Sig: "func() *HashSet"},
			{Recv: "HashSet", Name: "Add", Sig: "func(int)"},
			{Recv: "HashSet", Name: "Remove", Sig: "func(int)"},
			{Recv: "HashSet", Name: "Contains", Sig: "func(int) bool"},
		},
		Ops: []Op{
			{Name: "Add", Expected: "O(1)"},
			{Name: "Remove", Expected: "O(1)"},
			{Name: "Contains", Expected: "O(1)"},
		},
		Hints: []string{
			"Keep a slice of buckets and pick a key's bucket from a hash of the key: " +
				"index = hash(key) & (len(buckets)-1) with a power-of-two length. " +
				"Negative keys need a hash that turns them into a valid index.",
			"Two keys can land in the same bucket. Either chain them (each bucket holds a " +
				"small slice of keys) or probe: try the next slot until you find the key or an empty one.",
			"A table with a fixed number of buckets is O(n) per operation once n is large: " +
				"count the keys and, when count/len(buckets) passes a load factor (1/2 for probing, " +
				"about 1 for chaining), allocate twice the buckets and re-insert every key. " +
				"Doubling makes the total cost of growing O(n) over n inserts: O(1) amortised.",
			"Mix the key's bits before taking the low ones: keys like 0, 1024, 2048, ... would " +
				"otherwise all share a bucket. Multiplying by 0x9E3779B97F4A7C15 and keeping the high " +
				"bits (Fibonacci hashing) spreads them. With probing, Remove must not leave a hole that " +
				"cuts a probe chain: mark the slot deleted (a tombstone) or shift later keys back.",
		},
		Noun:    "the hash set",
		NoBench: "no library stands in for it: solutions/hashset benchmarks the reference against Go's map",
		Rules: Rules{
			NoMap: true,
			// The rule is "no built-in map and no other package's map or set", and a deny-list of
			// such packages leaks: the environment (os.Setenv), the global flag set and
			// encoding/json all keep maps a learner can use as a set. These packages cannot serve
			// as one: arithmetic, hashing, sorting, formatting, synchronisation, clocks.
			Imports: []string{
				"bytes", "cmp", "container/heap", "container/list", "container/ring", "errors", "fmt",
				"hash", "hash/adler32", "hash/crc32", "hash/crc64", "hash/fnv", "hash/maphash", "iter",
				"math", "math/bits", "math/rand", "math/rand/v2", "slices", "sort", "strconv", "strings",
				"sync", "sync/atomic", "time", "unicode", "unicode/utf8",
			},
			ImportsWhy: "other packages keep maps a set could hide in, or reach past the rules as unsafe does",
		},
	},
	{
		Name:       "trie",
		Slug:       "implement-trie-prefix-tree",
		Title:      "Implement Trie (Prefix Tree)",
		Difficulty: Medium,
		Teaches:    "one node per prefix, one edge per letter, and an end-of-word marker",
		Type:       "Trie",
		API: []Func{
			{Name: "New", Sig: "func() *Trie"},
			{Recv: "Trie", Name: "Insert", Sig: "func(string)"},
			{Recv: "Trie", Name: "Search", Sig: "func(string) bool"},
			{Recv: "Trie", Name: "StartsWith", Sig: "func(string) bool"},
		},
		Ops: []Op{
			{Name: "Insert", Expected: "O(L)"},
			{Name: "Search", Expected: "O(L)"},
			{Name: "StartsWith", Expected: "O(L)"},
		},
		Hints: []string{
			"Do not keep a list of words: an operation must cost O(L) for a word of length L, " +
				"however many words are stored.",
			"Make a node for every prefix. A node has one child per letter: children [26]*node, " +
				"indexed by word[i]-'a'. Insert walks down from the root, creating missing children.",
			"Search and StartsWith walk the same path; the difference is the end-of-word marker. " +
				"Set node.end = true where Insert stops, and let Search answer node.end at the end of " +
				"the walk, while StartsWith only needs the path to exist.",
		},
		Noun:    "the trie",
		NoBench: "no library stands in for it: solutions/trie benchmarks the reference against the textbook trie of 26-way nodes",
	},
	{
		Name:       "randomizedset",
		Slug:       "insert-delete-getrandom-o1",
		Title:      "Insert Delete GetRandom O(1)",
		Difficulty: Medium,
		Teaches:    "a slice plus an index map, and removal by swapping with the last element",
		Type:       "RandomizedSet",
		API: []Func{
			{Name: "New", Sig: "func() *RandomizedSet"},
			{Recv: "RandomizedSet", Name: "Insert", Sig: "func(int) bool"},
			{Recv: "RandomizedSet", Name: "Remove", Sig: "func(int) bool"},
			{Recv: "RandomizedSet", Name: "GetRandom", Sig: "func() int"},
		},
		Ops: []Op{
			{Name: "Insert", Expected: "O(1)"},
			{Name: "Remove", Expected: "O(1)"},
			{Name: "GetRandom", Expected: "O(1)"},
		},
		Hints: []string{
			"GetRandom is easy if the values sit in a slice: pick a uniform index with " +
				"rand.IntN(len(values)). A map alone cannot give you a uniform random key in O(1).",
			"Insert and Remove must find a value fast: keep a map from value to its index in the slice.",
			"Removing from the middle of a slice shifts everything after it: O(n). Instead, move " +
				"the last element into the hole, update its index in the map, delete the removed value " +
				"from the map, and shrink the slice by one.",
		},
		Noun:    "the randomized set",
		NoBench: "no library stands in for it: solutions/randomizedset benchmarks the reference against the textbook map and slice",
	},
	{
		Name:       "bloom",
		Slug:       "bloom-filter",
		Title:      "Bloom filter",
		Difficulty: Medium,
		Teaches:    "k hash positions in m bits: no false negatives, a false-positive rate you can size",
		Type:       "Filter",
		API: []Func{
			{Name: "New", Sig: "func(uint64, uint) *Filter"},
			{Name: "NewWithEstimates", Sig: "func(uint64, float64) *Filter"},
			{Recv: "Filter", Name: "Add", Sig: "func([]byte)"},
			{Recv: "Filter", Name: "Test", Sig: "func([]byte) bool"},
			{Recv: "Filter", Name: "M", Sig: "func() uint64"},
			{Recv: "Filter", Name: "K", Sig: "func() uint"},
			{Name: "OptimalM", Sig: "func(uint64, float64) uint64"},
			{Name: "OptimalK", Sig: "func(uint64, uint64) uint"},
			{Name: "FalsePositiveRate", Sig: "func(uint64, uint64, uint) float64"},
		},
		Ops: []Op{
			{Name: "Add", Expected: "O(k)"},
			{Name: "Test", Expected: "O(k)"},
		},
		Hints: []string{
			"Store m bits in a []uint64: bit i lives in word i/64 at position i%64. " +
				"Add sets k bits chosen from the key's hash; Test reports whether all k are set.",
			"A Bloom filter never forgets: Test must look at exactly the bits Add set, and nothing " +
				"may clear a bit. That is why there are no false negatives, and why it cannot delete.",
			"You do not need k hash functions: hash the key once (xxhash.Sum64) into h1 and derive " +
				"h2 from it, then position i is (h1 + i*h2) mod m (double hashing). Positions h+i, " +
				"next to each other, are correlated and push the false-positive rate far above theory.",
			"Sizing: after n keys the false-positive rate is about (1 - e^(-kn/m))^k. It is lowest " +
				"at k* = (m/n) ln 2, and m = -n ln p / (ln 2)^2 bits give rate p: about 9.6 bits per key " +
				"for 1%. Compare the floor and the ceiling of k* and keep the better one.",
		},
		Noun:  "the Bloom filter",
		Rules: Rules{Libraries: []string{"github.com/cespare/xxhash/v2"}},
	},
	{
		Name:       "countingbloom",
		Slug:       "counting-bloom-filter",
		Title:      "Counting Bloom filter",
		Difficulty: Medium,
		Teaches:    "a Bloom filter that can forget: 4-bit counters packed 16 to a word, saturation that sticks",
		Type:       "Filter",
		API: []Func{
			{Name: "New", Sig: "func(uint64, uint) *Filter"},
			{Recv: "Filter", Name: "Add", Sig: "func([]byte)"},
			{Recv: "Filter", Name: "Remove", Sig: "func([]byte) bool"},
			{Recv: "Filter", Name: "Test", Sig: "func([]byte) bool"},
			{Recv: "Filter", Name: "Count", Sig: "func([]byte) uint"},
			{Recv: "Filter", Name: "M", Sig: "func() uint64"},
			{Recv: "Filter", Name: "K", Sig: "func() uint"},
		},
		Ops: []Op{
			{Name: "Add", Expected: "O(k)"},
			{Name: "Remove", Expected: "O(k)"},
			{Name: "Test", Expected: "O(k)"},
			{Name: "Count", Expected: "O(k)"},
		},
		Hints: []string{
			"Start from a Bloom filter and make each bit a counter: Add adds 1 to the key's k counters, " +
				"Test checks that all k are above 0, Count returns the smallest of them, and Remove subtracts 1 " +
				"from each, so that a removed key's positions can fall back to 0.",
			"Pack the counters: 4 bits each, 16 to a uint64. Counter i lives in word i/16 at shift 4*(i%16); " +
				"read it with (w >> shift) & 0xF and change it by adding or subtracting 1 << shift, once you " +
				"know it will not pass 15 or go below 0.",
			"A counter at 15 has lost its true count: leave it at 15 on Add, and never subtract from it on " +
				"Remove, or a key that still needs it may test false. And Remove must first check the key: " +
				"if Test(key) is false, return false and change nothing, since its counters belong to other keys.",
			"Hash the key once (xxhash.Sum64) and derive the k positions by double hashing, h1 + i·h2 mod m, " +
				"as in the Bloom filter. When two positions coincide, that counter moves by 2: do not skip " +
				"repeated positions, so Add and Remove stay each other's inverse.",
		},
		Noun:  "the counting Bloom filter",
		Rules: Rules{Libraries: []string{"github.com/cespare/xxhash/v2"}},
	},
	{
		Name:       "cuckoo",
		Slug:       "cuckoo-filter",
		Title:      "Cuckoo filter",
		Difficulty: Hard,
		Teaches:    "16-bit fingerprints in two buckets found from each other: a filter that can delete",
		Type:       "Filter",
		API: []Func{
			{Name: "New", Sig: "func(uint64) *Filter"},
			{Recv: "Filter", Name: "Insert", Sig: "func([]byte) bool"},
			{Recv: "Filter", Name: "Lookup", Sig: "func([]byte) bool"},
			{Recv: "Filter", Name: "Delete", Sig: "func([]byte) bool"},
			{Recv: "Filter", Name: "Count", Sig: "func() uint64"},
			{Recv: "Filter", Name: "Buckets", Sig: "func() uint64"},
		},
		Ops: []Op{
			{Name: "Insert", Expected: "O(1)"},
			{Name: "Lookup", Expected: "O(1)"},
			{Name: "Delete", Expected: "O(1)"},
		},
		Hints: []string{
			"Keep B buckets of 4 slots in one []uint16 of 4B entries: bucket i is slots[4i:4i+4], and 0 " +
				"marks an empty slot. Hash the key once (xxhash.Sum64): its low bits choose bucket i1 " +
				"(h & (B-1)), and 16 other bits, never 0, are its fingerprint.",
			"A key lives in bucket i1 or i2 = i1 ^ (hash(fp) & (B-1)). The XOR makes each bucket the " +
				"other's alternate: from a stored fingerprint in bucket i you find its other bucket " +
				"i ^ (hash(fp) & (B-1)) without the key. Lookup and Delete check both buckets' 4 slots.",
			"Insert: a free slot in i1 or i2 takes the fingerprint. Otherwise swap it with a random " +
				"fingerprint of one of the two buckets and carry the evicted one to its other bucket, " +
				"at most 500 times. Duplicates are fine: each Insert stores one more copy.",
			"When the 500 kicks are spent, the fingerprint in your hand belongs to a key inserted earlier: " +
				"dropping it makes that key look up false. Undo the swaps in reverse order (remember " +
				"each slot you wrote), or keep that fingerprint aside and check it in Lookup and Delete.",
		},
		Noun:  "the cuckoo filter",
		Rules: Rules{Libraries: []string{"github.com/cespare/xxhash/v2"}},
	},
	{
		Name:       "quotientfilter",
		Slug:       "quotient-filter",
		Title:      "Quotient filter",
		Difficulty: Hard,
		Teaches:    "fingerprints split into a slot and a remainder, kept in sorted runs: a filter that deletes and merges",
		Type:       "Filter",
		API: []Func{
			{Name: "New", Sig: "func(uint, uint) *Filter"},
			{Recv: "Filter", Name: "Insert", Sig: "func([]byte) bool"},
			{Recv: "Filter", Name: "Lookup", Sig: "func([]byte) bool"},
			{Recv: "Filter", Name: "Delete", Sig: "func([]byte) bool"},
			{Recv: "Filter", Name: "Count", Sig: "func() uint64"},
			{Recv: "Filter", Name: "Merge", Sig: "func(*Filter) bool"},
		},
		Ops: []Op{
			{Name: "Insert", Expected: "O(1)"},
			{Name: "Lookup", Expected: "O(1)"},
			{Name: "Delete", Expected: "O(1)"},
			{Name: "Merge", Expected: "O(2^q)"},
		},
		Hints: []string{
			"Hash the key once to 64 bits (xxhash.Sum64) and keep its low q+r bits: the high q are the " +
				"quotient, the key's canonical slot, and the low r its remainder. Store the remainders packed " +
				"r bits each in a []uint64, with three bits per slot beside them: occupied (some fingerprint " +
				"has this slot as its quotient), continuation (this slot continues a run) and shifted (the " +
				"remainder here is not in its canonical slot).",
			"The remainders of one quotient form a run, kept together in sorted order; runs that touch form " +
				"a cluster. To find the run of quotient fq, walk back from fq to the start of its cluster (a " +
				"slot that is not shifted), then forward, counting occupied slots against run starts, until " +
				"you reach fq's run. Every index is taken mod 2^q: a cluster may wrap past the last slot.",
			"Insert sets occupied at fq, finds where the remainder belongs in its run, and shifts every " +
				"remainder from there to the next empty slot one slot to the right, setting shifted and " +
				"fixing continuation as they move. Count the fingerprints: when 2^q are stored, return false " +
				"before changing anything. Delete is the reverse: take the remainder out, shift the rest of " +
				"the cluster back left, and clear occupied when a run empties.",
			"Merge needs no keys: a stored fingerprint is its run's quotient and its remainder, so walking " +
				"g's table yields its fingerprints in sorted order. Check q, r and room first, then re-insert " +
				"them into f, or merge the two sorted streams into a new table. Every Filter must use the " +
				"same hash, so that a key has one fingerprint in f and in g.",
		},
		Noun:  "the quotient filter",
		Rules: Rules{Libraries: []string{"github.com/cespare/xxhash/v2"}},
	},
	{
		Name:       "skiplist",
		Slug:       "design-skiplist",
		Title:      "Design Skiplist",
		Difficulty: Hard,
		Teaches:    "express lanes chosen by coin flips: expected O(log n) without balancing",
		Type:       "Skiplist",
		API: []Func{
			{Name: "New", Sig: "func() *Skiplist"},
			{Recv: "Skiplist", Name: "Search", Sig: "func(int) bool"},
			{Recv: "Skiplist", Name: "Add", Sig: "func(int)"},
			{Recv: "Skiplist", Name: "Erase", Sig: "func(int) bool"},
		},
		Ops: []Op{
			{Name: "Search", Expected: "O(log n)"},
			{Name: "Add", Expected: "O(log n)"},
			{Name: "Erase", Expected: "O(log n)"},
		},
		Hints: []string{
			"Start from a sorted linked list with a sentinel head. It is correct but O(n): the " +
				"rest of the exercise is about skipping.",
			"Give each node a tower of next pointers, one per level. Flip a coin for each new node: " +
				"while heads, add a level. Half the nodes reach level 2, a quarter level 3, ...: " +
				"express lanes with about 2 pointers per node in all.",
			"Search from the top level of the head: move right while the next key is smaller than " +
				"the target, otherwise drop one level. At level 0 the next node is the target or it is absent.",
			"For Add and Erase, remember the last node visited on every level (the update vector): " +
				"those are exactly the nodes whose next pointers you splice. Duplicates are separate " +
				"nodes; Erase unlinks one of them at every level it reaches.",
		},
		Noun: "the skip list",
	},
	{
		Name:       "sortedset",
		Slug:       "sorted-set",
		Title:      "Sorted set",
		Difficulty: Hard,
		Teaches:    "a skip list whose links count what they skip: rank and range queries in O(log n), as Redis's ZSET",
		Type:       "SortedSet",
		Structs:    []Struct{{Name: "Member", Fields: "Name string; Score float64"}},
		API: []Func{
			{Name: "New", Sig: "func() *SortedSet"},
			{Recv: "SortedSet", Name: "Add", Sig: "func(string, float64) bool"},
			{Recv: "SortedSet", Name: "Remove", Sig: "func(string) bool"},
			{Recv: "SortedSet", Name: "Score", Sig: "func(string) (float64, bool)"},
			{Recv: "SortedSet", Name: "Rank", Sig: "func(string) (int, bool)"},
			{Recv: "SortedSet", Name: "Len", Sig: "func() int"},
			{Recv: "SortedSet", Name: "RangeByRank", Sig: "func(int, int) []Member"},
			{Recv: "SortedSet", Name: "RangeByScore", Sig: "func(float64, float64) []Member"},
		},
		Ops: []Op{
			{Name: "Add", Expected: "O(log n)"},
			{Name: "Remove", Expected: "O(log n)"},
			{Name: "Score", Expected: "O(1)"},
			{Name: "Rank", Expected: "O(log n)"},
			{Name: "Len", Expected: "O(1)"},
			{Name: "RangeByRank", Expected: "O(log n + r)"},
			{Name: "RangeByScore", Expected: "O(log n + r)"},
		},
		Hints: []string{
			"Keep two structures side by side: a map from name to score answers Score in O(1) and " +
				"tells Add whether a name is new; an ordered structure keyed by (score, name) answers " +
				"the order. Compare two members by score first, then by name, and never with the " +
				"score's bits: -0 and 0 are one score.",
			"A skip list ordered by (score, name) gives Add and Remove in O(log n), but Rank would " +
				"still walk the bottom level. Give every forward pointer a span: how many bottom-level " +
				"steps it jumps. Rank then sums the spans of the links it follows on the way down.",
			"Add and Remove keep the spans right with the update vector: remember, on each level, the " +
				"last node before the member and its rank (rank[i]). A new node of height h on level i " +
				"gets span update[i].span[i] - (rank[0] - rank[i]); update[i] gets rank[0] - rank[i] + 1; " +
				"levels above h just count one more. Remove does the reverse.",
			"RangeByRank turns negative positions into Len()+p, clips, then walks down by spans to " +
				"position start (O(log n)) and along the bottom level for the r members: O(log n + r). " +
				"RangeByScore finds the first member with score >= min the same way. Return a new " +
				"slice each time, never one the set keeps, and update a score as a Remove then an Add.",
		},
		Noun: "the sorted set",
	},
	{
		Name:       "concurrentset",
		Slug:       "concurrent-skiplist",
		Title:      "Concurrent skip list",
		Difficulty: Hard,
		Teaches:    "a lazy skip list: lock only the nodes a change touches, validate, and let readers walk without locks",
		Type:       "Set",
		API: []Func{
			{Name: "New", Sig: "func() *Set"},
			{Recv: "Set", Name: "Add", Sig: "func(int) bool"},
			{Recv: "Set", Name: "Remove", Sig: "func(int) bool"},
			{Recv: "Set", Name: "Contains", Sig: "func(int) bool"},
			{Recv: "Set", Name: "Len", Sig: "func() int"},
			{Recv: "Set", Name: "Range", Sig: "func(int, int) iter.Seq[int]"},
		},
		Ops: []Op{
			{Name: "Add", Expected: "O(log n)"},
			{Name: "Remove", Expected: "O(log n)"},
			{Name: "Contains", Expected: "O(log n)"},
			{Name: "Len", Expected: "O(1)"},
			{Name: "Range", Expected: "O(log n + r)"},
		},
		Hints: []string{
			"Start correct: a skip list behind one sync.Mutex is linearizable and has no race, but two " +
				"goroutines then do less than one alone (about 0.4 of its rate on two cores). Operations on " +
				"different keys must be able to run at once, so the lock has to become many small ones.",
			"The lazy skip list (Herlihy, Lev, Luchangco and Shavit): each node has its own sync.Mutex, a " +
				"marked flag (logically removed) and a fullyLinked flag, all read with sync/atomic. Contains " +
				"takes no lock: it searches as the sequential skip list does and answers found, fullyLinked " +
				"and not marked.",
			"Add finds the predecessors and successors on every level without locks, then locks the " +
				"predecessors from the bottom up and validates: each is unmarked and still points at its " +
				"successor. If not, unlock and search again; if so, link the new node bottom up and set " +
				"fullyLinked last. Remove marks the node under its own lock first (that is when it takes " +
				"effect), then locks and validates the predecessors and unlinks it top down.",
			"Len reads a counter (atomic.Int64) that each successful Add and Remove changes. Range walks " +
				"level 0 from the first key >= lo with atomic loads, yielding unmarked keys up to hi, and " +
				"holds no lock while it calls yield. math.MinInt and math.MaxInt are real keys: give the " +
				"head and tail sentinels a flag instead of reserving keys for them.",
		},
		Noun: "the concurrent set",
		Race: true,
	},
	{
		Name:       "lsm",
		Slug:       "lsm-tree",
		Title:      "LSM tree: skip a disk read",
		Difficulty: Hard,
		Teaches:    "a sorted memtable flushed to immutable tables, each with a Bloom filter that lets a read skip it",
		Type:       "DB",
		Interfaces: []Interface{{Name: "Disk", Methods: []Func{
			{Name: "Create", Sig: "func(string, []byte) error"},
			{Name: "ReadAt", Sig: "func(string, []byte, int64) (int, error)"},
			{Name: "Size", Sig: "func(string) (int64, error)"},
			{Name: "Remove", Sig: "func(string) error"},
			{Name: "List", Sig: "func() ([]string, error)"},
		}}},
		Structs: []Struct{{Name: "Options", Fields: "MemtableBytes int; BitsPerKey int"}},
		API: []Func{
			{Name: "Open", Sig: "func(Disk, Options) (*DB, error)"},
			{Recv: "DB", Name: "Put", Sig: "func([]byte, []byte) error"},
			{Recv: "DB", Name: "Get", Sig: "func([]byte) ([]byte, bool, error)"},
			{Recv: "DB", Name: "Delete", Sig: "func([]byte) error"},
			{Recv: "DB", Name: "Flush", Sig: "func() error"},
			{Recv: "DB", Name: "Compact", Sig: "func() error"},
			{Recv: "DB", Name: "Close", Sig: "func() error"},
		},
		Ops: []Op{
			{Name: "Put", Expected: "O(log m)"},
			{Name: "Delete", Expected: "O(log m)"},
			{Name: "Get", Expected: "O(log m + T + log N)"},
			{Name: "Flush", Expected: "O(m)"},
			{Name: "Compact", Expected: "O(N log T)"},
		},
		Hints: []string{
			"Keep the memtable sorted (a skip list, or a sorted slice and binary search), one entry per " +
				"key. A Delete is an entry too, a tombstone, so that an older table's value stays hidden. " +
				"Add up len(key)+len(value) of its entries and flush when the sum reaches MemtableBytes.",
			"A table is one file written whole: its entries in key order (each a key, a tombstone flag " +
				"and a value, with their lengths), an index of the first key and offset of every 4 KiB " +
				"block, the Bloom filter's bits, and a fixed-size footer saying where the index and the " +
				"filter start. Name tables by a counter (000001.sst, 000002.sst) so that their order is " +
				"their age.",
			"Get looks in the memtable, then in the tables from newest to oldest, and stops at the first " +
				"that holds the key or its tombstone. Ask a table's filter before anything and read nothing " +
				"of it when the filter says absent; otherwise search its index in memory and read the one " +
				"block that can hold the key.",
			"Files outlive the process, so the filter's hash must not depend on it: hash/fnv or a " +
				"function of your own, never hash/maphash. Derive the k positions from one 64-bit hash by " +
				"double hashing, with k = round(BitsPerKey·ln 2). Open reads each table's footer, index and " +
				"filter once. Compact merges every table, newest first wins, drops the tombstones, writes " +
				"the new table and only then removes the old ones.",
		},
		Noun: "the LSM tree",
		Rules: Rules{
			Denied:    []string{"hash/maphash"},
			DeniedWhy: "its seeds differ per process, and the store's files must read the same in every process",
		},
	},
}
