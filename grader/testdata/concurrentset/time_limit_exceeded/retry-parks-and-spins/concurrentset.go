// VARIANT cs_blockspin: correct lazy skip list except that when Add has to retry (contention) the
// call never returns: it alternates for ever between 30 ms blocked on a channel (a goroutine
// parked in select, as a deadlock looks) and 30 ms spinning while allocating (as a livelock looks).
// Should get: a non-accepted verdict, named consistently (livelock/time_limit_exceeded, since the
// call burns CPU, or deadlock/runtime_error) -- and the same name in both runs.
package concurrentset

import (
	"iter"
	"math/rand/v2"
	"sync"
	"sync/atomic"
)

const maxLevel = 24

type node struct {
	key         int
	isHead      bool
	isTail      bool
	next        [maxLevel]atomic.Pointer[node]
	top         int
	mu          sync.Mutex
	marked      atomic.Bool
	fullyLinked atomic.Bool
}

type Set struct {
	head, tail *node
	n          atomic.Int64
}

func New() *Set {
	h := &node{isHead: true, top: maxLevel - 1}
	t := &node{isTail: true, top: maxLevel - 1}
	for i := range maxLevel {
		h.next[i].Store(t)
	}
	h.fullyLinked.Store(true)
	t.fullyLinked.Store(true)
	return &Set{head: h, tail: t}
}

// less: is node x before key?
func less(x *node, key int) bool {
	if x.isHead {
		return true
	}
	if x.isTail {
		return false
	}
	return x.key < key
}
func eq(x *node, key int) bool { return !x.isHead && !x.isTail && x.key == key }

func (s *Set) find(key int, preds, succs *[maxLevel]*node) int {
	found := -1
	pred := s.head
	for l := maxLevel - 1; l >= 0; l-- {
		cur := pred.next[l].Load()
		for less(cur, key) {
			pred = cur
			cur = pred.next[l].Load()
		}
		if found == -1 && eq(cur, key) {
			found = l
		}
		preds[l] = pred
		succs[l] = cur
	}
	return found
}

func randomLevel() int {
	l := 0
	for l < maxLevel-1 && rand.IntN(2) == 0 {
		l++
	}
	return l
}

func (s *Set) Add(key int) bool {
	hookEnter("Add", key)
	top := randomLevel()
	var preds, succs [maxLevel]*node
	for attempt := 0; ; attempt++ {
		hookRetry("Add", key, attempt)
		found := s.find(key, &preds, &succs)
		if found != -1 {
			nf := succs[found]
			if !nf.marked.Load() {
				for !nf.fullyLinked.Load() {
				}
				return false
			}
			continue
		}
		var prevPred *node
		valid := true
		h := -1
		for l := 0; valid && l <= top; l++ {
			p, c := preds[l], succs[l]
			if p != prevPred {
				p.mu.Lock()
				h = l
				prevPred = p
			}
			valid = !p.marked.Load() && !c.marked.Load() && p.next[l].Load() == c
		}
		if !valid {
			unlockPreds(&preds, h)
			continue
		}
		nn := &node{key: key, top: top}
		for l := 0; l <= top; l++ {
			nn.next[l].Store(succs[l])
		}
		for l := 0; l <= top; l++ {
			preds[l].next[l].Store(nn)
		}
		nn.fullyLinked.Store(true)
		s.n.Add(1)
		unlockPreds(&preds, h)
		return true
	}
}

func unlockPreds(preds *[maxLevel]*node, h int) {
	var prev *node
	for l := 0; l <= h; l++ {
		if preds[l] != prev {
			preds[l].mu.Unlock()
			prev = preds[l]
		}
	}
}

func (s *Set) Remove(key int) bool {
	hookEnter("Remove", key)
	var victim *node
	marked := false
	top := -1
	var preds, succs [maxLevel]*node
	for attempt := 0; ; attempt++ {
		hookRetry("Remove", key, attempt)
		found := s.find(key, &preds, &succs)
		if found != -1 {
			victim = succs[found]
		}
		if marked || (found != -1 && victim.fullyLinked.Load() && victim.top == found && !victim.marked.Load()) {
			if !marked {
				top = victim.top
				victim.mu.Lock()
				if victim.marked.Load() {
					victim.mu.Unlock()
					return false
				}
				victim.marked.Store(true)
				s.n.Add(-1)
				marked = true
			}
			var prevPred *node
			valid := true
			h := -1
			for l := 0; valid && l <= top; l++ {
				p := preds[l]
				if p != prevPred {
					hookLockPred(victim, p)
					p.mu.Lock()
					h = l
					prevPred = p
				}
				valid = !p.marked.Load() && p.next[l].Load() == victim
			}
			if !valid {
				unlockPreds(&preds, h)
				continue
			}
			for l := top; l >= 0; l-- {
				preds[l].next[l].Store(victim.next[l].Load())
			}
			victim.mu.Unlock()
			unlockPreds(&preds, h)
			return true
		}
		return false
	}
}

func (s *Set) Contains(key int) bool {
	hookEnter("Contains", key)
	var preds, succs [maxLevel]*node
	found := s.find(key, &preds, &succs)
	return found != -1 && succs[found].fullyLinked.Load() && !succs[found].marked.Load()
}

func (s *Set) Len() int { return int(s.n.Load()) }

func (s *Set) Range(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if lo > hi {
			return
		}
		var preds, succs [maxLevel]*node
		s.find(lo, &preds, &succs)
		cur := preds[0].next[0].Load()
		last := 0
		have := false
		for !cur.isTail {
			if cur.key > hi {
				return
			}
			if cur.key >= lo && (!have || cur.key > last) && cur.fullyLinked.Load() && !cur.marked.Load() {
				have, last = true, cur.key
				if !yield(cur.key) {
					return
				}
			}
			cur = cur.next[0].Load()
		}
	}
}
