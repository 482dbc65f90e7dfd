// Package hashset is cuckoo hashing over two tables, seeded from the clock: a correct hash set
// that imports time, which the rule allows (a clock keeps no map).
package hashset

import "time"

// Cuckoo hashing, two tables.
type slot struct {
	key int
	ok  bool
}

type HashSet struct {
	t       [2][]slot
	bits    uint
	n       int
	seed    uint64
	pending int
}

func New() *HashSet {
	s := &HashSet{seed: uint64(time.Now().UnixNano()) | 1}
	s.alloc(4)
	return s
}

func (s *HashSet) alloc(bits uint) {
	s.bits = bits
	s.t[0] = make([]slot, 1<<bits)
	s.t[1] = make([]slot, 1<<bits)
	s.n = 0
}

func (s *HashSet) h(which int, key int) int {
	x := uint64(key)
	if which == 0 {
		return int((x * 0x9E3779B97F4A7C15) >> (64 - s.bits))
	}
	x ^= s.seed
	x ^= x >> 31
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 29
	x *= 0x94d049bb133111eb
	x ^= x >> 32
	return int(x >> (64 - s.bits))
}

func (s *HashSet) Contains(key int) bool {
	a := s.t[0][s.h(0, key)]
	if a.ok && a.key == key {
		return true
	}
	b := s.t[1][s.h(1, key)]
	return b.ok && b.key == key
}

func (s *HashSet) Remove(key int) {
	for w := 0; w < 2; w++ {
		i := s.h(w, key)
		if s.t[w][i].ok && s.t[w][i].key == key {
			s.t[w][i].ok = false
			s.n--
			return
		}
	}
}

func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	if (s.n+1)*2 > len(s.t[0]) {
		s.rehash(s.bits + 1)
	}
	for !s.try(key) {
		// displaced key returned in s.pending
		k := s.pending
		s.seed = s.seed*6364136223846793005 + 1442695040888963407
		s.rehash(s.bits + 1)
		key = k
	}
}

func (s *HashSet) rehash(bits uint) {
	var all []int
	for w := 0; w < 2; w++ {
		for _, sl := range s.t[w] {
			if sl.ok {
				all = append(all, sl.key)
			}
		}
	}
	for {
		s.alloc(bits)
		okAll := true
		for _, k := range all {
			if !s.try(k) {
				all = append(all, s.pending)
				s.seed = s.seed*6364136223846793005 + 1442695040888963407
				bits++
				okAll = false
				break
			}
		}
		if okAll {
			return
		}
		// rebuild list without duplicates: collect from tables + remaining
		var again []int
		seen := 0
		_ = seen
		for w := 0; w < 2; w++ {
			for _, sl := range s.t[w] {
				if sl.ok {
					again = append(again, sl.key)
				}
			}
		}
		// keys not yet tried are in all after the failure point; simpler: dedupe by reinserting all
		all = dedupe(append(again, all...))
	}
}

func dedupe(a []int) []int {
	// sort-free dedupe using a tiny open-addressing table of our own
	size := 1
	for size < 2*len(a)+2 {
		size <<= 1
	}
	keys := make([]int, size)
	used := make([]bool, size)
	out := a[:0:0]
	for _, k := range a {
		i := int((uint64(k)*0x9E3779B97F4A7C15)>>1) & (size - 1)
		for used[i] && keys[i] != k {
			i = (i + 1) & (size - 1)
		}
		if !used[i] {
			used[i] = true
			keys[i] = k
			out = append(out, k)
		}
	}
	return out
}

func (s *HashSet) try(key int) bool {
	w := 0
	for step := 0; step < 64; step++ {
		i := s.h(w, key)
		if !s.t[w][i].ok {
			s.t[w][i] = slot{key, true}
			s.n++
			return true
		}
		key, s.t[w][i].key = s.t[w][i].key, key
		w ^= 1
	}
	s.pending = key
	return false
}
