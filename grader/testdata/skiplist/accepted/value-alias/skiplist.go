// Package skiplist stores each distinct value once, with a count of its copies, and names the
// values' type by an alias, Value = int: its methods' types are the API's, spelled otherwise.
package skiplist

import (
	"math/bits"
	"math/rand/v2"
)

// Value is the type of the list's values.
type Value = int

const maxLevel = 20

type node struct {
	key   int
	count int
	next  [maxLevel]*node
	level int
}

type Skiplist struct {
	head  node
	level int
	rng   *rand.Rand
}

func New() *Skiplist {
	return &Skiplist{level: 1, rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
}

// find returns the last node before key on every lane, and the node holding key, if any.
func (s *Skiplist) find(key int) (prev [maxLevel]*node, found *node) {
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].key < key {
			x = x.next[i]
		}
		prev[i] = x
	}
	if n := x.next[0]; n != nil && n.key == key {
		found = n
	}
	return prev, found
}

func (s *Skiplist) Search(target Value) bool {
	_, n := s.find(target)
	return n != nil
}

func (s *Skiplist) Add(num Value) {
	prev, n := s.find(num)
	if n != nil {
		n.count++
		return
	}
	lvl := 1 + bits.TrailingZeros32(s.rng.Uint32()|1<<(maxLevel-1))
	for ; s.level < lvl; s.level++ {
		prev[s.level] = &s.head
	}
	n = &node{key: num, count: 1, level: lvl}
	for i := 0; i < lvl; i++ {
		n.next[i] = prev[i].next[i]
		prev[i].next[i] = n
	}
}

func (s *Skiplist) Erase(num Value) bool {
	prev, n := s.find(num)
	if n == nil {
		return false
	}
	n.count--
	if n.count > 0 {
		return true
	}
	for i := 0; i < n.level; i++ {
		prev[i].next[i] = n.next[i]
	}
	for s.level > 1 && s.head.next[s.level-1] == nil {
		s.level--
	}
	return true
}
