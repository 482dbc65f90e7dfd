// Package skiplist: Erase unlinks the node it finds, and then any copy right behind it.
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

func (s *Skiplist) path(num int) []*node {
	update := make([]*node, maxLevel)
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		update[i] = x
	}
	return update
}

func (s *Skiplist) Search(target int) bool {
	x := s.path(target)[0].next[0]
	return x != nil && x.val == target
}

func (s *Skiplist) Add(num int) {
	update := s.path(num)
	lvl := 1
	for lvl < maxLevel && rand.IntN(2) == 1 {
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
	update := s.path(num)
	if x := update[0].next[0]; x == nil || x.val != num {
		return false
	}
	// unlink it, and whatever copies follow it
	for i := 0; i < s.level; i++ {
		for update[i].next[i] != nil && update[i].next[i].val == num {
			update[i].next[i] = update[i].next[i].next[i]
		}
	}
	for s.level > 1 && s.head.next[s.level-1] == nil {
		s.level--
	}
	return true
}
