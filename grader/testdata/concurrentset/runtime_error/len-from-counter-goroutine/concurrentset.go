// Package concurrentset is the lazy skip list with its count kept by a goroutine of its own, as
// "share memory by communicating" suggests: Add and Remove send +1 or -1 to it and Len asks it
// for the count over a channel. The goroutine and its channels are made by the first Add, so a
// Len before any Add sends on a nil channel and waits for ever: a deadlock on a channel, with
// no lock held.
package concurrentset

import (
	"iter"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// maxLevel is the number of levels a node may reach: with p = 1/2, 2^32 keys before the top
// level is crowded.
const maxLevel = 32

// node is one key with its tower of forward links. key, next's length and the head's identity
// never change after the node is published; the links and the two flags are atomic.
type node struct {
	key  int
	next []atomic.Pointer[node]
	mu   sync.Mutex
	// marked is set, under mu, when the key is removed: from then on the node is not in the set.
	marked atomic.Bool
	// linked (fullyLinked) is set once the node is linked on every level of its tower: from then
	// on, until marked, the node is in the set.
	linked atomic.Bool
}

// Set is a sorted set of ints that any number of goroutines may use at once.
type Set struct {
	head *node // a sentinel before every key, with a tower of maxLevel; its key is never read
	// levels is how many levels hold nodes, at least 1: searches start there. It only grows.
	levels atomic.Int32
	start  sync.Once
	deltas chan int      // +1 or -1 for the counting goroutine
	asks   chan chan int // Len's questions to it
}

// counting starts the goroutine that keeps the count, once.
func (s *Set) counting() {
	s.start.Do(func() {
		s.deltas, s.asks = make(chan int), make(chan chan int)
		go func() {
			n := 0
			for {
				select {
				case d := <-s.deltas:
					n += d
				case reply := <-s.asks:
					reply <- n
				}
			}
		}()
	})
}

// New returns an empty set.
func New() *Set {
	s := &Set{head: &node{next: make([]atomic.Pointer[node], maxLevel)}}
	s.levels.Store(1)
	return s
}

// height draws a tower's height: 1 with probability 1/2, 2 with 1/4, and so on.
func height() int {
	return 1 + bits.TrailingZeros64(rand.Uint64()|1<<(maxLevel-1))
}

// raise makes sure searches start at least h levels up.
func (s *Set) raise(h int) {
	for {
		cur := s.levels.Load()
		if int(cur) >= h || s.levels.CompareAndSwap(cur, int32(h)) {
			return
		}
	}
}

// find fills preds and succs with, on each level in use, the last node before key and the first
// node at or after it (nil past the end), and returns the highest level where the node of key
// was found, or -1.
func (s *Set) find(key int, preds, succs *[maxLevel]*node) int {
	found := -1
	pred := s.head
	for l := int(s.levels.Load()) - 1; l >= 0; l-- {
		curr := pred.next[l].Load()
		for curr != nil && curr.key < key {
			pred, curr = curr, curr.next[l].Load()
		}
		if found < 0 && curr != nil && curr.key == key {
			found = l
		}
		preds[l], succs[l] = pred, curr
	}
	return found
}

// unlock releases the locks of preds[0..top] once each: equal predecessors sit on consecutive
// levels.
func unlock(preds *[maxLevel]*node, top int) {
	var prev *node
	for l := 0; l <= top; l++ {
		if preds[l] != prev {
			preds[l].mu.Unlock()
			prev = preds[l]
		}
	}
}

// Add adds key and reports whether it was absent.
func (s *Set) Add(key int) bool {
	h := height()
	s.raise(h)
	var preds, succs [maxLevel]*node
	for {
		if l := s.find(key, &preds, &succs); l >= 0 {
			found := succs[l]
			if !found.marked.Load() {
				// Present, or about to be: wait for its Add to finish linking it, so that this
				// false answer comes after that true one.
				for !found.linked.Load() {
					runtime.Gosched()
				}
				return false
			}
			continue // being removed: retry once it is unlinked
		}
		// Lock the predecessors bottom-up (in descending key order, as Remove does), and check
		// that each is still in the set and still points at the successor found.
		top, valid := -1, true
		var prev *node
		for l := 0; valid && l < h; l++ {
			pred, succ := preds[l], succs[l]
			if pred != prev {
				pred.mu.Lock()
				top, prev = l, pred
			}
			valid = !pred.marked.Load() && (succ == nil || !succ.marked.Load()) && pred.next[l].Load() == succ
		}
		if !valid {
			unlock(&preds, top)
			continue
		}
		n := &node{key: key, next: make([]atomic.Pointer[node], h)}
		for l := range h {
			n.next[l].Store(succs[l])
		}
		for l := range h {
			preds[l].next[l].Store(n)
		}
		n.linked.Store(true)
		s.counting()
		s.deltas <- 1
		unlock(&preds, top)
		return true
	}
}

// Remove removes key and reports whether it was present.
func (s *Set) Remove(key int) bool {
	var victim *node
	marked := false
	var preds, succs [maxLevel]*node
	for {
		l := s.find(key, &preds, &succs)
		if !marked {
			if l < 0 {
				return false
			}
			victim = succs[l]
			// Only a node fully linked, found on its top level and not yet marked can be removed
			// by this call.
			if !victim.linked.Load() || len(victim.next)-1 != l || victim.marked.Load() {
				return false
			}
			victim.mu.Lock()
			if victim.marked.Load() {
				victim.mu.Unlock()
				return false
			}
			victim.marked.Store(true) // the instant Remove takes effect
			s.deltas <- -1
			marked = true
		}
		h := len(victim.next)
		top, valid := -1, true
		var prev *node
		for l := 0; valid && l < h; l++ {
			pred := preds[l]
			if pred != prev {
				pred.mu.Lock()
				top, prev = l, pred
			}
			valid = !pred.marked.Load() && pred.next[l].Load() == victim
		}
		if !valid {
			unlock(&preds, top)
			continue
		}
		for l := h - 1; l >= 0; l-- {
			preds[l].next[l].Store(victim.next[l].Load())
		}
		victim.mu.Unlock()
		unlock(&preds, top)
		return true
	}
}

// Contains reports whether key is in the set. It takes no lock and never retries.
func (s *Set) Contains(key int) bool {
	pred := s.head
	for l := int(s.levels.Load()) - 1; l >= 0; l-- {
		curr := pred.next[l].Load()
		for curr != nil && curr.key < key {
			pred, curr = curr, curr.next[l].Load()
		}
		if curr != nil && curr.key == key {
			return curr.linked.Load() && !curr.marked.Load()
		}
	}
	return false
}

// Len returns the number of keys, exact whenever no Add or Remove runs alongside.
func (s *Set) Len() int {
	reply := make(chan int)
	s.asks <- reply
	return <-reply
}

// Range returns the keys k with lo <= k <= hi in ascending order. Each run of the sequence walks
// the set again, with no lock: it yields the keys in the set at the instant it reaches them, so
// a key in the set for the whole run is yielded and a key absent for the whole run is not.
func (s *Set) Range(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if lo > hi {
			return
		}
		pred := s.head
		for l := int(s.levels.Load()) - 1; l >= 0; l-- {
			curr := pred.next[l].Load()
			for curr != nil && curr.key < lo {
				pred, curr = curr, curr.next[l].Load()
			}
		}
		// A removed node's links never change once it is marked, and always lead forward, so
		// walking on from one skips no key that stayed in the set. A key below lo may have been
		// linked after pred since the descent read past it: it is not yielded.
		for curr := pred.next[0].Load(); curr != nil && curr.key <= hi; curr = curr.next[0].Load() {
			if curr.key >= lo && curr.linked.Load() && !curr.marked.Load() && !yield(curr.key) {
				return
			}
		}
	}
}
