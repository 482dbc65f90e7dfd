// Package concurrentset is a lazy skip list written without the judge in view, with one defect:
// tower heights are drawn uniformly from 1 to 24 instead of geometrically, so about n/24 nodes
// reach the top level and every search walks O(n) nodes there before it drops a level.
package concurrentset

import (
	"iter"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// maxLevel is the number of levels of the head's tower.
const maxLevel = 24

type node struct {
	key         int
	topLevel    int // index of the highest level of the tower; written once before publication
	next        []atomic.Pointer[node]
	mu          sync.Mutex
	marked      atomic.Bool // logically removed
	fullyLinked atomic.Bool // linked on every level of its tower
}

// Set is a sorted set of ints that any number of goroutines may use at once.
// Create one with [New]; the zero value is not used.
type Set struct {
	head  *node // sentinel before every key; its key is never looked at
	count atomic.Int64
}

// New returns an empty set.
func New() *Set {
	h := &node{topLevel: maxLevel - 1, next: make([]atomic.Pointer[node], maxLevel)}
	h.fullyLinked.Store(true)
	return &Set{head: h}
}

// randomLevel draws the top level of a new tower at random, so towers of every height occur.
func randomLevel() int {
	return rand.IntN(maxLevel)
}

// find records, on every level, the last node before key (preds) and the first node at or
// after it (succs), and returns the highest level where a node of key was found, or -1.
// It takes no lock.
func (s *Set) find(key int, preds, succs *[maxLevel]*node) int {
	found := -1
	pred := s.head
	for level := maxLevel - 1; level >= 0; level-- {
		curr := pred.next[level].Load()
		for curr != nil && curr.key < key {
			pred = curr
			curr = pred.next[level].Load()
		}
		if found == -1 && curr != nil && curr.key == key {
			found = level
		}
		preds[level] = pred
		succs[level] = curr
	}
	return found
}

// unlockPreds unlocks preds[0..highest], each distinct node once. Equal preds are always on
// consecutive levels.
func unlockPreds(preds *[maxLevel]*node, highest int) {
	var prev *node
	for level := 0; level <= highest; level++ {
		if preds[level] != prev {
			preds[level].mu.Unlock()
			prev = preds[level]
		}
	}
}

// Add adds key and reports whether it was absent. Expected cost: O(log n).
func (s *Set) Add(key int) bool {
	top := randomLevel()
	var preds, succs [maxLevel]*node
	for {
		if lf := s.find(key, &preds, &succs); lf != -1 {
			found := succs[lf]
			if !found.marked.Load() {
				for !found.fullyLinked.Load() {
					runtime.Gosched()
				}
				return false
			}
			runtime.Gosched() // on its way out: let the remover finish, then retry
			continue
		}
		// Lock the preds bottom up, each distinct node once, and validate.
		var prev *node
		highest := -1
		valid := true
		for level := 0; valid && level <= top; level++ {
			pred, succ := preds[level], succs[level]
			if pred != prev {
				pred.mu.Lock()
				prev = pred
			}
			highest = level
			valid = !pred.marked.Load() && (succ == nil || !succ.marked.Load()) &&
				pred.next[level].Load() == succ
		}
		if !valid {
			unlockPreds(&preds, highest)
			continue
		}
		n := &node{key: key, topLevel: top, next: make([]atomic.Pointer[node], top+1)}
		for level := 0; level <= top; level++ {
			n.next[level].Store(succs[level])
		}
		for level := 0; level <= top; level++ {
			preds[level].next[level].Store(n)
		}
		n.fullyLinked.Store(true) // the instant Add takes effect
		s.count.Add(1)
		unlockPreds(&preds, highest)
		return true
	}
}

// Remove removes key and reports whether it was present. Expected cost: O(log n).
func (s *Set) Remove(key int) bool {
	var victim *node
	isMarked := false
	top := -1
	var preds, succs [maxLevel]*node
	for {
		lf := s.find(key, &preds, &succs)
		if lf != -1 {
			victim = succs[lf]
		}
		if !isMarked {
			if lf == -1 || !victim.fullyLinked.Load() || victim.topLevel != lf || victim.marked.Load() {
				return false
			}
			top = victim.topLevel
			victim.mu.Lock()
			if victim.marked.Load() {
				victim.mu.Unlock()
				return false
			}
			victim.marked.Store(true) // the instant Remove takes effect
			s.count.Add(-1)
			isMarked = true
		}
		// The victim stays locked and marked; lock its preds bottom up and validate.
		var prev *node
		highest := -1
		valid := true
		for level := 0; valid && level <= top; level++ {
			pred := preds[level]
			if pred != prev {
				pred.mu.Lock()
				prev = pred
			}
			highest = level
			valid = !pred.marked.Load() && pred.next[level].Load() == victim
		}
		if !valid {
			unlockPreds(&preds, highest)
			continue
		}
		for level := top; level >= 0; level-- {
			preds[level].next[level].Store(victim.next[level].Load())
		}
		victim.mu.Unlock()
		unlockPreds(&preds, highest)
		return true
	}
}

// Contains reports whether key is in the set. Expected cost: O(log n). Wait-free.
func (s *Set) Contains(key int) bool {
	pred := s.head
	for level := maxLevel - 1; level >= 0; level-- {
		curr := pred.next[level].Load()
		for curr != nil && curr.key < key {
			pred = curr
			curr = pred.next[level].Load()
		}
		if curr != nil && curr.key == key {
			return curr.fullyLinked.Load() && !curr.marked.Load()
		}
	}
	return false
}

// Len returns the number of keys, exact whenever no Add or Remove runs alongside.
// Expected cost: O(1).
func (s *Set) Len() int {
	return int(s.count.Load())
}

// Range returns the keys k with lo <= k <= hi in ascending order, weakly consistent under
// concurrent changes (see the package documentation). Expected cost: O(log n + r) per run of
// the sequence that yields r keys.
func (s *Set) Range(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if lo > hi {
			return
		}
		// The last node before lo, top down: O(log n).
		pred := s.head
		for level := maxLevel - 1; level >= 0; level-- {
			curr := pred.next[level].Load()
			for curr != nil && curr.key < lo {
				pred = curr
				curr = pred.next[level].Load()
			}
		}
		// Walk level 0 with no lock held; the body may change the set.
		for curr := pred.next[0].Load(); curr != nil && curr.key <= hi; curr = curr.next[0].Load() {
			if curr.key >= lo && curr.fullyLinked.Load() && !curr.marked.Load() {
				if !yield(curr.key) {
					return
				}
			}
		}
	}
}
