// Package skiplist is a plain skip list with p = 1/2 and at most 16 levels, as many LeetCode
// answers write it: the level is drawn with rand.Float64, the head always walks all 16 lanes,
// and the update vector is a slice made on every Add and Erase. 2^16 = 65,536, so beyond that
// many values the top lane holds more than one node in expectation, which costs only a few
// extra steps at the sizes of the tests: the growth stays O(log n), a constant factor slower
// than the reference.
package skiplist

import "math/rand"

const (
	maxLevel = 16
	p        = 0.5
)

type node struct {
	val     int
	forward []*node
}

type Skiplist struct {
	head *node
}

func New() *Skiplist {
	return &Skiplist{head: &node{forward: make([]*node, maxLevel)}}
}

func randomLevel() int {
	lvl := 1
	for lvl < maxLevel && rand.Float64() < p {
		lvl++
	}
	return lvl
}

// predecessors returns, for each level, the last node whose value is below num.
func (s *Skiplist) predecessors(num int) []*node {
	update := make([]*node, maxLevel)
	cur := s.head
	for i := maxLevel - 1; i >= 0; i-- {
		for cur.forward[i] != nil && cur.forward[i].val < num {
			cur = cur.forward[i]
		}
		update[i] = cur
	}
	return update
}

func (s *Skiplist) Search(target int) bool {
	cur := s.head
	for i := maxLevel - 1; i >= 0; i-- {
		for cur.forward[i] != nil && cur.forward[i].val < target {
			cur = cur.forward[i]
		}
	}
	cur = cur.forward[0]
	return cur != nil && cur.val == target
}

func (s *Skiplist) Add(num int) {
	update := s.predecessors(num)
	n := &node{val: num, forward: make([]*node, randomLevel())}
	for i := range n.forward {
		n.forward[i] = update[i].forward[i]
		update[i].forward[i] = n
	}
}

func (s *Skiplist) Erase(num int) bool {
	update := s.predecessors(num)
	n := update[0].forward[0]
	if n == nil || n.val != num {
		return false
	}
	for i := range n.forward {
		update[i].forward[i] = n.forward[i]
	}
	return true
}
