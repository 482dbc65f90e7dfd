// Package skiplist: the head holds the smallest int, so every walk can stop on the last node
// not above its target and compare that node.
package skiplist

import (
	"math"
	"math/rand/v2"
)

const maxLevel = 32

type node struct {
	val  int
	next []*node
}

type Skiplist struct {
	head  *node
	level int
}

func New() *Skiplist {
	return &Skiplist{head: &node{val: math.MinInt, next: make([]*node, maxLevel)}, level: 1}
}

func (s *Skiplist) Search(target int) bool {
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val <= target {
			x = x.next[i]
		}
	}
	return x.val == target
}

func (s *Skiplist) Add(num int) {
	var update [maxLevel]*node
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		update[i] = x
	}
	lvl := 1
	for lvl < maxLevel && rand.Uint32()&1 == 0 {
		lvl++
	}
	for ; s.level < lvl; s.level++ {
		update[s.level] = s.head
	}
	n := &node{val: num, next: make([]*node, lvl)}
	for i := range lvl {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		update[i] = x
	}
	x = x.next[0]
	if x == nil || x.val != num {
		return false
	}
	for i := range x.next {
		update[i].next[i] = x.next[i]
	}
	return true
}
