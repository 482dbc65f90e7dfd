// A sorted set on a library's skip list: right answers, no lesson.
package sortedset

import "github.com/huandu/skiplist"

type Member struct {
	Name  string
	Score float64
}

type SortedSet struct {
	list   *skiplist.SkipList
	scores map[string]float64
}

func New() *SortedSet {
	return &SortedSet{list: skiplist.New(skiplist.GreaterThanFunc(func(a, b any) int {
		x, y := a.(Member), b.(Member)
		switch {
		case x.Score < y.Score:
			return -1
		case x.Score > y.Score:
			return 1
		case x.Name < y.Name:
			return -1
		case x.Name > y.Name:
			return 1
		}
		return 0
	})), scores: map[string]float64{}}
}

func (s *SortedSet) Add(name string, score float64) bool {
	if score != score {
		panic("NaN")
	}
	old, ok := s.scores[name]
	if ok {
		s.list.Remove(Member{name, old})
	}
	s.scores[name] = score
	s.list.Set(Member{name, score}, nil)
	return !ok
}

func (s *SortedSet) Remove(name string) bool {
	old, ok := s.scores[name]
	if ok {
		s.list.Remove(Member{name, old})
		delete(s.scores, name)
	}
	return ok
}

func (s *SortedSet) Score(name string) (float64, bool) {
	sc, ok := s.scores[name]
	return sc, ok
}

func (s *SortedSet) Rank(name string) (int, bool) {
	sc, ok := s.scores[name]
	if !ok {
		return 0, false
	}
	r := 0
	for e := s.list.Front(); e != nil && e.Key().(Member) != (Member{name, sc}); e = e.Next() {
		r++
	}
	return r, true
}

func (s *SortedSet) Len() int { return s.list.Len() }

func (s *SortedSet) RangeByRank(start, stop int) []Member {
	var out []Member
	n := s.list.Len()
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
	}
	i := 0
	for e := s.list.Front(); e != nil && i <= stop; e = e.Next() {
		if i >= start {
			out = append(out, e.Key().(Member))
		}
		i++
	}
	return out
}

func (s *SortedSet) RangeByScore(min, max float64) []Member {
	var out []Member
	for e := s.list.Front(); e != nil; e = e.Next() {
		if m := e.Key().(Member); min <= m.Score && m.Score <= max {
			out = append(out, m)
		}
	}
	return out
}
