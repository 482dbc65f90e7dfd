// Package randomizedset chains its own hash table on val % len(buckets): in Go the remainder of
// a negative value is negative, so Insert(-1) or Remove(-1) indexes bucket -1.
package randomizedset

import "math/rand/v2"

// separate chaining with val % buckets: negative vals give a negative index
type node struct {
	val, pos int
	next     *node
}

type RandomizedSet struct {
	b    []*node
	vals []int
}

func New() *RandomizedSet { return &RandomizedSet{b: make([]*node, 4096)} }

func (s *RandomizedSet) find(val int) *node {
	for n := s.b[val%len(s.b)]; n != nil; n = n.next {
		if n.val == val {
			return n
		}
	}
	return nil
}

func (s *RandomizedSet) Insert(val int) bool {
	if s.find(val) != nil {
		return false
	}
	h := val % len(s.b)
	s.b[h] = &node{val: val, pos: len(s.vals), next: s.b[h]}
	s.vals = append(s.vals, val)
	return true
}

func (s *RandomizedSet) Remove(val int) bool {
	n := s.find(val)
	if n == nil {
		return false
	}
	last := s.vals[len(s.vals)-1]
	s.vals[n.pos] = last
	s.find(last).pos = n.pos
	s.vals = s.vals[:len(s.vals)-1]
	h := val % len(s.b)
	for p := &s.b[h]; *p != nil; p = &(*p).next {
		if (*p).val == val {
			*p = (*p).next
			break
		}
	}
	return true
}

func (s *RandomizedSet) GetRandom() int { return s.vals[rand.IntN(len(s.vals))] }
