// Package skiplist is a generic skip list over any ordered type, and declares the exercise's
// type as an alias of its instance for ints, Skiplist = list[int], as ported libraries do: the
// compiler takes the alias for the type it stands for.
package skiplist

import (
	"cmp"
	"math/rand/v2"
)

const maxLevel = 32

type node[T cmp.Ordered] struct {
	val  T
	next []*node[T]
}

// list is a sorted multiset of T.
type list[T cmp.Ordered] struct {
	head  *node[T]
	level int
	rng   *rand.Rand
}

// Skiplist is the exercise's skip list: the generic one over ints.
type Skiplist = list[int]

// New returns an empty skip list.
func New() *Skiplist {
	return &list[int]{head: &node[int]{next: make([]*node[int], maxLevel)}, level: 1,
		rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))}
}

func (l *list[T]) height() int {
	h := 1
	for h < maxLevel && l.rng.IntN(2) == 0 {
		h++
	}
	return h
}

// before fills update with, on each lane in use, the last node whose value is below v, and
// returns the node after it on the bottom lane.
func (l *list[T]) before(v T, update []*node[T]) *node[T] {
	x := l.head
	for i := l.level - 1; i >= 0; i-- {
		for x.next[i] != nil && x.next[i].val < v {
			x = x.next[i]
		}
		update[i] = x
	}
	return x.next[0]
}

// Search reports whether at least one copy of target is stored.
func (l *list[T]) Search(target T) bool {
	var update [maxLevel]*node[T]
	x := l.before(target, update[:])
	return x != nil && x.val == target
}

// Add stores one more copy of num.
func (l *list[T]) Add(num T) {
	var update [maxLevel]*node[T]
	l.before(num, update[:])
	h := l.height()
	for ; l.level < h; l.level++ {
		update[l.level] = l.head
	}
	n := &node[T]{val: num, next: make([]*node[T], h)}
	for i := range h {
		n.next[i] = update[i].next[i]
		update[i].next[i] = n
	}
}

// Erase removes one copy of num; false if none is stored.
func (l *list[T]) Erase(num T) bool {
	var update [maxLevel]*node[T]
	x := l.before(num, update[:])
	if x == nil || x.val != num {
		return false
	}
	for i := range x.next {
		update[i].next[i] = x.next[i]
	}
	for l.level > 1 && l.head.next[l.level-1] == nil {
		l.level--
	}
	return true
}
