// A skip list with spans beside a map from name to score, whose Rank walks to the member itself
// and stops at the first node holding its name, and answers the spans summed less one, as
// Redis's zslGetRank does. The head node's name is "" too: when the top levels' first links all
// jump past the member named "", the walk stops at the head at once and answers rank -1.
package sortedset

import (
	"math"
	"math/rand/v2"
)

type Member struct {
	Name  string
	Score float64
}

const maxLevel = 24

// link is a forward pointer and the number of bottom-level steps it jumps.
type link struct {
	to   *node
	span int
}

type node struct {
	name  string
	score float64
	next  []link
}

type SortedSet struct {
	head   *node
	levels int
	count  int
	scores map[string]float64
	coins  *rand.Rand // seeded the same in every set, so that a grading is the same every time
}

func New() *SortedSet {
	return &SortedSet{head: &node{next: make([]link, maxLevel)}, levels: 1, scores: map[string]float64{}, coins: rand.New(rand.NewPCG(1, 2))}
}

// less reports whether node a comes before the member (score, name).
func less(a *node, score float64, name string) bool {
	if a.score != score {
		return a.score < score
	}
	return a.name < name
}

func (s *SortedSet) insert(name string, score float64) {
	var update [maxLevel]*node
	var pos [maxLevel]int
	x := s.head
	for i := s.levels - 1; i >= 0; i-- {
		if i+1 < s.levels {
			pos[i] = pos[i+1]
		}
		for x.next[i].to != nil && less(x.next[i].to, score, name) {
			pos[i] += x.next[i].span
			x = x.next[i].to
		}
		update[i] = x
	}
	h := 1
	for h < maxLevel && s.coins.IntN(2) == 0 {
		h++
	}
	for s.levels < h {
		update[s.levels] = s.head
		s.head.next[s.levels].span = s.count
		s.levels++
	}
	n := &node{name: name, score: score, next: make([]link, h)}
	for i := 0; i < h; i++ {
		n.next[i].to = update[i].next[i].to
		update[i].next[i].to = n
		n.next[i].span = update[i].next[i].span - (pos[0] - pos[i])
		update[i].next[i].span = pos[0] - pos[i] + 1
	}
	for i := h; i < s.levels; i++ {
		update[i].next[i].span++
	}
	s.count++
}

func (s *SortedSet) delete(name string, score float64) {
	var update [maxLevel]*node
	x := s.head
	for i := s.levels - 1; i >= 0; i-- {
		for x.next[i].to != nil && less(x.next[i].to, score, name) {
			x = x.next[i].to
		}
		update[i] = x
	}
	target := x.next[0].to
	for i := 0; i < s.levels; i++ {
		if update[i].next[i].to == target {
			update[i].next[i].span += target.next[i].span - 1
			update[i].next[i].to = target.next[i].to
		} else {
			update[i].next[i].span--
		}
	}
	for s.levels > 1 && s.head.next[s.levels-1].to == nil {
		s.levels--
	}
	s.count--
}

func (s *SortedSet) Add(name string, score float64) bool {
	if math.IsNaN(score) {
		panic("sortedset: NaN score")
	}
	old, ok := s.scores[name]
	if ok {
		if old == score {
			return false
		}
		s.delete(name, old)
	}
	s.scores[name] = score
	s.insert(name, score)
	return !ok
}

func (s *SortedSet) Remove(name string) bool {
	old, ok := s.scores[name]
	if !ok {
		return false
	}
	s.delete(name, old)
	delete(s.scores, name)
	return true
}

func (s *SortedSet) Score(name string) (float64, bool) {
	sc, ok := s.scores[name]
	return sc, ok
}

func (s *SortedSet) Rank(name string) (int, bool) {
	score, ok := s.scores[name]
	if !ok {
		return 0, false
	}
	rank := 0 // 1-based: the spans of every link followed, the member's own included
	x := s.head
	for i := s.levels - 1; i >= 0; i-- {
		for x.next[i].to != nil && !less(&node{name: name, score: score}, x.next[i].to.score, x.next[i].to.name) {
			rank += x.next[i].span
			x = x.next[i].to
		}
		if x.name == name {
			break
		}
	}
	return rank - 1, true
}

func (s *SortedSet) Len() int { return s.count }

// nodeAt returns the node at 0-based position rank.
func (s *SortedSet) nodeAt(rank int) *node {
	x := s.head
	walked := -1
	for i := s.levels - 1; i >= 0; i-- {
		for x.next[i].to != nil && walked+x.next[i].span <= rank {
			walked += x.next[i].span
			x = x.next[i].to
		}
	}
	return x
}

func (s *SortedSet) RangeByRank(start, stop int) []Member {
	if start < 0 {
		start += s.count
	}
	if stop < 0 {
		stop += s.count
	}
	if start < 0 {
		start = 0
	}
	if stop >= s.count {
		stop = s.count - 1
	}
	if start > stop || start >= s.count {
		return []Member{}
	}
	out := make([]Member, 0, stop-start+1)
	for x := s.nodeAt(start); len(out) < stop-start+1; x = x.next[0].to {
		out = append(out, Member{x.name, x.score})
	}
	return out
}

func (s *SortedSet) RangeByScore(min, max float64) []Member {
	var out []Member
	if math.IsNaN(min) || math.IsNaN(max) || min > max {
		return out
	}
	x := s.head
	for i := s.levels - 1; i >= 0; i-- {
		for x.next[i].to != nil && x.next[i].to.score < min {
			x = x.next[i].to
		}
	}
	for x = x.next[0].to; x != nil && x.score <= max; x = x.next[0].to {
		out = append(out, Member{x.name, x.score})
	}
	return out
}
