// A map from name to score, and a sort of all the members for every query that needs the
// order: right answers, Θ(n log n) per Rank and range.
package sortedset

import (
	"math"
	"sort"
)

type Member struct {
	Name  string
	Score float64
}

type SortedSet struct{ scores map[string]float64 }

func New() *SortedSet { return &SortedSet{scores: map[string]float64{}} }

func (s *SortedSet) Add(name string, score float64) bool {
	if math.IsNaN(score) {
		panic("NaN")
	}
	_, ok := s.scores[name]
	s.scores[name] = score
	return !ok
}

func (s *SortedSet) Remove(name string) bool {
	_, ok := s.scores[name]
	delete(s.scores, name)
	return ok
}

func (s *SortedSet) Score(name string) (float64, bool) {
	sc, ok := s.scores[name]
	return sc, ok
}

// sorted returns every member in order.
func (s *SortedSet) sorted() []Member {
	all := make([]Member, 0, len(s.scores))
	for name, score := range s.scores {
		all = append(all, Member{name, score})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Score != all[j].Score {
			return all[i].Score < all[j].Score
		}
		return all[i].Name < all[j].Name
	})
	return all
}

func (s *SortedSet) Rank(name string) (int, bool) {
	if _, ok := s.scores[name]; !ok {
		return 0, false
	}
	for i, m := range s.sorted() {
		if m.Name == name {
			return i, true
		}
	}
	return 0, false
}

func (s *SortedSet) Len() int { return len(s.scores) }

func (s *SortedSet) RangeByRank(start, stop int) []Member {
	all := s.sorted()
	n := len(all)
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
	return all[start : stop+1]
}

func (s *SortedSet) RangeByScore(min, max float64) []Member {
	var out []Member
	for _, m := range s.sorted() {
		if min <= m.Score && m.Score <= max {
			out = append(out, m)
		}
	}
	return out
}
