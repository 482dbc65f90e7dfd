// Package skiplist is Pugh's skip list but for Search, which answers from the top lane in use:
// its return sits inside the loop over the lanes, so it never walks down to level 0.
package skiplist

import "math/rand/v2"

const maxLevel = 32
const p = 0.5

type node struct {
	key     int
	forward []*node
}

type Skiplist struct {
	header *node
	level  int
}

func New() *Skiplist {
	return &Skiplist{header: &node{forward: make([]*node, maxLevel)}, level: 1}
}

func randomLevel() int {
	lvl := 1
	for rand.Float64() < p && lvl < maxLevel {
		lvl++
	}
	return lvl
}

func (s *Skiplist) Search(target int) bool {
	x := s.header
	for i := s.level - 1; i >= 0; i-- {
		for x.forward[i] != nil && x.forward[i].key < target {
			x = x.forward[i]
		}
		return x.forward[i] != nil && x.forward[i].key == target
	}
	return false
}

func (s *Skiplist) Add(num int) {
	var update [maxLevel]*node
	x := s.header
	for i := s.level - 1; i >= 0; i-- {
		for x.forward[i] != nil && x.forward[i].key < num {
			x = x.forward[i]
		}
		update[i] = x
	}
	lvl := randomLevel()
	if lvl > s.level {
		for i := s.level; i < lvl; i++ {
			update[i] = s.header
		}
		s.level = lvl
	}
	n := &node{key: num, forward: make([]*node, lvl)}
	for i := 0; i < lvl; i++ {
		n.forward[i] = update[i].forward[i]
		update[i].forward[i] = n
	}
}

func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	x := s.header
	for i := s.level - 1; i >= 0; i-- {
		for x.forward[i] != nil && x.forward[i].key < num {
			x = x.forward[i]
		}
		update[i] = x
	}
	x = x.forward[0]
	if x == nil || x.key != num {
		return false
	}
	for i := 0; i < s.level; i++ {
		if update[i].forward[i] != x {
			break
		}
		update[i].forward[i] = x.forward[i]
	}
	for s.level > 1 && s.header.forward[s.level-1] == nil {
		s.level--
	}
	return true
}
