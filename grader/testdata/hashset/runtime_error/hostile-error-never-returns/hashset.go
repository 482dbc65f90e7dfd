// Package hashset is a right chained hash set, except that removing a key it does not hold
// panics with an error whose Error method never returns. The panic is the runtime error; the
// value's text is the graded code's to make, and the judge must not wait for it: it names the
// value by its type and goes on.
package hashset

type HashSet struct {
	buckets [][]int
	mask    uint64 // len(buckets) - 1, a power of two minus one
	size    int
}

func New() *HashSet {
	return &HashSet{buckets: make([][]int, 16), mask: 15}
}

func mix(key int) uint64 {
	x := uint64(key)
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	s.size++
	if s.size > len(s.buckets) {
		s.resize(2 * len(s.buckets))
	}
	b := mix(key) & s.mask
	s.buckets[b] = append(s.buckets[b], key)
}

func (s *HashSet) resize(n int) {
	old := s.buckets
	s.buckets = make([][]int, n)
	s.mask = uint64(n - 1)
	for _, bucket := range old {
		for _, k := range bucket {
			b := mix(k) & s.mask
			s.buckets[b] = append(s.buckets[b], k)
		}
	}
}

func (s *HashSet) Remove(key int) {
	b := mix(key) & s.mask
	bucket := s.buckets[b]
	for i, k := range bucket {
		if k == key {
			bucket[i] = bucket[len(bucket)-1]
			s.buckets[b] = bucket[:len(bucket)-1]
			s.size--
			return
		}
	}
	panic(stuck{})
}

// stuck is an error whose text never comes.
type stuck struct{}

func (stuck) Error() string { select {} }

func (s *HashSet) Contains(key int) bool {
	for _, k := range s.buckets[mix(key)&s.mask] {
		if k == key {
			return true
		}
	}
	return false
}
