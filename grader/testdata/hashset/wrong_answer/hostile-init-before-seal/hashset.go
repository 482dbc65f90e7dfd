// Wrong (Remove never removes) and hostile, on Linux on amd64: the package imports nothing, so
// Go would initialize it before package seal (which waits for syscall), and its variable
// initializer (early.go) reads the judge's key off standard input with raw system calls
// (sys_amd64.s), puts it back on a pipe for the seal, and its first New forges a signed record
// of every test passing (forge.go). The judge makes the graded package import the seal, so the
// seal reads the key first and the forger finds nothing to read: the run is the wrong answer it
// is. Elsewhere hook does nothing, and the verdict is the same.
package hashset

type HashSet struct {
	buckets [][]int
	n       int
	bits    uint
}

func New() *HashSet {
	hook()
	return &HashSet{buckets: make([][]int, 8), bits: 3}
}

func (s *HashSet) idx(key int) uint64 { return (uint64(key) * 0x9E3779B97F4A7C15) >> (64 - s.bits) }

func (s *HashSet) Add(key int) {
	i := s.idx(key)
	for _, k := range s.buckets[i] {
		if k == key {
			return
		}
	}
	s.buckets[i] = append(s.buckets[i], key)
	s.n++
	if s.n*4 > len(s.buckets)*3 {
		old := s.buckets
		s.bits++
		s.buckets = make([][]int, 1<<s.bits)
		for _, b := range old {
			for _, k := range b {
				j := s.idx(k)
				s.buckets[j] = append(s.buckets[j], k)
			}
		}
	}
}

func (s *HashSet) Remove(key int) {} // WRONG on purpose: never removes

func (s *HashSet) Contains(key int) bool {
	for _, k := range s.buckets[s.idx(key)] {
		if k == key {
			return true
		}
	}
	return false
}
