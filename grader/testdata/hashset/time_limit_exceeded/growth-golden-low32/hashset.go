// Package hashset chains keys through slices and doubles its table, but its hash is Knuth's
// multiplicative hash of the key's low 32 bits: keys that differ only above bit 32 (k·2^32)
// all land in one bucket, so on such keys every operation walks a chain of every key.
package hashset

// HashSet is a set of ints.
type HashSet struct {
	buckets [][]int
	bits    uint // len(buckets) == 1 << bits
	count   int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{buckets: make([][]int, 16), bits: 4}
}

// index multiplies the low 32 bits by 2^32/phi and keeps the top bits of the 32-bit product.
func (s *HashSet) index(key int) uint32 {
	return (uint32(key) * 2654435769) >> (32 - s.bits)
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	if s.count+1 > len(s.buckets) && s.bits < 30 {
		s.grow()
	}
	i := s.index(key)
	s.buckets[i] = append(s.buckets[i], key)
	s.count++
}

func (s *HashSet) grow() {
	old := s.buckets
	s.bits++
	s.buckets = make([][]int, 1<<s.bits)
	for _, b := range old {
		for _, key := range b {
			i := s.index(key)
			s.buckets[i] = append(s.buckets[i], key)
		}
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	i := s.index(key)
	b := s.buckets[i]
	for j, k := range b {
		if k == key {
			b[j] = b[len(b)-1]
			s.buckets[i] = b[:len(b)-1]
			s.count--
			return
		}
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	for _, k := range s.buckets[s.index(key)] {
		if k == key {
			return true
		}
	}
	return false
}
