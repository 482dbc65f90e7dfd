// Package hashset is a hash set of ints: an array of linked lists, grown to a
// prime number of buckets about twice as large when the lists get long.
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
	return &HashSet{heads: make([]*node, 13)}
}

func (s *HashSet) bucket(key int) *(*node) {
	h := uint64(key)
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return &s.heads[h%uint64(len(s.heads))]
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	if s.size >= len(s.heads) {
		s.resize(nextPrime(2 * len(s.heads)))
	}
	b := s.bucket(key)
	*b = &node{key: key, next: *b}
	s.size++
}

func (s *HashSet) resize(n int) {
	old := s.heads
	s.heads = make([]*node, n)
	for _, head := range old {
		for head != nil {
			next := head.next
			b := s.bucket(head.key)
			head.next = *b
			*b = head
			head = next
		}
	}
}

func nextPrime(n int) int {
	for ; ; n++ {
		prime := true
		for d := 2; d*d <= n; d++ {
			if n%d == 0 {
				prime = false
				break
			}
		}
		if prime {
			return n
		}
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	for p := s.bucket(key); *p != nil; p = &(*p).next {
		if (*p).key == key {
			*p = (*p).next
			s.size--
			return
		}
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	for n := *s.bucket(key); n != nil; n = n.next {
		if n.key == key {
			return true
		}
	}
	return false
}
