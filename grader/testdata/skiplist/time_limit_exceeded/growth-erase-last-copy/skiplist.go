// Package skiplist is a right skip list but for Erase, which removes the last copy of a value: it
// finds the first copy with the top-down search, then walks the whole run of copies on level 0 to
// the last one, and on each of that node's levels walks again from the predecessor of the first
// copy. With d copies of one value, Erase costs Θ(d), not O(log n).
package skiplist

import "math/rand/v2"

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
	return &Skiplist{head: &node{next: make([]*node, maxLevel)}, level: 1}
}

func randomLevel() int {
	l := 1
	for l < maxLevel && rand.IntN(2) == 0 {
		l++
	}
	return l
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
	var update [maxLevel]*node
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		update[i] = x
	}
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

func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		update[i] = x
	}
	t := x.next[0]
	if t == nil || t.val != num {
		return false
	}
	// remove the most recently stored copy: the last node of the run of equal values
	for t.next[0] != nil && t.next[0].val == num {
		t = t.next[0]
	}
	for i := 0; i < len(t.next); i++ {
		p := update[i]
		for p.next[i] != t {
			p = p.next[i]
		}
		p.next[i] = t.next[i]
	}
	for s.level > 1 && s.head.next[s.level-1] == nil {
		s.level--
	}
	return true
}
