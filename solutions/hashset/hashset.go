// Package hashset is the reference solution of "Design HashSet".
//
// It is an open-addressing table with linear probing: the keys live in one
// flat array of slots, a key is stored in the first free slot at or after its
// home slot hash(key) mod size, and a lookup scans from the home slot until it
// finds the key or a free slot. Keeping the table at most half full makes the
// expected scan about 1.5 slots for a hit and 2.5 for a miss, and neighbouring
// slots share a cache line, so an operation costs about one cache miss.
package hashset

// HashSet stores its keys in a flat []int, 8 bytes a slot, with 0 meaning
// "free". The key 0 itself cannot go in the table, so a flag records it. (A
// used flag next to each key would also work, but at 16 bytes a slot it
// measured 1.5 to 2 times slower at 10^6 keys, once the table outgrows the
// caches.)
type HashSet struct {
	slots   []int // len is a power of two; 0 marks a free slot
	count   int   // non-zero keys in slots
	hasZero bool  // whether the key 0 is in the set
}

const minSize = 8

// New returns an empty set.
func New() *HashSet {
	return &HashSet{slots: make([]int, minSize)}
}

// hash mixes every bit of the key into every bit of the result (the
// splitmix64 finalizer), so that the low bits used as the home slot are well
// spread even for keys that differ only in their high bits, like multiples of
// 2^20, or that form a run, like 0, 1, 2, ...
func hash(key int) uint64 {
	x := uint64(key)
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// find returns the index of the slot that holds key (key != 0), or else of
// the free slot where the probe for key ended.
func (s *HashSet) find(key int) (i uint64, found bool) {
	mask := uint64(len(s.slots) - 1)
	for i = hash(key) & mask; s.slots[i] != 0; i = (i + 1) & mask {
		if s.slots[i] == key {
			return i, true
		}
	}
	return i, false
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	if key == 0 {
		return s.hasZero
	}
	_, found := s.find(key)
	return found
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if key == 0 {
		s.hasZero = true
		return
	}
	i, found := s.find(key)
	if found {
		return
	}
	if 2*(s.count+1) > len(s.slots) { // would pass load 1/2: double first
		s.grow()
		i, _ = s.find(key)
	}
	s.slots[i] = key
	s.count++
}

func (s *HashSet) grow() {
	old := s.slots
	s.slots = make([]int, 2*len(old))
	for _, key := range old {
		if key != 0 {
			i, _ := s.find(key)
			s.slots[i] = key
		}
	}
}

// Remove empties the key's slot and then repairs the probe runs that went
// through it, by backward shift: the keys after the hole, up to the next free
// slot, move back into the hole whenever the hole is on their probe path
// (between their home slot and where they are). Nothing marks a deleted slot,
// so lookups never slow down after many removals.
func (s *HashSet) Remove(key int) {
	if key == 0 {
		s.hasZero = false
		return
	}
	hole, found := s.find(key)
	if !found {
		return
	}
	mask := uint64(len(s.slots) - 1)
	for j := (hole + 1) & mask; s.slots[j] != 0; j = (j + 1) & mask {
		home := hash(s.slots[j]) & mask
		// Distances along the circular table: the key at j may fill the hole
		// if it is no closer to its home than the hole is.
		if (j-home)&mask >= (j-hole)&mask {
			s.slots[hole] = s.slots[j]
			hole = j
		}
	}
	s.slots[hole] = 0
	s.count--
}
