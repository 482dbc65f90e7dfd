// Package skiplist: Search and Add are written; Erase is next.
package skiplist

import "math/rand/v2"

const maxLevel = 16

type node struct {
	val  int
	next []*node
}

type Skiplist struct {
	head  *node
	level int
}

func New() *Skiplist {
	return &Skiplist{head: &node{next: make([]*node, maxLevel)}, level: 1}
}

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

func (s *Skiplist) Add(num int) {
	update := make([]*node, maxLevel)
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		update[i] = x
	}
	lvl := 1
	for lvl < maxLevel && rand.IntN(2) == 0 {
		lvl++
	}
	for ; s.level < lvl; s.level++ {
		update[s.level] = s.head
	}
	n := &node{val: num, next: make([]*node, lvl)}
	for i := 0; i < lvl; i++ {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

func (s *Skiplist) Erase(num int) bool {
	panic("not implemented")
}
