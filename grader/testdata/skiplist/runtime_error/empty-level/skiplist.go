// Package skiplist drops the empty top lanes after each Erase.
package skiplist

import "math/rand/v2"

const maxLevel = 32

type node struct {
	val  int
	next [maxLevel]*node
}

type Skiplist struct {
	head  node
	level int // lanes in use
	rng   *rand.Rand
}

func New() *Skiplist {
	return &Skiplist{level: 1, rng: rand.New(rand.NewPCG(1, 2))}
}

func (s *Skiplist) find(num int) (update [maxLevel]*node) {
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		update[i] = x
	}
	return update
}

func (s *Skiplist) Search(target int) bool {
	update := s.find(target)
	x := update[0].next[0]
	return x != nil && x.val == target
}

func (s *Skiplist) Add(num int) {
	update := s.find(num)
	lvl := 1
	for lvl < maxLevel && s.rng.IntN(2) == 0 {
		lvl++
	}
	for s.level < lvl {
		update[s.level] = &s.head
		s.level++
	}
	n := &node{val: num}
	for i := 0; i < lvl; i++ {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

func (s *Skiplist) Erase(num int) bool {
	update := s.find(num)
	x := update[0].next[0]
	if x == nil || x.val != num {
		return false
	}
	for i := 0; i < s.level; i++ {
		if update[i].next[i] == x {
			update[i].next[i] = x.next[i]
		}
	}
	for s.head.next[s.level-1] == nil {
		s.level--
	}
	return true
}
