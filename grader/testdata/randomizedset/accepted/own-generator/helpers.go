package randomizedset

func (s *RandomizedSet) has(val int) bool {
	_, ok := s.where[val]
	return ok
}

// swapOut swaps val with the last number, then drops the last slot.
func (s *RandomizedSet) swapOut(val int) {
	i, j := s.where[val], len(s.nums)-1
	s.nums[i], s.nums[j] = s.nums[j], s.nums[i]
	s.where[s.nums[i]] = i
	s.nums = s.nums[:j]
	delete(s.where, val)
}

func (s *RandomizedSet) GetRandom() int {
	return s.nums[s.rnd.Intn(len(s.nums))]
}
