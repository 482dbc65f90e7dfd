// Package skiplist: a skip list with p = 1/2 and a sentinel head.
package skiplist

import "math/rand/v2"

const maxLevel = 32

// level is the number of lanes currently in use.
var level = 1

type node struct {
	val     int
	forward []*node
}

// Skiplist is a sorted multiset of ints.
type Skiplist struct {
	head *node
}

// New returns an empty skip list.
func New() *Skiplist {
	level = 1
	return &Skiplist{head: &node{forward: make([]*node, maxLevel)}}
}

func randomLevel() int {
	lvl := 1
	for lvl < maxLevel && rand.IntN(2) == 1 {
		lvl++
	}
	return lvl
}

// Search reports whether at least one copy of target is stored.
func (s *Skiplist) Search(target int) bool {
	x := s.head
	for i := level - 1; i >= 0; i-- {
		for x.forward[i] != nil && x.forward[i].val < target {
			x = x.forward[i]
		}
	}
	x = x.forward[0]
	return x != nil && x.val == target
}

// Add stores one more copy of num.
func (s *Skiplist) Add(num int) {
	var update [maxLevel]*node
	x := s.head
	for i := level - 1; i >= 0; i-- {
		for x.forward[i] != nil && x.forward[i].val < num {
			x = x.forward[i]
		}
		update[i] = x
	}
	lvl := randomLevel()
	if lvl > level {
		for i := level; i < lvl; i++ {
			update[i] = s.head
		}
		level = lvl
	}
	n := &node{val: num, forward: make([]*node, lvl)}
	for i := 0; i < lvl; i++ {
		n.forward[i] = update[i].forward[i]
		update[i].forward[i] = n
	}
}

// Erase removes one copy of num; false if none is stored.
func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	x := s.head
	for i := level - 1; i >= 0; i-- {
		for x.forward[i] != nil && x.forward[i].val < num {
			x = x.forward[i]
		}
		update[i] = x
	}
	x = x.forward[0]
	if x == nil || x.val != num {
		return false
	}
	for i := 0; i < level; i++ {
		if update[i].forward[i] != x {
			break
		}
		update[i].forward[i] = x.forward[i]
	}
	return true
}
