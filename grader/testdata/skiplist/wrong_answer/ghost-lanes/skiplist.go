// Package skiplist: every node is on the bottom list, so Erase only unlinks it there. Search
// stops as soon as it sees its target on any lane.
package skiplist

import "math/rand/v2"

const maxLevel = 16

type Node struct {
	Val  int
	Next []*Node
}

type Skiplist struct {
	head *Node
}

func New() *Skiplist {
	return &Skiplist{head: &Node{Next: make([]*Node, maxLevel)}}
}

func (s *Skiplist) Search(target int) bool {
	cur := s.head
	for i := maxLevel - 1; i >= 0; i-- {
		for cur.Next[i] != nil && cur.Next[i].Val < target {
			cur = cur.Next[i]
		}
		if cur.Next[i] != nil && cur.Next[i].Val == target {
			return true
		}
	}
	return false
}

func (s *Skiplist) Add(num int) {
	var prev [maxLevel]*Node
	cur := s.head
	for i := maxLevel - 1; i >= 0; i-- {
		for cur.Next[i] != nil && cur.Next[i].Val < num {
			cur = cur.Next[i]
		}
		prev[i] = cur
	}
	level := 1
	for level < maxLevel && rand.Float64() < 0.5 {
		level++
	}
	n := &Node{Val: num, Next: make([]*Node, level)}
	for i := 0; i < level; i++ {
		n.Next[i] = prev[i].Next[i]
		prev[i].Next[i] = n
	}
}

func (s *Skiplist) Erase(num int) bool {
	cur := s.head
	for i := maxLevel - 1; i >= 0; i-- {
		for cur.Next[i] != nil && cur.Next[i].Val < num {
			cur = cur.Next[i]
		}
	}
	if cur.Next[0] == nil || cur.Next[0].Val != num {
		return false
	}
	cur.Next[0] = cur.Next[0].Next[0]
	return true
}
