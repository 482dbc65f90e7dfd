// A skip list that wraps a library's: right answers, no lesson.
package skiplist

import "github.com/huandu/skiplist"

// Skiplist keeps a count of copies per value in a library skip list.
type Skiplist struct{ list *skiplist.SkipList }

// New returns an empty list.
func New() *Skiplist { return &Skiplist{list: skiplist.New(skiplist.Int)} }

// Search reports whether target is present.
func (s *Skiplist) Search(target int) bool { return s.list.Get(target) != nil }

// Add inserts one copy of num.
func (s *Skiplist) Add(num int) {
	n := 0
	if e := s.list.Get(num); e != nil {
		n = e.Value.(int)
	}
	s.list.Set(num, n+1)
}

// Erase removes one copy of num.
func (s *Skiplist) Erase(num int) bool {
	e := s.list.Get(num)
	if e == nil {
		return false
	}
	if n := e.Value.(int); n > 1 {
		s.list.Set(num, n-1)
	} else {
		s.list.Remove(num)
	}
	return true
}
