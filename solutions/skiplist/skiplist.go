// Package skiplist is the reference solution of "Design Skiplist".
//
// A skip list is a sorted linked list with express lanes. Every node is on
// level 0, the full list; a coin flip decides whether it is also on level 1,
// another whether it is also on level 2, and so on. Level i then holds about
// n/2^i nodes, so a search that runs along the highest lane and drops a level
// whenever the next node would overshoot makes about two steps per level:
// O(log n) expected steps, with no rebalancing ever. A node is on 1 + 1/2 +
// 1/4 + ... = 2 levels on average, so the lanes cost about two pointers per
// node.
package skiplist

import (
	"math/bits"
	"math/rand/v2"
)

// maxLevel bounds the height of a node: 32 lanes are enough for 2^32 nodes.
const maxLevel = 32

type node struct {
	val  int
	next []*node // next[i] is the following node on level i
}

// Skiplist is a sorted multiset of ints with expected O(log n) operations.
type Skiplist struct {
	head  node // sentinel before every value, as tall as maxLevel
	level int  // lanes in use: head.next[level:] are all nil
	rng   rand.PCG
}

// New returns an empty skip list.
func New() *Skiplist {
	s := &Skiplist{level: 1}
	s.head.next = make([]*node, maxLevel)
	s.rng.Seed(rand.Uint64(), rand.Uint64())
	return s
}

// randomLevel returns 1 + the number of heads in a row of fair coin flips.
// The trailing zero bits of one random word are such a row.
func (s *Skiplist) randomLevel() int {
	return 1 + bits.TrailingZeros64(s.rng.Uint64()|1<<(maxLevel-1))
}

// Search reports whether at least one copy of target is present.
func (s *Skiplist) Search(target int) bool {
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < target {
			x = x.next[i]
		}
	}
	// x is the last node below target; its successor is the first >= target.
	x = x.next[0]
	return x != nil && x.val == target
}

// findPredecessors fills update[i] with the last node on level i whose value
// is below num: the nodes whose level-i pointer changes when num's node is
// linked in or out. This "update vector" is all Add and Erase need.
func (s *Skiplist) findPredecessors(num int, update *[maxLevel]*node) {
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < num {
			x = x.next[i]
		}
		update[i] = x
	}
}

// Add links a new node in front of any copies of num already present.
func (s *Skiplist) Add(num int) {
	var update [maxLevel]*node
	s.findPredecessors(num, &update)
	lvl := s.randomLevel()
	for ; s.level < lvl; s.level++ {
		update[s.level] = &s.head // new lanes start at the head
	}
	n := &node{val: num, next: make([]*node, lvl)}
	for i := range lvl {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

// Erase unlinks the first copy of num. That copy is the first node >= num on
// every level it is on, so on each of its levels update[i] points to it.
func (s *Skiplist) Erase(num int) bool {
	var update [maxLevel]*node
	s.findPredecessors(num, &update)
	n := update[0].next[0]
	if n == nil || n.val != num {
		return false
	}
	for i := range n.next {
		update[i].next[i] = n.next[i]
	}
	for s.level > 1 && s.head.next[s.level-1] == nil {
		s.level--
	}
	return true
}
