// Package randomizedset is the reference solution of "Insert Delete
// GetRandom O(1)".
//
// A map gives O(1) membership but no O(1) way to pick a random key; a slice
// gives O(1) random picks but O(n) search and removal. Keeping both, with the
// map sending each value to its index in the slice, gives all three: a random
// index is a random value, and a value is removed from the middle of the slice
// by moving the last value into its place, fixing that one index in the map.
package randomizedset

import "math/rand/v2"

// RandomizedSet is a set of ints with O(1) Insert, Remove and GetRandom.
type RandomizedSet struct {
	vals  []int       // the values, in no particular order
	index map[int]int // value -> its position in vals
}

// New returns an empty set.
func New() *RandomizedSet {
	return &RandomizedSet{index: map[int]int{}}
}

// Insert adds val and reports whether it was absent.
func (s *RandomizedSet) Insert(val int) bool {
	if _, ok := s.index[val]; ok {
		return false
	}
	s.index[val] = len(s.vals)
	s.vals = append(s.vals, val)
	return true
}

// Remove takes val out and reports whether it was present.
func (s *RandomizedSet) Remove(val int) bool {
	i, ok := s.index[val]
	if !ok {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[i] = last // a no-op when val is the last one
	s.index[last] = i
	s.vals = s.vals[:len(s.vals)-1]
	delete(s.index, val)
	return true
}

// GetRandom returns each value with probability 1/len(vals): rand.IntN is
// exactly uniform (it rejects the biased draws that a plain modulo would keep).
func (s *RandomizedSet) GetRandom() int {
	return s.vals[rand.IntN(len(s.vals))]
}
