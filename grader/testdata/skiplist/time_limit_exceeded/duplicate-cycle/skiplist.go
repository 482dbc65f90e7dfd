// Package skiplist: a copy of a value already stored goes on the bottom lane only, right after
// the copy found.
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

// Search walks to the last node not above target and checks it.
func (s *Skiplist) Search(target int) bool {
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val <= target {
			x = x.next[i]
		}
	}
	return x != s.head && x.val == target
}

func (s *Skiplist) Add(num int) {
	update := s.path(num)
	if same := update[0].next[0]; same != nil && same.val == num {
		n := &node{val: num, next: make([]*node, 1)}
		same.next[0] = n
		n.next[0] = same.next[0]
		return
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
	update := s.path(num)
	x := update[0].next[0]
	if x == nil || x.val != num {
		return false
	}
	for i := range x.next {
		update[i].next[i] = x.next[i]
	}
	return true
}
