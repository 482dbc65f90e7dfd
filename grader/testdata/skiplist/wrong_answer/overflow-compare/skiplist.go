// Package skiplist orders its nodes with a three-way compare, as sort functions do.
package skiplist

import "math/rand/v2"

const maxLevel = 18

type node struct {
	val  int
	next []*node
}

type Skiplist struct {
	head  node
	level int
}

func New() *Skiplist {
	s := &Skiplist{level: 1}
	s.head.next = make([]*node, maxLevel)
	return s
}

// compare is negative when a < b, zero when a == b and positive when a > b.
func compare(a, b int) int { return a - b }

func (s *Skiplist) walk(num int) (update [maxLevel]*node) {
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && compare(x.next[i].val, num) < 0 {
			x = x.next[i]
		}
		update[i] = x
	}
	return update
}

func (s *Skiplist) Search(target int) bool {
	update := s.walk(target)
	n := update[0].next[0]
	return n != nil && compare(n.val, target) == 0
}

func (s *Skiplist) Add(num int) {
	update := s.walk(num)
	lvl := 1
	for lvl < maxLevel && rand.IntN(2) == 0 {
		lvl++
	}
	for ; s.level < lvl; s.level++ {
		update[s.level] = &s.head
	}
	n := &node{val: num, next: make([]*node, lvl)}
	for i := range lvl {
		n.next[i], update[i].next[i] = update[i].next[i], n
	}
}

func (s *Skiplist) Erase(num int) bool {
	update := s.walk(num)
	n := update[0].next[0]
	if n == nil || compare(n.val, num) != 0 {
		return false
	}
	for i := range n.next {
		update[i].next[i] = n.next[i]
	}
	for s.level > 1 && s.head.next[s.level-1] == nil {
		s.level--
	}
	return true
}
