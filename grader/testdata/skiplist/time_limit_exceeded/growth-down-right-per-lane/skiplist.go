// Package skiplist is the popular LeetCode answer with down and right pointers: Add always adds
// a new tower (copies are separate nodes, each in front of the others), and Erase unlinks the
// first node equal to the value on every level, which may belong to different copies' towers.
// Every answer is right, and each call is O(log n) in expectation on distinct values; but Adds
// and Erases of copies of one value in turn strip that value's run of its upper lanes, so a
// search that must cross the run walks it on level 0: O(copies), not O(log n).
package skiplist

import "math/rand"

type node struct {
	val         int
	right, down *node
}

type Skiplist struct {
	top *node
}

func New() *Skiplist { return &Skiplist{top: &node{}} }

func less(n *node, v int) bool { return n != nil && n.val < v }

func (s *Skiplist) Search(target int) bool {
	for x := s.top; x != nil; x = x.down {
		for less(x.right, target) {
			x = x.right
		}
		if x.right != nil && x.right.val == target {
			return true
		}
	}
	return false
}

func (s *Skiplist) Add(num int) {
	var path []*node
	for x := s.top; x != nil; x = x.down {
		for less(x.right, num) {
			x = x.right
		}
		path = append(path, x)
	}
	var down *node
	insert := true
	for i := len(path) - 1; i >= 0 && insert; i-- {
		p := path[i]
		p.right = &node{val: num, right: p.right, down: down}
		down = p.right
		insert = rand.Intn(2) == 0
	}
	if insert {
		s.top = &node{right: &node{val: num, down: down}, down: s.top}
	}
}

func (s *Skiplist) Erase(num int) bool {
	found := false
	for x := s.top; x != nil; x = x.down {
		for less(x.right, num) {
			x = x.right
		}
		if x.right != nil && x.right.val == num {
			x.right = x.right.right
			found = true
		}
	}
	return found
}
