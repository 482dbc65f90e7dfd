// Package hashset chains keys in buckets that are slices, and doubles the number of buckets
// when the set holds more keys than buckets (load factor 1), re-inserting every key. A key's
// bucket is its bits mixed by the splitmix64 finalizer, cut to the table's size. Each bucket is
// a separate small slice, so a lookup costs a cache miss more than open addressing does: right
// growth, O(1) on average, a constant factor slower than the reference.
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
}

func (s *HashSet) Contains(key int) bool {
	for _, k := range s.buckets[mix(key)&s.mask] {
		if k == key {
			return true
		}
	}
	return false
}
