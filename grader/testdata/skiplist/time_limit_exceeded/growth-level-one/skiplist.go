// Package skiplist looks like a textbook skip list (a sentinel head with a lane per level, an
// update vector, towers of random height), but its coin never comes up heads: randomLevel flips
// with rand.IntN(1), which is always 0, so every tower has height 1 and only the bottom lane is
// ever used. The answers are right, but the structure is a sorted linked list: Search, Add and
// Erase walk on average half of the n nodes, O(n) per call instead of O(log n).
package skiplist

import "math/rand/v2"

const maxLevel = 16

type node struct {
	val  int
	next []*node
}

type Skiplist struct {
	head   *node
	levels int // lanes in use
}

func New() *Skiplist {
	return &Skiplist{head: &node{next: make([]*node, maxLevel)}, levels: 1}
}

// randomLevel should add a level while a coin comes up heads, but rand.IntN(1) is always 0.
func randomLevel() int {
	lvl := 1
	for lvl < maxLevel && rand.IntN(1) == 1 {
		lvl++
	}
	return lvl
}

func (s *Skiplist) Search(target int) bool {
	cur := s.head
	for i := s.levels - 1; i >= 0; i-- {
		for cur.next[i] != nil && cur.next[i].val < target {
			cur = cur.next[i]
		}
	}
	cur = cur.next[0]
	return cur != nil && cur.val == target
}

func (s *Skiplist) Add(num int) {
	var update [maxLevel]*node
	cur := s.head
	for i := s.levels - 1; i >= 0; i-- {
		for cur.next[i] != nil && cur.next[i].val < num {
			cur = cur.next[i]
		}
		update[i] = cur
	}
	lvl := randomLevel()
	for ; s.levels < lvl; s.levels++ {
		update[s.levels] = s.head
	}
	n := &node{val: num, next: make([]*node, lvl)}
	for i := 0; i < lvl; i++ {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	cur := s.head
	for i := s.levels - 1; i >= 0; i-- {
		for cur.next[i] != nil && cur.next[i].val < num {
			cur = cur.next[i]
		}
		update[i] = cur
	}
	target := cur.next[0]
	if target == nil || target.val != num {
		return false
	}
	for i := 0; i < len(target.next); i++ {
		update[i].next[i] = target.next[i]
	}
	for s.levels > 1 && s.head.next[s.levels-1] == nil {
		s.levels--
	}
	return true
}
