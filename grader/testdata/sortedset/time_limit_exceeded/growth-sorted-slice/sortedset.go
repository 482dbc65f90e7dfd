// The members in a slice kept sorted, beside a map from name to score: Rank and the ranges by
// binary search, but Add and Remove shift every member after the place, Θ(n) per call.
package sortedset

import (
	"cmp"
	"math"
	"slices"
	"strings"
)

type Member struct {
	Name  string
	Score float64
}

type SortedSet struct {
	order  []Member
	scores map[string]float64
}

func New() *SortedSet { return &SortedSet{scores: map[string]float64{}} }

func compare(a, b Member) int {
	if c := cmp.Compare(a.Score, b.Score); c != 0 {
		return c
	}
	return strings.Compare(a.Name, b.Name)
}

func (s *SortedSet) index(name string, score float64) int {
	i, _ := slices.BinarySearchFunc(s.order, Member{name, score}, compare)
	return i
}

func (s *SortedSet) Add(name string, score float64) bool {
	if math.IsNaN(score) {
		panic("NaN")
	}
	old, ok := s.scores[name]
	if ok {
		if old == score {
			return false
		}
		s.order = slices.Delete(s.order, s.index(name, old), s.index(name, old)+1)
	}
	s.scores[name] = score
	s.order = slices.Insert(s.order, s.index(name, score), Member{name, score})
	return !ok
}

func (s *SortedSet) Remove(name string) bool {
	old, ok := s.scores[name]
	if !ok {
		return false
	}
	i := s.index(name, old)
	s.order = slices.Delete(s.order, i, i+1)
	delete(s.scores, name)
	return true
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
	return s.index(name, sc), true
}

func (s *SortedSet) Len() int { return len(s.order) }

func (s *SortedSet) RangeByRank(start, stop int) []Member {
	n := len(s.order)
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
	return slices.Clone(s.order[start : stop+1])
}

func (s *SortedSet) RangeByScore(min, max float64) []Member {
	if !(min <= max) {
		return nil
	}
	i, _ := slices.BinarySearchFunc(s.order, min, func(m Member, x float64) int {
		if m.Score < x {
			return -1
		}
		return 1
	})
	j, _ := slices.BinarySearchFunc(s.order, max, func(m Member, x float64) int {
		if m.Score <= x {
			return -1
		}
		return 1
	})
	return slices.Clone(s.order[i:j])
}
