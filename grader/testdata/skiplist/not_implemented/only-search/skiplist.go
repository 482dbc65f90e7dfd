// Package skiplist: the structure and Search so far.
package skiplist

const maxLevel = 16

type node struct {
	val  int
	next []*node
}

type Skiplist struct {
	head  *node
	level int
}

func New() *Skiplist {
	return &Skiplist{head: &node{next: make([]*node, maxLevel)}, level: 1}
}

func (s *Skiplist) Search(target int) bool {
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < target {
			x = x.next[i]
		}
	}
	x = x.next[0]
	return x != nil && x.val == target
}

func (s *Skiplist) Add(num int) {
	panic("not implemented")
}

func (s *Skiplist) Erase(num int) bool {
	panic("not implemented")
}
