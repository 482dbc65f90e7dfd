package skiplist

import (
	"strings"
	"testing"

	"kata/grader/result"
)

// tunable is a plain skip list with a chosen promotion probability and height cap: right growth,
// a different constant factor from the reference.
type tunable struct {
	head     *tnode
	p        uint64 // promote when a random word is below p (out of 2^64)
	maxLevel int
	rng      uint64
}

type tnode struct {
	v    int
	next []*tnode
}

func newTunable(quarter bool, maxLevel int) *tunable {
	p := uint64(1) << 63
	if quarter {
		p = 1 << 62
	}
	return &tunable{head: &tnode{next: make([]*tnode, maxLevel)}, p: p, maxLevel: maxLevel, rng: 88172645463325252}
}

func (s *tunable) level() int {
	l := 1
	for l < s.maxLevel {
		s.rng ^= s.rng << 13
		s.rng ^= s.rng >> 7
		s.rng ^= s.rng << 17
		if s.rng >= s.p {
			break
		}
		l++
	}
	return l
}

func (s *tunable) find(x int, update []*tnode) *tnode {
	n := s.head
	for i := s.maxLevel - 1; i >= 0; i-- {
		for n.next[i] != nil && n.next[i].v < x {
			n = n.next[i]
		}
		if update != nil {
			update[i] = n
		}
	}
	return n.next[0]
}

func (s *tunable) Search(x int) bool {
	n := s.find(x, nil)
	return n != nil && n.v == x
}

func (s *tunable) Add(x int) {
	update := make([]*tnode, s.maxLevel)
	s.find(x, update)
	n := &tnode{v: x, next: make([]*tnode, s.level())}
	for i := range n.next {
		n.next[i], update[i].next[i] = update[i].next[i], n
	}
}

func (s *tunable) Erase(x int) bool {
	update := make([]*tnode, s.maxLevel)
	n := s.find(x, update)
	if n == nil || n.v != x {
		return false
	}
	for i := range n.next {
		update[i].next[i] = n.next[i]
	}
	return true
}

// TestPerformanceAcceptsRightGrowth runs skip lists a constant factor away from the reference
// (p = 1/4, a height cap of 16, an update vector allocated per call): none may be flagged.
func TestPerformanceAcceptsRightGrowth(t *testing.T) {
	for name, impl := range map[string]API{
		"p=1/4":        {New: func() Skiplist { return newTunable(true, 32) }},
		"max level 16": {New: func() Skiplist { return newTunable(false, 16) }},
	} {
		if end, _ := kit.Perf(t, impl, 3, "performance/growth"); end.Status != result.Pass {
			t.Errorf("%s: flagged: %+v", name, end.Failure)
		}
	}
}

// copyWalker is a tunable skip list that handles the copies of a value its own way.
type copyWalker struct {
	*tunable
	after   bool // Add links a copy after the others, searching with <= on every lane (right)
	lastAdd bool // Add walks level 0 past the copies to link the new one after them, on level 0 only
}

func (s *copyWalker) Add(x int) {
	if !s.after && !s.lastAdd {
		s.tunable.Add(x)
		return
	}
	update := make([]*tnode, s.maxLevel)
	n := s.head
	for i := s.maxLevel - 1; i >= 0; i-- {
		for n.next[i] != nil && (n.next[i].v < x || s.after && n.next[i].v == x) {
			n = n.next[i]
		}
		update[i] = n
	}
	h := s.level()
	if s.lastAdd {
		for n.next[0] != nil && n.next[0].v == x {
			n = n.next[0]
		}
		update[0], h = n, 1
	}
	c := &tnode{v: x, next: make([]*tnode, h)}
	for i := range c.next {
		c.next[i], update[i].next[i] = update[i].next[i], c
	}
}

// TestDuplicatesJudgesCopies: Add and Erase must stay O(log n) with many copies of a value.
// Walking the run of a value's copies in Add fails the duplicates test with Add's hint; linking
// copies before or after the others, and counting them, passes it; an Erase that unlinks the
// first copy met on each lane fails it, as it strips the run of its upper lanes, which a Search
// past the run then walks. (An Erase that walks the copies is
// grader/testdata/skiplist/time_limit_exceeded/growth-erase-last-copy; other lists that strip the
// run, the growth-*-lanes-* and growth-erase-tallest-copy submissions there.)
func TestDuplicatesJudgesCopies(t *testing.T) {
	walker := func(w copyWalker) API {
		return API{New: func() Skiplist { w := w; w.tunable = newTunable(false, 32); return &w }}
	}
	for _, tc := range []struct {
		name   string
		impl   API
		failOp string // the operation flagged; "" if none
	}{
		{"p=1/4", API{New: func() Skiplist { return newTunable(true, 32) }}, ""},
		{"copies after the others", walker(copyWalker{after: true}), ""},
		{"copies counted", API{New: func() Skiplist { return &counted{inner: newTunable(false, 32), n: map[int]int{}} }}, ""},
		{"Add walks the copies", walker(copyWalker{lastAdd: true}), "Add"},
		{"Erase takes the first copy on each lane", planted(copiesAfter), "Search"},
	} {
		end, _ := kit.Perf(t, tc.impl, 3, "performance/duplicates")
		switch f := end.Failure; {
		case tc.failOp == "" && end.Status != result.Pass:
			t.Errorf("%s: flagged: %+v", tc.name, f)
		case tc.failOp == "":
		case f == nil || f.Verdict != "time_limit_exceeded" || f.Op != tc.failOp || !strings.Contains(f.Hint, "copies"):
			t.Errorf("%s: want time_limit_exceeded of %s with a hint about copies, got %s %+v", tc.name, tc.failOp, end.Status, f)
		}
	}
}

// counted stores each value once in a skip list, with its number of copies on the side.
type counted struct {
	inner *tunable
	n     map[int]int
}

func (s *counted) Search(x int) bool { return s.n[x] > 0 }

func (s *counted) Add(x int) {
	if s.n[x] == 0 {
		s.inner.Add(x)
	}
	s.n[x]++
}

func (s *counted) Erase(x int) bool {
	switch s.n[x] {
	case 0:
		return false
	case 1:
		s.inner.Erase(x)
	}
	s.n[x]--
	return true
}
