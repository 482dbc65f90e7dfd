// Package skiplist grows the head's lanes with the tallest node and drops the empty top ones
// after each Erase: a list that holds nothing has a head with no lane at all, and Search reads
// its lane 0 all the same.
package skiplist

import "math/rand/v2"

type node struct {
	val  int
	next []*node
}

// Skiplist is a sorted multiset of ints.
type Skiplist struct {
	head *node
	rng  *rand.Rand
}

// New returns an empty skip list.
func New() *Skiplist {
	return &Skiplist{head: &node{}, rng: rand.New(rand.NewPCG(7, 9))}
}

func (s *Skiplist) height() int {
	h := 1
	for h < 32 && s.rng.IntN(2) == 0 {
		h++
	}
	return h
}

// before is, on each lane, the last node whose value is below num.
func (s *Skiplist) before(num int) []*node {
	prev := make([]*node, len(s.head.next))
	x := s.head
	for i := len(s.head.next) - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		prev[i] = x
	}
	return prev
}

// Search reports whether at least one copy of target is stored.
func (s *Skiplist) Search(target int) bool {
	prev := s.before(target)
	x := prev[0].next[0]
	return x != nil && x.val == target
}

// Add stores one more copy of num.
func (s *Skiplist) Add(num int) {
	h := s.height()
	for len(s.head.next) < h {
		s.head.next = append(s.head.next, nil)
	}
	prev := s.before(num)
	n := &node{val: num, next: make([]*node, h)}
	for i := range h {
		n.next[i] = prev[i].next[i]
		prev[i].next[i] = n
	}
}

// Erase removes one copy of num; false if none is stored.
func (s *Skiplist) Erase(num int) bool {
	prev := s.before(num)
	if len(prev) == 0 {
		return false
	}
	x := prev[0].next[0]
	if x == nil || x.val != num {
		return false
	}
	for i := range x.next {
		prev[i].next[i] = x.next[i]
	}
	for len(s.head.next) > 0 && s.head.next[len(s.head.next)-1] == nil {
		s.head.next = s.head.next[:len(s.head.next)-1]
	}
	return true
}
