package sortedset

import "math/rand"

const maxLevel = 32

type level struct {
	next *node
	span int
}

type node struct {
	name  string
	score float64
	seq   uint64
	lv    []level
}

// Member is one element of the set: a name and its score.
type Member struct {
	Name  string
	Score float64
}

// SortedSet is a set of names, each with a score, kept in order of score, then name.
type SortedSet struct {
	head  *node
	level int
	n     int
	seq   uint64
	dict  map[string]*node
	//EXTRAFIELDS
}

// New returns an empty sorted set.
func New() *SortedSet {
	//NEWHOOK
	return &SortedSet{head: &node{lv: make([]level, maxLevel)}, level: 1, dict: map[string]*node{}}
}

func lessKey(s1 float64, n1 string, q1 uint64, s2 float64, n2 string, q2 uint64) bool {
	return s1 < s2 || (s1 == s2 && runeLess(n1, n2))
}

func runeLess(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	for i := 0; i < len(ra) && i < len(rb); i++ {
		if ra[i] != rb[i] {
			return ra[i] < rb[i]
		}
	}
	return len(ra) < len(rb)
}

func randomLevel() int {
	l := 1
	for l < maxLevel && rand.Intn(4) == 0 {
		l++
	}
	return l
}

func (s *SortedSet) insert(name string, score float64) {
	var update [maxLevel]*node
	var rank [maxLevel]int
	q := s.seq
	s.seq++
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		if i == s.level-1 {
			rank[i] = 0
		} else {
			rank[i] = rank[i+1]
		}
		for x.lv[i].next != nil && lessKey(x.lv[i].next.score, x.lv[i].next.name, x.lv[i].next.seq, score, name, q) {
			rank[i] += x.lv[i].span
			x = x.lv[i].next
		}
		update[i] = x
	}
	h := randomLevel()
	if h > s.level {
		for i := s.level; i < h; i++ {
			rank[i] = 0
			update[i] = s.head
			update[i].lv[i].span = s.n
		}
		s.level = h
	}
	nd := &node{name: name, score: score, seq: q, lv: make([]level, h)}
	for i := 0; i < h; i++ {
		nd.lv[i].next = update[i].lv[i].next
		update[i].lv[i].next = nd
		nd.lv[i].span = update[i].lv[i].span - (rank[0] - rank[i])
		update[i].lv[i].span = rank[0] - rank[i] + 1
	}
	for i := h; i < s.level; i++ {
		update[i].lv[i].span++
	}
	s.n++
	s.dict[name] = nd
}

func (s *SortedSet) unlink(nd *node) {
	var update [maxLevel]*node
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && x.lv[i].next != nd && lessKey(x.lv[i].next.score, x.lv[i].next.name, x.lv[i].next.seq, nd.score, nd.name, nd.seq) {
			x = x.lv[i].next
		}
		update[i] = x
	}
	for i := 0; i < s.level; i++ {
		if update[i].lv[i].next == nd {
			update[i].lv[i].span += nd.lv[i].span - 1
			update[i].lv[i].next = nd.lv[i].next
		} else {
			update[i].lv[i].span--
		}
	}
	for s.level > 1 && s.head.lv[s.level-1].next == nil {
		s.level--
	}
	s.n--
	//UNLINKDICT
	delete(s.dict, nd.name)
}

// Add adds name with score and returns true, or changes its score and returns false.
func (s *SortedSet) Add(name string, score float64) bool {
	//ADDHOOK
	if score != score {
		panic("sortedset: NaN score")
	}
	if nd, ok := s.dict[name]; ok {
		//UPDATEHOOK
		if nd.score == score {
			nd.score = score
			return false
		}
		s.unlink(nd)
		s.insert(name, score)
		return false
	}
	s.insert(name, score)
	return true
}

// Remove removes name and returns true, or returns false if name is absent.
func (s *SortedSet) Remove(name string) bool {
	nd, ok := s.dict[name]
	if !ok {
		//REMOVEABSENT
		return false
	}
	s.unlink(nd)
	return true
}

// Score returns the score of name and true, or 0, false if name is absent.
func (s *SortedSet) Score(name string) (float64, bool) {
	if nd, ok := s.dict[name]; ok {
		return nd.score, true
	}
	return 0, false
}

// Rank returns the 0-based position of name.
func (s *SortedSet) Rank(name string) (int, bool) {
	nd, ok := s.dict[name]
	if !ok {
		return 0, false
	}
	r := 0
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && x.lv[i].next != nd && lessKey(x.lv[i].next.score, x.lv[i].next.name, x.lv[i].next.seq, nd.score, nd.name, nd.seq) {
			r += x.lv[i].span
			x = x.lv[i].next
		}
	}
	return r, true
}

// Len returns the number of members.
func (s *SortedSet) Len() int { return s.n }

func (s *SortedSet) nodeAt(k int) *node {
	x := s.head
	traversed := 0
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && traversed+x.lv[i].span <= k+1 {
			traversed += x.lv[i].span
			x = x.lv[i].next
		}
		if traversed == k+1 {
			return x
		}
	}
	return nil
}

// RangeByRank returns the members at positions start..stop inclusive, as ZRANGE.
func (s *SortedSet) RangeByRank(start, stop int) []Member {
	n := s.n
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
	x := s.nodeAt(start)
	for i := start; i <= stop; i++ {
		out = append(out, Member{x.name, x.score})
		x = x.lv[0].next
	}
	return out
}

// RangeByScore returns the members with min <= score <= max, in order.
func (s *SortedSet) RangeByScore(min, max float64) []Member {
	if min != min || max != max || min > max {
		return nil
	}
	x := s.head
	for i := s.level - 1; i >= 0; i-- {
		for x.lv[i].next != nil && x.lv[i].next.score < min {
			x = x.lv[i].next
		}
	}
	x = x.lv[0].next
	var out []Member
	for x != nil && x.score <= max {
		out = append(out, Member{x.name, x.score})
		x = x.lv[0].next
	}
	return out
}
