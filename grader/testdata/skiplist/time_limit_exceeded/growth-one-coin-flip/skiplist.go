// Package skiplist: Pugh skip list with p = 1/2 and a sentinel head.
package skiplist

import "math/rand/v2"

const (
	maxLevel = 32
	p        = 0.5
)

type node struct {
	val  int
	next []*node
}

// Skiplist is a sorted multiset of ints.
type Skiplist struct {
	head  *node
	level int // number of levels in use
}

// New returns an empty skip list.
func New() *Skiplist {
	return &Skiplist{head: &node{next: make([]*node, maxLevel)}, level: 1}
}

// randomLevel flips a coin to decide how many lanes the new node joins.
func randomLevel() int {
	lvl := 1
	if lvl < maxLevel && rand.Float64() < p {
		lvl++
	}
	return lvl
}

// findPrev fills update with, on each level, the last node whose value is < target.
func (s *Skiplist) findPrev(target int, update *[maxLevel]*node) *node {
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < target {
			x = x.next[i]
		}
		update[i] = x
	}
	return x
}

// Search reports whether at least one copy of target is stored.
func (s *Skiplist) Search(target int) bool {
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < target {
			x = x.next[i]
		}
	}
	x = x.next[0]
	return x != nil && x.val == target
}

// Add stores one more copy of num.
func (s *Skiplist) Add(num int) {
	var update [maxLevel]*node
	s.findPrev(num, &update)
	lvl := randomLevel()
	if lvl > s.level {
		for i := s.level; i < lvl; i++ {
			update[i] = s.head
		}
		s.level = lvl
	}
	n := &node{val: num, next: make([]*node, lvl)}
	for i := 0; i < lvl; i++ {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

// Erase removes one copy of num; false if none is stored.
func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	x := s.findPrev(num, &update).next[0]
	if x == nil || x.val != num {
		return false
	}
	for i := 0; i < s.level; i++ {
		if update[i].next[i] != x {
			break
		}
		update[i].next[i] = x.next[i]
	}
	for s.level > 1 && s.head.next[s.level-1] == nil {
		s.level--
	}
	return true
}
