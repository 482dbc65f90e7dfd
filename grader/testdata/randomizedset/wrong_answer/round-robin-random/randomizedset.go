// A right set but for GetRandom, which answers the slots in turn with a counter instead of
// drawing: every member comes up equally often, yet each answer is fixed by the one before, so
// successive draws are not independent and the answer is not random at all.
package randomizedset

type RandomizedSet struct {
	vals  []int
	index map[int]int
	rr    int
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
	i, ok := s.index[val]
	if !ok {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last
	s.index[last] = i
	s.vals = s.vals[:len(s.vals)-1]
	delete(s.index, val)
	return true
}

func (s *RandomizedSet) GetRandom() int {
	v := s.vals[s.rr%len(s.vals)]
	s.rr++
	return v
}
