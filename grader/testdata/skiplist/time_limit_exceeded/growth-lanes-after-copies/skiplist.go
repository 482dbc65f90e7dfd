// Package skiplist: a skip list in the style of the usual LeetCode answers. Towers grow with
// probability 1/4, copies of a value sit after the ones already there, and Erase unlinks, lane by
// lane from the top, the first copy it meets: on the upper lanes, often another copy than the
// one it takes off level 0. Adds and Erases of one value's copies in turn strip the run of its
// upper lanes, and an Add after the copies, or a Search past them, walks it: O(copies).
package skiplist

import "math/rand/v2"

const (
	maxLevel = 16
	p        = 4 // a tower grows one more level with probability 1/p
)

type node struct {
	val     int
	forward []*node
}

type Skiplist struct {
	head   *node
	levels int
}

func New() *Skiplist {
	return &Skiplist{head: &node{forward: make([]*node, maxLevel)}, levels: 1}
}

func randomLevel() int {
	lvl := 1
	for lvl < maxLevel && rand.IntN(p) == 0 {
		lvl++
	}
	return lvl
}

func (s *Skiplist) Search(target int) bool {
	cur := s.head
	for i := s.levels - 1; i >= 0; i-- {
		for cur.forward[i] != nil && cur.forward[i].val < target {
			cur = cur.forward[i]
		}
		if cur.forward[i] != nil && cur.forward[i].val == target {
			return true
		}
	}
	return false
}

func (s *Skiplist) Add(num int) {
	update := make([]*node, maxLevel)
	cur := s.head
	for i := s.levels - 1; i >= 0; i-- {
		for cur.forward[i] != nil && cur.forward[i].val <= num {
			cur = cur.forward[i]
		}
		update[i] = cur
	}
	lvl := randomLevel()
	if lvl > s.levels {
		for i := s.levels; i < lvl; i++ {
			update[i] = s.head
		}
		s.levels = lvl
	}
	n := &node{val: num, forward: make([]*node, lvl)}
	for i := 0; i < lvl; i++ {
		n.forward[i] = update[i].forward[i]
		update[i].forward[i] = n
	}
}

func (s *Skiplist) Erase(num int) bool {
	found := false
	cur := s.head
	for i := s.levels - 1; i >= 0; i-- {
		for cur.forward[i] != nil && cur.forward[i].val < num {
			cur = cur.forward[i]
		}
		if next := cur.forward[i]; next != nil && next.val == num {
			cur.forward[i] = next.forward[i]
			found = true
		}
	}
	for s.levels > 1 && s.head.forward[s.levels-1] == nil {
		s.levels--
	}
	return found
}
