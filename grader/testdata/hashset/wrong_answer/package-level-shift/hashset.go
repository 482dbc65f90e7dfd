// Package hashset: separate chaining with Fibonacci hashing and doubling.
package hashset

const fib = 0x9E3779B97F4A7C15

// shift is 64 - log2(number of buckets); hash uses it to keep the top bits.
var shift uint = 61

func hash(key int) uint64 {
	return (uint64(key) * fib) >> shift
}

// HashSet is a set of ints on a chained hash table.
type HashSet struct {
	buckets [][]int
	n       int
}

// New returns an empty set.
func New() *HashSet {
	shift = 61
	return &HashSet{buckets: make([][]int, 8)}
}

func (s *HashSet) grow() {
	old := s.buckets
	s.buckets = make([][]int, 2*len(old))
	shift--
	for _, b := range old {
		for _, k := range b {
			i := hash(k)
			s.buckets[i] = append(s.buckets[i], k)
		}
	}
}

// Add puts key in the set.
func (s *HashSet) Add(key int) {
	i := hash(key)
	for _, k := range s.buckets[i] {
		if k == key {
			return
		}
	}
	s.buckets[i] = append(s.buckets[i], key)
	s.n++
	if 4*s.n > 3*len(s.buckets) {
		s.grow()
	}
}

// Remove takes key out of the set.
func (s *HashSet) Remove(key int) {
	i := hash(key)
	b := s.buckets[i]
	for j, k := range b {
		if k == key {
			last := len(b) - 1
			b[j] = b[last]
			s.buckets[i] = b[:last]
			s.n--
			return
		}
	}
}

// Contains reports whether key is in the set.
func (s *HashSet) Contains(key int) bool {
	for _, k := range s.buckets[hash(key)] {
		if k == key {
			return true
		}
	}
	return false
}
