// New and Insert are written; Remove and GetRandom are still the stubs.
package randomizedset

type RandomizedSet struct {
	vals  []int
	index map[int]int
}

func New() *RandomizedSet {
	return &RandomizedSet{index: map[int]int{}}
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.vals)
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	panic("not implemented")
}

func (s *RandomizedSet) GetRandom() int {
	panic("not implemented")
}
