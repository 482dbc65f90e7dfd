// Package randomizedset keeps the value-to-index map in its own linear-probing table, and Remove
// only clears the value's slot: that cuts the probe run, and a value stored after it is lost.
package randomizedset

import "math/rand/v2"

// open addressing table, linear probing
type entry struct {
	key  int
	idx  int
	used bool
}

type RandomizedSet struct {
	tab  []entry
	cnt  int
	vals []int
}

func New() *RandomizedSet { return &RandomizedSet{tab: make([]entry, 16)} }

func hash(k int) uint64 {
	x := uint64(k)
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

func (s *RandomizedSet) find(k int) int {
	mask := uint64(len(s.tab) - 1)
	i := hash(k) & mask
	for {
		e := &s.tab[i]
		if !e.used {
			return -1 - int(i)
		}
		if e.key == k {
			return int(i)
		}
		i = (i + 1) & mask
	}
}

func (s *RandomizedSet) grow() {
	old := s.tab
	s.tab = make([]entry, 2*len(old))
	for _, e := range old {
		if e.used {
			j := s.find(e.key)
			s.tab[-1-j] = e
		}
	}
}

func (s *RandomizedSet) Insert(val int) bool {
	if s.find(val) >= 0 {
		return false
	}
	if (s.cnt+1)*2 > len(s.tab) {
		s.grow()
	}
	j := -1 - s.find(val)
	s.tab[j] = entry{key: val, idx: len(s.vals), used: true}
	s.cnt++
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) del(i int) {
	s.tab[i].used = false // just clear the slot (breaks probe chains)
}

func (s *RandomizedSet) Remove(val int) bool {
	i := s.find(val)
	if i < 0 {
		return false
	}
	p := s.tab[i].idx
	last := s.vals[len(s.vals)-1]
	s.vals[p] = last
	if last != val {
		s.tab[s.find(last)].idx = p
	}
	s.vals = s.vals[:len(s.vals)-1]
	s.del(s.find(val))
	s.cnt--
	return true
}

func (s *RandomizedSet) GetRandom() int { return s.vals[rand.IntN(len(s.vals))] }
