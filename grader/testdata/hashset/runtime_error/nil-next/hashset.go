// Package hashset is a hash set of ints: an array of linked lists.
package hashset

type node struct {
	key  int
	next *node
}

// HashSet is a set of ints.
type HashSet struct {
	heads []*node
	size  int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{heads: make([]*node, 16)}
}

func (s *HashSet) index(key int) uint64 {
	return uint64(key) * 0x9E3779B97F4A7C15 >> 32 & uint64(len(s.heads)-1)
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	if s.size >= len(s.heads) {
		old := s.heads
		s.heads = make([]*node, 2*len(old))
		for _, n := range old {
			for ; n != nil; n = n.next {
				i := s.index(n.key)
				s.heads[i] = &node{n.key, s.heads[i]}
			}
		}
	}
	i := s.index(key)
	s.heads[i] = &node{key, s.heads[i]}
	s.size++
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	i := s.index(key)
	n := s.heads[i]
	if n == nil {
		return
	}
	if n.key == key {
		s.heads[i] = n.next
		s.size--
		return
	}
	for n.next.key != key {
		n = n.next
	}
	n.next = n.next.next
	s.size--
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	for n := s.heads[s.index(key)]; n != nil; n = n.next {
		if n.key == key {
			return true
		}
	}
	return false
}
