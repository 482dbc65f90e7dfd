// Package concurrentset is a lazy skip list whose Remove unlinks its marked node on every level
// but level 0: a later Add of the key retries for ever, on one goroutine (from a blind test,
// where the stuck Add got no hint).
package concurrentset

import (
	"iter"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

const maxLevel = 16

type node struct {
	key         int
	top         int // highest level index
	next        []atomic.Pointer[node]
	mu          sync.Mutex
	marked      atomic.Bool
	fullyLinked atomic.Bool
}

// Set is a sorted set of ints that any number of goroutines may use at once.
type Set struct {
	head *node
	n    atomic.Int64
}

// New returns an empty set.
func New() *Set {
	h := &node{top: maxLevel - 1, next: make([]atomic.Pointer[node], maxLevel)}
	h.fullyLinked.Store(true)
	return &Set{head: h}
}

func randomTop() int {
	l := 0
	for l < maxLevel-1 && rand.Uint32()&3 == 0 {
		l++
	}
	return l
}

func (s *Set) find(key int, preds, succs *[maxLevel]*node) int {
	lFound := -1
	pred := s.head
	for lvl := maxLevel - 1; lvl >= 0; lvl-- {
		curr := pred.next[lvl].Load()
		for curr != nil && curr.key < key {
			pred = curr
			curr = pred.next[lvl].Load()
		}
		if lFound == -1 && curr != nil && curr.key == key {
			lFound = lvl
		}
		preds[lvl] = pred
		succs[lvl] = curr
	}
	return lFound
}

func unlockPreds(preds *[maxLevel]*node, highest int) {
	var prev *node
	for lvl := 0; lvl <= highest; lvl++ {
		if preds[lvl] != prev {
			preds[lvl].mu.Unlock()
			prev = preds[lvl]
		}
	}
}

// Add adds key and reports whether it was absent.
func (s *Set) Add(key int) bool {
	top := randomTop()
	var preds, succs [maxLevel]*node
	for {
		lFound := s.find(key, &preds, &succs)
		if lFound != -1 {
			f := succs[lFound]
			if !f.marked.Load() {
				for !f.fullyLinked.Load() {
					runtime.Gosched()
				}
				return false
			}
			runtime.Gosched()
			continue
		}
		highest := -1
		var prev *node
		valid := true
		for lvl := 0; valid && lvl <= top; lvl++ {
			pred, succ := preds[lvl], succs[lvl]
			if pred != prev {
				pred.mu.Lock()
				highest = lvl
				prev = pred
			}
			valid = !pred.marked.Load() && (succ == nil || !succ.marked.Load()) && pred.next[lvl].Load() == succ
		}
		if !valid {
			unlockPreds(&preds, highest)
			continue
		}
		nd := &node{key: key, top: top, next: make([]atomic.Pointer[node], top+1)}
		for lvl := 0; lvl <= top; lvl++ {
			nd.next[lvl].Store(succs[lvl])
		}
		for lvl := 0; lvl <= top; lvl++ {
			preds[lvl].next[lvl].Store(nd)
		}
		nd.fullyLinked.Store(true)
		s.n.Add(1)
		unlockPreds(&preds, highest)
		return true
	}
}

// Remove removes key and reports whether it was present.
func (s *Set) Remove(key int) bool {
	var victim *node
	isMarked := false
	top := -1
	var preds, succs [maxLevel]*node
	for {
		lFound := s.find(key, &preds, &succs)
		if lFound != -1 {
			victim = succs[lFound]
		}
		if !isMarked {
			if lFound == -1 || !victim.fullyLinked.Load() || victim.top != lFound || victim.marked.Load() {
				return false
			}
			top = victim.top
			victim.mu.Lock()
			if victim.marked.Load() {
				victim.mu.Unlock()
				return false
			}
			victim.marked.Store(true)
			s.n.Add(-1)
			isMarked = true
		}
		highest := -1
		var prev *node
		valid := true
		for lvl := 0; valid && lvl <= top; lvl++ {
			pred := preds[lvl]
			if pred != prev {
				pred.mu.Lock()
				highest = lvl
				prev = pred
			}
			valid = !pred.marked.Load() && pred.next[lvl].Load() == victim
		}
		if !valid {
			unlockPreds(&preds, highest)
			runtime.Gosched()
			continue
		}
		for lvl := top; lvl > 0; lvl-- {
			preds[lvl].next[lvl].Store(victim.next[lvl].Load())
		}
		victim.mu.Unlock()
		unlockPreds(&preds, highest)
		return true
	}
}

// Contains reports whether key is in the set.
func (s *Set) Contains(key int) bool {
	pred := s.head
	for lvl := maxLevel - 1; lvl >= 0; lvl-- {
		curr := pred.next[lvl].Load()
		for curr != nil && curr.key < key {
			pred = curr
			curr = pred.next[lvl].Load()
		}
		if curr != nil && curr.key == key {
			return curr.fullyLinked.Load() && !curr.marked.Load()
		}
	}
	return false
}

// Len returns the number of keys.
func (s *Set) Len() int {
	return int(s.n.Load())
}

// Range returns the keys k with lo <= k <= hi in ascending order.
func (s *Set) Range(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if lo > hi {
			return
		}
		pred := s.head
		for lvl := maxLevel - 1; lvl >= 0; lvl-- {
			curr := pred.next[lvl].Load()
			for curr != nil && curr.key < lo {
				pred = curr
				curr = pred.next[lvl].Load()
			}
		}
		for curr := pred.next[0].Load(); curr != nil && curr.key <= hi; curr = curr.next[0].Load() {
			if curr.key >= lo && curr.fullyLinked.Load() && !curr.marked.Load() {
				if !yield(curr.key) {
					return
				}
			}
		}
	}
}
