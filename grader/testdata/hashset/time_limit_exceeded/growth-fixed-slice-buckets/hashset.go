// Package hashset is the README walkthrough's second version: 1024 buckets, each a slice of
// keys, with a multiplicative hash. Every answer is right, but the table never grows: with n
// keys every bucket holds about n/1024 keys, so Remove and Contains scan O(n) keys. The scans
// run through contiguous memory, so this is only about 10-25× the reference at 10^6 keys,
// against hundreds of times for the same table chained through linked lists.
package hashset

type HashSet struct {
	buckets [][]int
}

func New() *HashSet {
	return &HashSet{buckets: make([][]int, 1024)}
}

func (s *HashSet) bucket(key int) *[]int {
	return &s.buckets[uint64(key)*0x9E3779B97F4A7C15%uint64(len(s.buckets))]
}

func (s *HashSet) Add(key int) {
	if !s.Contains(key) {
		b := s.bucket(key)
		*b = append(*b, key)
	}
}

func (s *HashSet) Remove(key int) {
	b := s.bucket(key)
	for i, k := range *b {
		if k == key {
			(*b)[i] = (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			return
		}
	}
}

func (s *HashSet) Contains(key int) bool {
	for _, k := range *s.bucket(key) {
		if k == key {
			return true
		}
	}
	return false
}
