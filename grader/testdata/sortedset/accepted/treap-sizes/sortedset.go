// A treap (a binary search tree kept balanced by random priorities) whose nodes count their
// subtree, beside a map from name to score: ranks from the sizes of the left subtrees.
package sortedset

import (
	"math"
	"math/rand/v2"
)

type Member struct {
	Name  string
	Score float64
}

type node struct {
	m           Member
	prio        uint64
	size        int
	left, right *node
}

type SortedSet struct {
	root   *node
	scores map[string]float64
}

func New() *SortedSet { return &SortedSet{scores: make(map[string]float64)} }

func size(n *node) int {
	if n == nil {
		return 0
	}
	return n.size
}

func (n *node) fix() { n.size = 1 + size(n.left) + size(n.right) }

// before orders members by score, then by name.
func before(a, b Member) bool {
	if a.Score != b.Score {
		return a.Score < b.Score
	}
	return a.Name < b.Name
}

func rotateRight(n *node) *node {
	l := n.left
	n.left, l.right = l.right, n
	n.fix()
	l.fix()
	return l
}

func rotateLeft(n *node) *node {
	r := n.right
	n.right, r.left = r.left, n
	n.fix()
	r.fix()
	return r
}

func insert(n *node, m Member) *node {
	if n == nil {
		return &node{m: m, prio: rand.Uint64(), size: 1}
	}
	if before(m, n.m) {
		n.left = insert(n.left, m)
		if n.left.prio > n.prio {
			return rotateRight(n)
		}
	} else {
		n.right = insert(n.right, m)
		if n.right.prio > n.prio {
			return rotateLeft(n)
		}
	}
	n.fix()
	return n
}

func remove(n *node, m Member) *node {
	switch {
	case n == nil:
		return nil
	case before(m, n.m):
		n.left = remove(n.left, m)
	case before(n.m, m):
		n.right = remove(n.right, m)
	default:
		if n.left == nil {
			return n.right
		}
		if n.right == nil {
			return n.left
		}
		if n.left.prio > n.right.prio {
			n = rotateRight(n)
			n.right = remove(n.right, m)
		} else {
			n = rotateLeft(n)
			n.left = remove(n.left, m)
		}
	}
	n.fix()
	return n
}

func (s *SortedSet) Add(name string, score float64) bool {
	if math.IsNaN(score) {
		panic("NaN score")
	}
	old, ok := s.scores[name]
	if ok {
		s.root = remove(s.root, Member{name, old})
	}
	s.scores[name] = score
	s.root = insert(s.root, Member{name, score})
	return !ok
}

func (s *SortedSet) Remove(name string) bool {
	old, ok := s.scores[name]
	if ok {
		s.root = remove(s.root, Member{name, old})
		delete(s.scores, name)
	}
	return ok
}

func (s *SortedSet) Score(name string) (float64, bool) {
	sc, ok := s.scores[name]
	return sc, ok
}

// count returns how many members come before m.
func (s *SortedSet) count(m Member) int {
	c := 0
	for n := s.root; n != nil; {
		if before(n.m, m) {
			c += size(n.left) + 1
			n = n.right
		} else {
			n = n.left
		}
	}
	return c
}

func (s *SortedSet) Rank(name string) (int, bool) {
	sc, ok := s.scores[name]
	if !ok {
		return 0, false
	}
	return s.count(Member{name, sc}), true
}

func (s *SortedSet) Len() int { return size(s.root) }

// collect appends the members at positions lo..hi (of n's subtree) in order.
func collect(n *node, lo, hi int, out []Member) []Member {
	if n == nil || lo > hi {
		return out
	}
	ls := size(n.left)
	if lo < ls {
		out = collect(n.left, lo, min(hi, ls-1), out)
	}
	if lo <= ls && ls <= hi {
		out = append(out, n.m)
	}
	if hi > ls {
		out = collect(n.right, max(lo-ls-1, 0), hi-ls-1, out)
	}
	return out
}

func (s *SortedSet) RangeByRank(start, stop int) []Member {
	n := s.Len()
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
	}
	start, stop = max(start, 0), min(stop, n-1)
	if start > stop || start >= n {
		return nil
	}
	return collect(s.root, start, stop, make([]Member, 0, stop-start+1))
}

func (s *SortedSet) RangeByScore(lo, hi float64) []Member {
	if !(lo <= hi) {
		return nil
	}
	// Positions of the first member scored >= lo and of the first scored > hi.
	from, to := 0, 0
	for n := s.root; n != nil; {
		if n.m.Score < lo {
			from += size(n.left) + 1
			n = n.right
		} else {
			n = n.left
		}
	}
	for n := s.root; n != nil; {
		if n.m.Score <= hi {
			to += size(n.left) + 1
			n = n.right
		} else {
			n = n.left
		}
	}
	if from >= to {
		return nil
	}
	return collect(s.root, from, to-1, make([]Member, 0, to-from))
}
