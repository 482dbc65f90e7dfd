// Package sortedset is the reference solution but for one thing: Member is declared as an alias
// of a struct type literal, type Member = struct{ Name string; Score float64 }, which is the same
// type to the compiler: right code, accepted.
package sortedset

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// Member is one element of the set: a name and its score.
type Member = struct {
	Name  string
	Score float64
}

// maxLevel caps a node's height: with a quarter of the nodes on each next level, 32 levels
// serve 4^32 members.
const maxLevel = 32

// level is one forward link of a node: the next node on that level, and how many bottom-level
// steps the link jumps (1 on the bottom level).
type level struct {
	next *node
	span int
}

type node struct {
	name  string
	score float64
	lv    []level  // the node's links: inline for the low nodes, most of them
	low   [2]level // inline storage for a node of height 1 or 2
}

// newNode returns a node of height h. Three nodes in four have height 1 and three in sixteen
// height 2: their links live in the node itself, one allocation and one stretch of memory,
// which a walk along the order reads with one cache miss per node, not two.
func newNode(name string, score float64, h int) *node {
	n := &node{name: name, score: score}
	if h <= len(n.low) {
		n.lv = n.low[:h]
	} else {
		n.lv = make([]level, h)
	}
	return n
}

// SortedSet is a set of names, each with a score, kept in order of score then name.
type SortedSet struct {
	head   node             // the sentinel: no member, maxLevel links
	level  int              // levels in use, at least 1
	length int              // members
	nodes  map[string]*node // each member's node
}

// New returns an empty sorted set.
func New() *SortedSet {
	s := &SortedSet{level: 1, nodes: make(map[string]*node)}
	s.head.lv = make([]level, maxLevel)
	return s
}

// before reports whether the member (score, name) of n comes before (score, name).
func before(n *node, score float64, name string) bool {
	return n.score < score || n.score == score && n.name < name
}

// randomLevel draws a height: h with probability (3/4)·(1/4)^(h-1), capped at maxLevel.
func randomLevel() int {
	return min(1+bits.TrailingZeros64(rand.Uint64())/2, maxLevel)
}

// Add adds name with score and returns true, or updates the score of name, already present, and
// returns false. It panics if score is NaN, changing nothing.
func (s *SortedSet) Add(name string, score float64) bool {
	if math.IsNaN(score) {
		panic("sortedset: Add with a NaN score")
	}
	if score == 0 {
		score = 0 // -0 and 0 are one score: keep one of them
	}
	if n, ok := s.nodes[name]; ok {
		if n.score == score {
			return false
		}
		s.unlink(n)
		n.score = score
		s.link(n)
		return false
	}
	n := newNode(name, score, randomLevel())
	s.link(n)
	s.nodes[name] = n
	return true
}

// link inserts n, whose height is set, at its place in the order, keeping every span right.
func (s *SortedSet) link(n *node) {
	var update [maxLevel]*node
	var rank [maxLevel]int // rank[i]: bottom-level steps from the head to update[i]
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		if i < s.level-1 {
			rank[i] = rank[i+1]
		}
		for x.lv[i].next != nil && before(x.lv[i].next, n.score, n.name) {
			rank[i] += x.lv[i].span
			x = x.lv[i].next
		}
		update[i] = x
	}
	h := len(n.lv)
	for ; s.level < h; s.level++ {
		update[s.level] = &s.head
		s.head.lv[s.level].span = s.length
	}
	for i := range h {
		n.lv[i].next = update[i].lv[i].next
		update[i].lv[i].next = n
		n.lv[i].span = update[i].lv[i].span - (rank[0] - rank[i])
		update[i].lv[i].span = rank[0] - rank[i] + 1
	}
	for i := h; i < s.level; i++ {
		update[i].lv[i].span++
	}
	s.length++
}

// unlink removes n from the order, keeping every span right.
func (s *SortedSet) unlink(n *node) {
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && x.lv[i].next != n && before(x.lv[i].next, n.score, n.name) {
			x = x.lv[i].next
		}
		if x.lv[i].next == n {
			x.lv[i].span += n.lv[i].span - 1
			x.lv[i].next = n.lv[i].next
		} else {
			x.lv[i].span--
		}
	}
	for s.level > 1 && s.head.lv[s.level-1].next == nil {
		s.level--
	}
	s.length--
}

// Remove removes name and returns true, or returns false if name is absent.
func (s *SortedSet) Remove(name string) bool {
	n, ok := s.nodes[name]
	if !ok {
		return false
	}
	s.unlink(n)
	delete(s.nodes, name)
	return true
}

// Score returns the score of name, or 0, false if name is absent.
func (s *SortedSet) Score(name string) (float64, bool) {
	if n, ok := s.nodes[name]; ok {
		return n.score, true
	}
	return 0, false
}

// Rank returns the 0-based position of name in the order, or 0, false if name is absent.
func (s *SortedSet) Rank(name string) (int, bool) {
	n, ok := s.nodes[name]
	if !ok {
		return 0, false
	}
	rank := 0
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && before(x.lv[i].next, n.score, n.name) {
			rank += x.lv[i].span
			x = x.lv[i].next
		}
	}
	return rank, true
}

// Len returns the number of members.
func (s *SortedSet) Len() int { return s.length }

// at returns the node at 0-based position p, which must be below Len.
func (s *SortedSet) at(p int) *node {
	walked := 0 // bottom-level steps from the head to x: x is at position walked-1
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && walked+x.lv[i].span <= p+1 {
			walked += x.lv[i].span
			x = x.lv[i].next
		}
		if walked == p+1 {
			return x
		}
	}
	panic("sortedset: position out of range")
}

// collect returns count members from x on, along the bottom level.
func collect(x *node, count int) []Member {
	out := make([]Member, count)
	for i := range out {
		out[i] = Member{Name: x.name, Score: x.score}
		x = x.lv[0].next
	}
	return out
}

// RangeByRank returns the members at positions start..stop inclusive, as Redis's ZRANGE: a
// negative position p means Len()+p, then start is clipped to 0 and stop to Len()-1.
func (s *SortedSet) RangeByRank(start, stop int) []Member {
	if start < 0 {
		start += s.length
	}
	if stop < 0 {
		stop += s.length
	}
	start = max(start, 0)
	stop = min(stop, s.length-1)
	if start > stop || start >= s.length {
		return nil
	}
	return collect(s.at(start), stop-start+1)
}

// countBefore returns the last node whose score is below bound (or at most bound, with
// orEqual), the head if none, and the number of members up to it.
func (s *SortedSet) countBefore(bound float64, orEqual bool) (*node, int) {
	rank := 0
	x := &s.head
	for i := s.level - 1; i >= 0; i-- {
		for n := x.lv[i].next; n != nil && (n.score < bound || orEqual && n.score == bound); n = x.lv[i].next {
			rank += x.lv[i].span
			x = n
		}
	}
	return x, rank
}

// RangeByScore returns the members with min <= score <= max, in order: none when min > max or
// either bound is NaN.
func (s *SortedSet) RangeByScore(min, max float64) []Member {
	if !(min <= max) {
		return nil
	}
	x, below := s.countBefore(min, false)
	_, upTo := s.countBefore(max, true)
	if upTo == below {
		return nil
	}
	return collect(x.lv[0].next, upTo-below)
}
