// Package skiplist: a skip list whose head and level are package-level variables, so every
// list from New is the same list: a new one finds values an earlier one stored (from a blind
// test, where the hint blamed Search for comparing the head).
package skiplist

import "math/rand/v2"

const maxLevel = 32

type node struct {
	val  int
	next []*node
}

var (
	head  = &node{next: make([]*node, maxLevel)}
	level = 1
)

// Skiplist is a sorted collection of ints that may hold several copies of a value.
type Skiplist struct{}

// New returns an empty skip list.
func New() *Skiplist {
	return &Skiplist{}
}

func randomLevel() int {
	lvl := 1
	for lvl < maxLevel && rand.IntN(2) == 0 {
		lvl++
	}
	return lvl
}

// Search reports whether at least one copy of target is stored.
func (s *Skiplist) Search(target int) bool {
	cur := head
	for i := level - 1; i >= 0; i-- {
		for cur.next[i] != nil && cur.next[i].val < target {
			cur = cur.next[i]
		}
	}
	cur = cur.next[0]
	return cur != nil && cur.val == target
}

// Add stores one more copy of num.
func (s *Skiplist) Add(num int) {
	var update [maxLevel]*node
	cur := head
	for i := level - 1; i >= 0; i-- {
		for cur.next[i] != nil && cur.next[i].val < num {
			cur = cur.next[i]
		}
		update[i] = cur
	}
	lvl := randomLevel()
	if lvl > level {
		for i := level; i < lvl; i++ {
			update[i] = head
		}
		level = lvl
	}
	n := &node{val: num, next: make([]*node, lvl)}
	for i := 0; i < lvl; i++ {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

// Erase removes one copy of num and returns true, or returns false if none is stored.
func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	cur := head
	for i := level - 1; i >= 0; i-- {
		for cur.next[i] != nil && cur.next[i].val < num {
			cur = cur.next[i]
		}
		update[i] = cur
	}
	n := update[0].next[0]
	if n == nil || n.val != num {
		return false
	}
	for i := 0; i < len(n.next); i++ {
		if update[i].next[i] == n {
			update[i].next[i] = n.next[i]
		}
	}
	for level > 1 && head.next[level-1] == nil {
		level--
	}
	return true
}
