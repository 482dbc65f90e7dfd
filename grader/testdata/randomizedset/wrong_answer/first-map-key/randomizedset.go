// A map alone, and GetRandom takes the first key of a range "because map order is random in
// Go". It is shuffled, but not uniform.
package randomizedset

type RandomizedSet struct {
	m map[int]struct{}
}

func New() *RandomizedSet {
	return &RandomizedSet{m: map[int]struct{}{}}
}

func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.m[val]; ok {
		return false
	}
	s.m[val] = struct{}{}
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	if _, ok := s.m[val]; !ok {
		return false
	}
	delete(s.m, val)
	return true
}

func (s *RandomizedSet) GetRandom() int {
	for k := range s.m {
		return k
	}
	return 0
}
