// Package skiplist is the LeetCode skip list of down and right pointers whose Erase removes a
// whole tower, by identity: the tallest copy's, the one its top-down search meets first. Every
// answer is right, but the copies left after many Adds and Erases of one value are the short
// towers: the run of copies loses its upper lanes, and a Search for a larger value walks it.
package skiplist

import "math/rand"

type node struct {
	val         int
	right, down *node
}

type Skiplist struct {
	head *node // top-left sentinel
}

func New() *Skiplist { return &Skiplist{head: &node{}} }

func (s *Skiplist) Search(target int) bool {
	cur := s.head
	for cur != nil {
		for cur.right != nil && cur.right.val < target {
			cur = cur.right
		}
		if cur.right != nil && cur.right.val == target {
			return true
		}
		cur = cur.down
	}
	return false
}

func (s *Skiplist) Add(num int) {
	var stack []*node
	cur := s.head
	for cur != nil {
		for cur.right != nil && cur.right.val < num {
			cur = cur.right
		}
		stack = append(stack, cur)
		cur = cur.down
	}
	insert := true
	var down *node
	for insert && len(stack) > 0 {
		pre := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pre.right = &node{val: num, right: pre.right, down: down}
		down = pre.right
		insert = rand.Intn(2) == 0
	}
	if insert {
		s.head = &node{right: &node{val: num, down: down}, down: s.head}
	}
}

func (s *Skiplist) Erase(num int) bool {
	// find the highest copy and remove its whole tower (by identity on the lower levels)
	cur := s.head
	var victim *node
	found := false
	for cur != nil {
		if !found {
			for cur.right != nil && cur.right.val < num {
				cur = cur.right
			}
			if cur.right != nil && cur.right.val == num {
				found = true
				victim = cur.right
				cur.right = victim.right
				victim = victim.down
			}
		} else {
			for cur.right != victim {
				cur = cur.right
			}
			cur.right = victim.right
			victim = victim.down
		}
		cur = cur.down
	}
	for s.head.right == nil && s.head.down != nil {
		s.head = s.head.down
	}
	return found
}
