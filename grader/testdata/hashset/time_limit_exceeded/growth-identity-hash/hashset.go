// Package hashset chains keys in slices and doubles the buckets as it should, but a key's bucket
// is its low bits, uint64(key) & (len-1), with no mixing: keys that are multiples of a large power
// of two (2^20, say) all land in bucket 0, and every operation on them scans that one chain, O(n).
package hashset

type HashSet struct {
	b [][]int
	n int
}

func New() *HashSet { return &HashSet{b: make([][]int, 16)} }

func (s *HashSet) idx(key int) int { return int(uint64(key) & uint64(len(s.b)-1)) }

func (s *HashSet) Add(key int) {
	if s.Contains(key) {
		return
	}
	if s.n+1 > len(s.b)*3/4 {
		old := s.b
		s.b = make([][]int, 2*len(old))
		for _, bk := range old {
			for _, k := range bk {
				i := s.idx(k)
				s.b[i] = append(s.b[i], k)
			}
		}
	}
	i := s.idx(key)
	s.b[i] = append(s.b[i], key)
	s.n++
}

func (s *HashSet) Remove(key int) {
	i := s.idx(key)
	for j, k := range s.b[i] {
		if k == key {
			s.b[i] = append(s.b[i][:j], s.b[i][j+1:]...)
			s.n--
			return
		}
	}
}

func (s *HashSet) Contains(key int) bool {
	for _, k := range s.b[s.idx(key)] {
		if k == key {
			return true
		}
	}
	return false
}
