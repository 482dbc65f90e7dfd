// Direct addressing instead of a map lookup: the ints are cut into pages of 2^21 slots, and a
// page is made the first time a value falls in it. Each page costs 16 MiB, and values spread
// over the whole int range each need a page of their own.
package randomizedset

import "math/rand/v2"

const pageBits = 21

type RandomizedSet struct {
	vals  []int
	pages map[int][]int // page number -> position+1 of each value of the page; 0: absent
}

func New() *RandomizedSet {
	return &RandomizedSet{pages: map[int][]int{}}
}

// slot returns where val's position is kept, making its page if need be.
func (s *RandomizedSet) slot(val int) *int {
	p := val >> pageBits
	page, ok := s.pages[p]
	if !ok {
		page = make([]int, 1<<pageBits)
		s.pages[p] = page
	}
	return &page[val&(1<<pageBits-1)]
}

func (s *RandomizedSet) Insert(val int) bool {
	at := s.slot(val)
	if *at != 0 {
		return false
	}
	s.vals = append(s.vals, val)
	*at = len(s.vals)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	at := s.slot(val)
	if *at == 0 {
		return false
	}
	i := *at - 1
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	*s.slot(last) = i + 1
	s.vals = s.vals[:len(s.vals)-1]
	*at = 0
	return true
}

func (s *RandomizedSet) GetRandom() int {
	return s.vals[rand.IntN(len(s.vals))]
}
