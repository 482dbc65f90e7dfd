// Package concurrentset is a lock-free skip list (Herlihy and Shavit's, after Fraser): each link
// and its node's removal mark change together by compare-and-swap on an immutable record.
package concurrentset

import (
	"iter"
	"math/bits"
	"math/rand/v2"
	"sync/atomic"
)

const maxLevel = 24

// link is one forward link with the mark of the node that owns it: never changed, only replaced.
type link struct {
	succ   *node
	marked bool
}

type node struct {
	key  int
	next []atomic.Pointer[link]
}

// Set is a lock-free sorted set.
type Set struct {
	head  *node
	count atomic.Int64
}

// New returns an empty set.
func New() *Set {
	h := &node{next: make([]atomic.Pointer[link], maxLevel)}
	for i := range h.next {
		h.next[i].Store(&link{})
	}
	return &Set{head: h}
}

func randomLevel() int {
	return bits.TrailingZeros64(rand.Uint64() | 1<<(maxLevel-1))
}

// find fills preds and succs for key on every level, unlinking marked nodes on the way, and
// reports whether an unmarked node of key is at level 0.
func (s *Set) find(key int, preds, succs *[maxLevel]*node) bool {
retry:
	pred := s.head
	for lv := maxLevel - 1; lv >= 0; lv-- {
		pl := pred.next[lv].Load()
		if pl.marked {
			goto retry
		}
		curr := pl.succ
		for curr != nil {
			cl := curr.next[lv].Load()
			if cl.marked {
				nl := &link{succ: cl.succ}
				if !pred.next[lv].CompareAndSwap(pl, nl) {
					goto retry
				}
				pl, curr = nl, cl.succ
				continue
			}
			if curr.key >= key {
				break
			}
			pred, pl, curr = curr, cl, cl.succ
		}
		preds[lv], succs[lv] = pred, curr
	}
	return succs[0] != nil && succs[0].key == key
}

// Add adds key and reports whether it was absent.
func (s *Set) Add(key int) bool {
	top := randomLevel()
	var preds, succs [maxLevel]*node
	for {
		if s.find(key, &preds, &succs) {
			return false
		}
		n := &node{key: key, next: make([]atomic.Pointer[link], top+1)}
		for lv := 0; lv <= top; lv++ {
			n.next[lv].Store(&link{succ: succs[lv]})
		}
		pl := preds[0].next[0].Load()
		if pl.marked || pl.succ != succs[0] || !preds[0].next[0].CompareAndSwap(pl, &link{succ: n}) {
			continue
		}
		s.count.Add(1)
		for lv := 1; lv <= top; lv++ {
			for {
				pl := preds[lv].next[lv].Load()
				if !pl.marked && pl.succ == succs[lv] && preds[lv].next[lv].CompareAndSwap(pl, &link{succ: n}) {
					break
				}
				s.find(key, &preds, &succs)
				nl := n.next[lv].Load()
				if nl.marked || succs[0] != n {
					return true // removed meanwhile: stop linking it
				}
				if nl.succ != succs[lv] && !n.next[lv].CompareAndSwap(nl, &link{succ: succs[lv]}) {
					return true
				}
			}
		}
		return true
	}
}

// Remove removes key and reports whether it was present.
func (s *Set) Remove(key int) bool {
	var preds, succs [maxLevel]*node
	if !s.find(key, &preds, &succs) {
		return false
	}
	victim := succs[0]
	for lv := len(victim.next) - 1; lv >= 1; lv-- {
		for {
			l := victim.next[lv].Load()
			if l.marked || victim.next[lv].CompareAndSwap(l, &link{succ: l.succ, marked: true}) {
				break
			}
		}
	}
	for {
		l := victim.next[0].Load()
		if l.marked {
			return false // another Remove won
		}
		if victim.next[0].CompareAndSwap(l, &link{succ: l.succ, marked: true}) {
			s.count.Add(-1)
			s.find(key, &preds, &succs) // unlink it
			return true
		}
	}
}

// Contains reports whether key is in the set, without writing anything.
func (s *Set) Contains(key int) bool {
	pred := s.head
	var curr *node
	for lv := maxLevel - 1; lv >= 0; lv-- {
		curr = pred.next[lv].Load().succ
		for curr != nil {
			cl := curr.next[lv].Load()
			if cl.marked {
				curr = cl.succ
				continue
			}
			if curr.key >= key {
				break
			}
			pred, curr = curr, cl.succ
		}
	}
	return curr != nil && curr.key == key
}

// Len returns the number of keys.
func (s *Set) Len() int { return int(s.count.Load()) }

// Range yields the keys in [lo, hi] in ascending order, each unmarked when reached.
func (s *Set) Range(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if lo > hi {
			return
		}
		pred := s.head
		for lv := maxLevel - 1; lv >= 0; lv-- {
			curr := pred.next[lv].Load().succ
			for curr != nil && curr.key < lo {
				pred, curr = curr, curr.next[lv].Load().succ
			}
		}
		for curr := pred.next[0].Load().succ; curr != nil && curr.key <= hi; {
			l := curr.next[0].Load()
			if !l.marked && curr.key >= lo && !yield(curr.key) {
				return
			}
			curr = l.succ
		}
	}
}
