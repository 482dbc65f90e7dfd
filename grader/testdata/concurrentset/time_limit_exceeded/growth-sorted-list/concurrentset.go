// Package concurrentset is the first step the exercise's hints suggest: a sorted linked list with
// a sentinel head, under one mutex. Every answer is right; every operation walks the list, O(n).
// The verdict is the performance test's, Add growing like O(n), with its hint: the large
// concurrent test, under the race detector, stops taking keys after its budget rather than
// running into the run's wall-clock limit.
package concurrentset

import (
	"iter"
	"math"
	"sync"
)

type node struct {
	key  int
	next *node
}

type Set struct {
	mu   sync.Mutex
	head *node
	n    int
}

func New() *Set { return &Set{head: &node{key: math.MinInt}} }

// find returns the last node whose key is below k (the head when none is).
func (s *Set) find(k int) *node {
	p := s.head
	for p.next != nil && p.next.key < k {
		p = p.next
	}
	return p
}

func (s *Set) Add(k int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.find(k)
	if p.next != nil && p.next.key == k {
		return false
	}
	p.next = &node{key: k, next: p.next}
	s.n++
	return true
}

func (s *Set) Remove(k int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.find(k)
	if p.next == nil || p.next.key != k {
		return false
	}
	p.next = p.next.next
	s.n--
	return true
}

func (s *Set) Contains(k int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.find(k)
	return p.next != nil && p.next.key == k
}

func (s *Set) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

func (s *Set) Range(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		s.mu.Lock()
		var out []int
		for p := s.find(lo).next; p != nil && p.key <= hi; p = p.next {
			out = append(out, p.key)
		}
		s.mu.Unlock()
		for _, k := range out {
			if !yield(k) {
				return
			}
		}
	}
}
