// Wrong (Remove never removes), with assembly that reads the judge's signing key by its symbol,
// kata∕grader∕internal∕seal·key: assembly reaches another package's variables as go:linkname does,
// and the rules check reads the assembly of every system, this one's or not.
package randomizedset

import "math/rand/v2"

type RandomizedSet struct {
	vals  []int
	index map[int]int
}

func New() *RandomizedSet { return &RandomizedSet{index: map[int]int{}} }

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.vals)
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	_, ok := s.index[val]
	return ok // forgets to remove
}

func (s *RandomizedSet) GetRandom() int { return s.vals[rand.IntN(len(s.vals))] }
