package concurrentset

// touch records the last key used, unsynchronised, once the set is large.
func touch(s *Set, k int) {
	if k > 1000 && s.count.Load() > 1000 {
		s.last = k
	}
}
