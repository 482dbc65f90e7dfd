// Package skiplist searches and adds through its lanes, but Erase walks each lane from the head
// on its own, without dropping down from the lane above: level 0 alone costs Θ(n) per Erase.
package skiplist

import (
	"math/bits"
	"math/rand/v2"
)

const maxLevel = 20

type node struct {
	key  int
	next []*node
}

// Skiplist is a sorted multiset of ints.
type Skiplist struct {
	head  node
	level int
	rng   *rand.Rand
}

// New returns an empty list.
func New() *Skiplist {
	return &Skiplist{head: node{next: make([]*node, maxLevel)}, level: 1,
		rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
}

// Search reports whether target is in the list.
func (s *Skiplist) Search(target int) bool {
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].key < target {
			x = x.next[i]
		}
	}
	return x.next[0] != nil && x.next[0].key == target
}

// Add inserts one copy of num.
func (s *Skiplist) Add(num int) {
	var prev [maxLevel]*node
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].key < num {
			x = x.next[i]
		}
		prev[i] = x
	}
	lvl := 1 + bits.TrailingZeros32(s.rng.Uint32()|1<<(maxLevel-1))
	for ; s.level < lvl; s.level++ {
		prev[s.level] = &s.head
	}
	n := &node{key: num, next: make([]*node, lvl)}
	for i := range lvl {
		n.next[i] = prev[i].next[i]
		prev[i].next[i] = n
	}
}

// Erase removes one copy of num: it finds the copy on level 0 by walking from the head, then
// unlinks it from each lane it reaches, walking that lane from the head too.
func (s *Skiplist) Erase(num int) bool {
	x := &s.head
	for x.next[0] != nil && x.next[0].key < num {
		x = x.next[0]
	}
	n := x.next[0]
	if n == nil || n.key != num {
		return false
	}
	for i := range n.next {
		p := &s.head
		for p.next[i] != n {
			p = p.next[i]
		}
		p.next[i] = n.next[i]
	}
	return true
}
