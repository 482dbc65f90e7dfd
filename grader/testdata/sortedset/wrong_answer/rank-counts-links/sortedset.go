// Rank counts one per link followed instead of adding each link's span: a rank reached through an upper level is too small.
package sortedset

import (
	"math"
	"math/rand/v2"
)

const maxLevel = 32

// Member is one element of the set.
type Member struct {
	Name  string
	Score float64
}

type level struct {
	next *node
	span int
}

type node struct {
	name  string
	score float64
	lv    []level
}

// SortedSet orders members by score, then name.
type SortedSet struct {
	head   *node
	level  int
	length int
	scores map[string]float64
}

// New returns an empty set.
func New() *SortedSet {
	return &SortedSet{head: &node{lv: make([]level, maxLevel)}, level: 1, scores: map[string]float64{}}
}

// less orders (score, name) pairs.
func less(s1 float64, n1 string, s2 float64, n2 string) bool {
	if s1 != s2 {
		return s1 < s2
	}
	return n1 < n2
}

func randomLevel() int {
	l := 1
	for l < maxLevel && rand.IntN(4) == 0 {
		l++
	}
	return l
}

func (s *SortedSet) insert(name string, score float64) {
	var update [maxLevel]*node
	var rank [maxLevel]int
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		if i < s.level-1 {
			rank[i] = rank[i+1]
		}
		for x.lv[i].next != nil && less(x.lv[i].next.score, x.lv[i].next.name, score, name) {
			rank[i] += x.lv[i].span
			x = x.lv[i].next
		}
		update[i] = x
	}
	l := randomLevel()
	if l > s.level {
		for i := s.level; i < l; i++ {
			rank[i] = 0
			update[i] = s.head
			update[i].lv[i].span = s.length
		}
		s.level = l
	}
	n := &node{name: name, score: score, lv: make([]level, l)}
	for i := 0; i < l; i++ {
		n.lv[i].next = update[i].lv[i].next
		update[i].lv[i].next = n
		n.lv[i].span = update[i].lv[i].span - (rank[0] - rank[i])
		update[i].lv[i].span = rank[0] - rank[i] + 1
	}
	for i := l; i < s.level; i++ {
		update[i].lv[i].span++
	}
	s.length++
}

func (s *SortedSet) delete(name string, score float64) {
	var update [maxLevel]*node
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && less(x.lv[i].next.score, x.lv[i].next.name, score, name) {
			x = x.lv[i].next
		}
		update[i] = x
	}
	x = x.lv[0].next
	for i := 0; i < s.level; i++ {
		if update[i].lv[i].next == x {
			update[i].lv[i].span += x.lv[i].span - 1
			update[i].lv[i].next = x.lv[i].next
		} else {
			update[i].lv[i].span--
		}
	}
	for s.level > 1 && s.head.lv[s.level-1].next == nil {
		s.level--
	}
	s.length--
}

// Add inserts name or updates its score; true if name is new. Panics on NaN.
func (s *SortedSet) Add(name string, score float64) bool {
	if math.IsNaN(score) {
		panic("sortedset: NaN score")
	}
	if score == 0 {
		score = 0 // -0 and 0 are one score
	}
	old, ok := s.scores[name]
	if ok {
		if old == score {
			return false
		}
		s.delete(name, old)
	}
	s.insert(name, score)
	s.scores[name] = score
	return !ok
}

// Remove deletes name; false if absent.
func (s *SortedSet) Remove(name string) bool {
	sc, ok := s.scores[name]
	if !ok {
		return false
	}
	s.delete(name, sc)
	delete(s.scores, name)
	return true
}

// Score returns name's score.
func (s *SortedSet) Score(name string) (float64, bool) {
	sc, ok := s.scores[name]
	return sc, ok
}

// Rank returns name's 0-based position.
func (s *SortedSet) Rank(name string) (int, bool) {
	sc, ok := s.scores[name]
	if !ok {
		return 0, false
	}
	r := 0
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && !less(sc, name, x.lv[i].next.score, x.lv[i].next.name) {
			r++
			x = x.lv[i].next
		}
	}
	return r - 1, true
}

// Len returns the number of members.
func (s *SortedSet) Len() int { return s.length }

// byRank returns the node at 1-based rank r.
func (s *SortedSet) byRank(r int) *node {
	x := s.head
	t := 0
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && t+x.lv[i].span <= r {
			t += x.lv[i].span
			x = x.lv[i].next
		}
	}
	return x
}

// RangeByRank returns positions start..stop inclusive, as ZRANGE.
func (s *SortedSet) RangeByRank(start, stop int) []Member {
	n := s.length
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
	}
	if start < 0 {
		start = 0
	}
	if stop >= n {
		stop = n - 1
	}
	if start > stop || start >= n {
		return nil
	}
	out := make([]Member, 0, stop-start+1)
	x := s.byRank(start + 1)
	for i := start; i <= stop; i++ {
		out = append(out, Member{x.name, x.score})
		x = x.lv[0].next
	}
	return out
}

// RangeByScore returns members with min <= score <= max, in order.
func (s *SortedSet) RangeByScore(min, max float64) []Member {
	if math.IsNaN(min) || math.IsNaN(max) || min > max {
		return nil
	}
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && x.lv[i].next.score < min {
			x = x.lv[i].next
		}
	}
	var out []Member
	for x = x.lv[0].next; x != nil && x.score <= max; x = x.lv[0].next {
		out = append(out, Member{x.name, x.score})
	}
	return out
}
