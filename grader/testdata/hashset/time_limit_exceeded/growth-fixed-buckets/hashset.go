// Package hashset is the classic first answer to "Design HashSet": a fixed array of 1000
// buckets, each a singly linked list, a key going to bucket key mod 1000. The answers are
// right, but the table never grows: with n keys every chain holds about n/1000 nodes, so Add,
// Remove and Contains walk O(n) nodes (through pointers, a cache miss each) instead of O(1).
// It is fine at LeetCode's 10^4 calls and slow at 10^6 keys.
package hashset

const buckets = 1000

type node struct {
	key  int
	next *node
}

type HashSet struct {
	table [buckets]*node
}

func New() *HashSet {
	return &HashSet{}
}

func bucket(key int) int {
	return (key%buckets + buckets) % buckets
}

func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	b := bucket(key)
	s.table[b] = &node{key: key, next: s.table[b]}
}

func (s *HashSet) Remove(key int) {
	for p := &s.table[bucket(key)]; *p != nil; p = &(*p).next {
		if (*p).key == key {
			*p = (*p).next
			return
		}
	}
}

func (s *HashSet) Contains(key int) bool {
	for n := s.table[bucket(key)]; n != nil; n = n.next {
		if n.key == key {
			return true
		}
	}
	return false
}
