// Package concurrentset is a lazy skip list whose nodes, links and count are right, but whose
// heights come from one *rand.Rand of the package that every goroutine's Add calls without a
// lock: the race is inside math/rand/v2, on the generator's state.
package concurrentset

import (
	"iter"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

const maxLevel = 32

type node struct {
	key    int
	next   []atomic.Pointer[node]
	mu     sync.Mutex
	marked atomic.Bool
	linked atomic.Bool
}

type Set struct {
	head   *node
	levels atomic.Int32
	count  atomic.Int64
}

func New() *Set {
	s := &Set{head: &node{next: make([]atomic.Pointer[node], maxLevel)}}
	s.levels.Store(1)
	return s
}

func newNode(key, h int) *node { return &node{key: key, next: make([]atomic.Pointer[node], h)} }

// rng is one generator for every set: seeded once, cheaper than the global functions.
var rng = rand.New(rand.NewPCG(1, 2))

func randomHeight() int { return 1 + bits.TrailingZeros64(rng.Uint64()|1<<(maxLevel-1)) }

func (s *Set) raise(h int) {
	for {
		cur := s.levels.Load()
		if int(cur) >= h || s.levels.CompareAndSwap(cur, int32(h)) {
			return
		}
	}
}

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

func lockNode(n *node)   { n.mu.Lock() }
func unlockNode(n *node) { n.mu.Unlock() }

func unlockPreds(preds *[maxLevel]*node, top int) {
	var prev *node
	for l := 0; l <= top; l++ {
		if preds[l] != prev {
			unlockNode(preds[l])
			prev = preds[l]
		}
	}
}

func (s *Set) Add(key int) bool {
	h := randomHeight()
	s.raise(h)
	var preds, succs [maxLevel]*node
	for {
		if l := s.find(key, &preds, &succs); l >= 0 {
			f := succs[l]
			if !f.marked.Load() {
				for !f.linked.Load() {
					runtime.Gosched()
				}
				return false
			}
			//ADD_MARKED_RETRY
			continue
		}
		top, valid := -1, true
		var prev *node
		for l := 0; valid && l < h; l++ {
			pred, succ := preds[l], succs[l]
			if pred != prev {
				lockNode(pred)
				top, prev = l, pred
			}
			valid = !pred.marked.Load() && (succ == nil || !succ.marked.Load()) && pred.next[l].Load() == succ
		}
		if !valid {
			unlockPreds(&preds, top)
			//ADD_INVALID
			continue
		}
		n := newNode(key, h)
		for l := range h {
			n.next[l].Store(succs[l])
		}
		for l := range h {
			preds[l].next[l].Store(n)
		}
		n.linked.Store(true)
		s.count.Add(1)
		unlockPreds(&preds, top)
		//ADD_DONE
		return true
	}
}

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
			if !victim.linked.Load() || len(victim.next)-1 != l || victim.marked.Load() {
				return false
			}
			//REMOVE_BEFORE_LOCK
			lockNode(victim)
			if victim.marked.Load() {
				unlockNode(victim)
				return false
			}
			victim.marked.Store(true)
			//REMOVE_COUNT
			s.count.Add(-1)
			marked = true
		}
		h := len(victim.next)
		top, valid := -1, true
		var prev *node
		for l := 0; valid && l < h; l++ {
			pred := preds[l]
			if pred != prev {
				lockNode(pred)
				top, prev = l, pred
			}
			valid = !pred.marked.Load() && pred.next[l].Load() == victim
		}
		if !valid {
			unlockPreds(&preds, top)
			continue
		}
		for l := h - 1; l >= 0; l-- {
			preds[l].next[l].Store(victim.next[l].Load())
		}
		//REMOVE_UNLINKED
		unlockNode(victim)
		unlockPreds(&preds, top)
		//REMOVE_DONE
		return true
	}
}

func (s *Set) Contains(key int) bool {
	//CONTAINS_START
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

func (s *Set) Len() int { return int(s.count.Load()) }

// seek returns the last node before lo found top-down.
func (s *Set) seek(lo int) *node {
	pred := s.head
	for l := int(s.levels.Load()) - 1; l >= 0; l-- {
		curr := pred.next[l].Load()
		for curr != nil && curr.key < lo {
			pred, curr = curr, curr.next[l].Load()
		}
	}
	return pred
}

// RANGE_BEGIN
func (s *Set) Range(lo, hi int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if lo > hi {
			return
		}
		for c := s.seek(lo).next[0].Load(); c != nil && c.key <= hi; c = c.next[0].Load() {
			if c.key >= lo && c.linked.Load() && !c.marked.Load() && !yield(c.key) {
				return
			}
		}
	}
}

//RANGE_END
