// A treap written with split and merge only, sizes in the nodes, and a map from name to node:
// every update is "split around the member, then merge the pieces back".
package sortedset

import (
	"math"
	"math/rand/v2"
)

type Member struct {
	Name  string
	Score float64
}

type item struct {
	name        string
	score       float64
	pri         uint32
	cnt         int
	left, right *item
}

type SortedSet struct {
	root  *item
	items map[string]*item
}

func New() *SortedSet { return &SortedSet{items: map[string]*item{}} }

func cnt(t *item) int {
	if t == nil {
		return 0
	}
	return t.cnt
}

func update(t *item) { t.cnt = cnt(t.left) + cnt(t.right) + 1 }

// lessKey reports whether t sorts before (score, name).
func lessKey(t *item, score float64, name string) bool {
	return t.score < score || t.score == score && t.name < name
}

// split cuts t into the items before (score, name) and the rest.
func split(t *item, score float64, name string) (*item, *item) {
	if t == nil {
		return nil, nil
	}
	if lessKey(t, score, name) {
		l, r := split(t.right, score, name)
		t.right = l
		update(t)
		return t, r
	}
	l, r := split(t.left, score, name)
	t.left = r
	update(t)
	return l, t
}

// splitAt cuts t into its first k items and the rest.
func splitAt(t *item, k int) (*item, *item) {
	if t == nil {
		return nil, nil
	}
	if cnt(t.left) < k {
		l, r := splitAt(t.right, k-cnt(t.left)-1)
		t.right = l
		update(t)
		return t, r
	}
	l, r := splitAt(t.left, k)
	t.left = r
	update(t)
	return l, t
}

func merge(a, b *item) *item {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.pri > b.pri:
		a.right = merge(a.right, b)
		update(a)
		return a
	}
	b.left = merge(a, b.left)
	update(b)
	return b
}

func (s *SortedSet) unlink(it *item) {
	l, r := split(s.root, it.score, it.name)
	_, r = splitAt(r, 1)
	s.root = merge(l, r)
}

func (s *SortedSet) link(it *item) {
	it.left, it.right, it.cnt = nil, nil, 1
	l, r := split(s.root, it.score, it.name)
	s.root = merge(merge(l, it), r)
}

func (s *SortedSet) Add(name string, score float64) bool {
	if score != score {
		panic("sortedset: score is NaN")
	}
	if it, ok := s.items[name]; ok {
		if it.score != score {
			s.unlink(it)
			it.score = score
			s.link(it)
		}
		return false
	}
	it := &item{name: name, score: score, pri: rand.Uint32()}
	s.items[name] = it
	s.link(it)
	return true
}

func (s *SortedSet) Remove(name string) bool {
	it, ok := s.items[name]
	if !ok {
		return false
	}
	s.unlink(it)
	delete(s.items, name)
	return true
}

func (s *SortedSet) Score(name string) (float64, bool) {
	if it, ok := s.items[name]; ok {
		return it.score, true
	}
	return 0, false
}

func (s *SortedSet) Rank(name string) (int, bool) {
	it, ok := s.items[name]
	if !ok {
		return 0, false
	}
	r := 0
	for t := s.root; t != nil; {
		if lessKey(t, it.score, it.name) {
			r += cnt(t.left) + 1
			t = t.right
		} else {
			t = t.left
		}
	}
	return r, true
}

func (s *SortedSet) Len() int { return len(s.items) }

func walk(t *item, out []Member) []Member {
	if t == nil {
		return out
	}
	out = walk(t.left, out)
	out = append(out, Member{t.name, t.score})
	return walk(t.right, out)
}

// rangeOf returns the items at positions from..to-1, splitting them out and merging back.
func (s *SortedSet) rangeOf(from, to int) []Member {
	if from >= to {
		return []Member{}
	}
	a, rest := splitAt(s.root, from)
	mid, c := splitAt(rest, to-from)
	out := walk(mid, make([]Member, 0, to-from))
	s.root = merge(a, merge(mid, c))
	return out
}

func (s *SortedSet) RangeByRank(start, stop int) []Member {
	n := len(s.items)
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
	}
	if start < 0 {
		start = 0
	}
	if stop > n-1 {
		stop = n - 1
	}
	return s.rangeOf(start, stop+1)
}

func (s *SortedSet) RangeByScore(min, max float64) []Member {
	if math.IsNaN(min) || math.IsNaN(max) || min > max {
		return []Member{}
	}
	from, to := 0, 0
	for t := s.root; t != nil; {
		if t.score < min {
			from += cnt(t.left) + 1
			t = t.right
		} else {
			t = t.left
		}
	}
	for t := s.root; t != nil; {
		if t.score <= max {
			to += cnt(t.left) + 1
			t = t.right
		} else {
			t = t.left
		}
	}
	return s.rangeOf(from, to)
}
