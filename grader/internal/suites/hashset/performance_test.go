package hashset

import (
	"math/bits"
	"slices"
	"strings"
	"testing"

	kgrowth "kata/grader/internal/growth"
	"kata/grader/result"
)

// fixedBuckets chains keys in a fixed number of buckets: right answers, O(n/buckets) per call.
type fixedBuckets struct{ buckets [][]int }

func newFixed(n int) *fixedBuckets { return &fixedBuckets{buckets: make([][]int, n)} }

func (s *fixedBuckets) bucket(key int) *[]int {
	return &s.buckets[uint64(key)*0x9E3779B97F4A7C15>>40%uint64(len(s.buckets))]
}

func (s *fixedBuckets) Contains(key int) bool {
	for _, k := range *s.bucket(key) {
		if k == key {
			return true
		}
	}
	return false
}

func (s *fixedBuckets) Add(key int) {
	if !s.Contains(key) {
		b := s.bucket(key)
		*b = append(*b, key)
	}
}

func (s *fixedBuckets) Remove(key int) {
	b := s.bucket(key)
	for i, k := range *b {
		if k == key {
			(*b)[i] = (*b)[len(*b)-1]
			*b = (*b)[:len(*b)-1]
			return
		}
	}
}

// growingBuckets is fixedBuckets that doubles at load 1: right growth, slower than the reference.
type growingBuckets struct {
	fixedBuckets
	n int
}

func (s *growingBuckets) Add(key int) {
	if s.Contains(key) {
		return
	}
	if s.n >= len(s.buckets) {
		old := s.buckets
		s.buckets = make([][]int, 2*len(old))
		for _, b := range old {
			for _, k := range b {
				nb := s.bucket(k)
				*nb = append(*nb, k)
			}
		}
	}
	s.n++
	b := s.bucket(key)
	*b = append(*b, key)
}

func (s *growingBuckets) Remove(key int) {
	if s.Contains(key) {
		s.n--
		s.fixedBuckets.Remove(key)
	}
}

// TestPerformanceJudgesGrowth checks the growth test on chaining in a fixed number of buckets:
// a table that grows passes, and tables of 256 or 61 buckets that never grow fail. (1,024 or
// 1,000 buckets that never grow are submissions under grader/testdata/hashset/time_limit_exceeded,
// graded end to end, and a table of 1,024 is TestWrongImplementationsCaught's fixed-table.)
func TestPerformanceJudgesGrowth(t *testing.T) {
	for _, tc := range []struct {
		name string
		impl API
		ok   bool
	}{
		{"chaining that grows", API{New: func() HashSet { return &growingBuckets{fixedBuckets: *newFixed(8)} }}, true},
		{"256 fixed buckets", API{New: func() HashSet { return newFixed(256) }}, false},
		{"61 fixed buckets", API{New: func() HashSet { return newFixed(61) }}, false},
	} {
		end, _ := kit.Perf(t, tc.impl, 5, "performance/growth")
		if got := end.Status == result.Pass; got != tc.ok {
			t.Errorf("%s: passed = %v, want %v: %+v", tc.name, got, tc.ok, end.Failure)
		}
		t.Logf("%s: CPU %v", tc.name, end.Elapsed)
	}
}

// indexedBuckets is chaining that grows at load 1, doubling or by step buckets, with a key's
// bucket chosen by index from the key and the number of buckets.
type indexedBuckets struct {
	buckets [][]int
	n       int
	index   func(key, buckets int) int
	step    int // buckets added at a time; 0 doubles
}

func (s *indexedBuckets) Contains(key int) bool {
	return slices.Contains(s.buckets[s.index(key, len(s.buckets))], key)
}

func (s *indexedBuckets) Add(key int) {
	if s.Contains(key) {
		return
	}
	if s.n >= len(s.buckets) {
		old := s.buckets
		size := 2*len(old) + len(old)%2 // a power of two stays one, an odd size odd
		if s.step > 0 {
			size = len(old) + s.step
		}
		s.buckets = make([][]int, size)
		for _, b := range old {
			for _, k := range b {
				i := s.index(k, len(s.buckets))
				s.buckets[i] = append(s.buckets[i], k)
			}
		}
	}
	s.n++
	i := s.index(key, len(s.buckets))
	s.buckets[i] = append(s.buckets[i], key)
}

func (s *indexedBuckets) Remove(key int) {
	b := &s.buckets[s.index(key, len(s.buckets))]
	if i := slices.Index(*b, key); i >= 0 {
		s.n--
		*b = slices.Delete(*b, i, i+1)
	}
}

// newIndexed returns sets that start with the given number of buckets, chosen by index.
func newIndexed(buckets int, index func(key, buckets int) int) API {
	return API{New: func() HashSet { return &indexedBuckets{buckets: make([][]int, buckets), index: index} }}
}

// TestPatternedKeysNeedMixing: a hash that keeps only the low bits of a product piles
// multiples of 2^20 into one bucket and fails the patterned-keys test with the hint to mix the
// bits; hashes that mix them all, or reduce the key modulo an odd number of buckets, pass it. A
// table that mixes every bit but grows 1,024 buckets at a time fails it too, on Add alone, and its
// hint is about growing, not the hash: its lookups stay O(1).
// (A hash that keeps the key's low bits, and Knuth's hash of the low 32 bits, are submissions
// under grader/testdata/hashset/time_limit_exceeded, graded end to end with the same hint.)
func TestPatternedKeysNeedMixing(t *testing.T) {
	pow2 := func(b int) uint { return uint(bits.Len(uint(b)) - 1) }
	mixedModulo := func(k, b int) int { // every bit mixed into every bit, then reduced modulo b
		h := uint64(k)
		h ^= h >> 31
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 29
		return int(h % uint64(b))
	}
	for _, tc := range []struct {
		name string
		impl API
		hint string // "" when the set passes
	}{
		{"Fibonacci hashing", newIndexed(8, func(k, b int) int {
			return int(uint64(k) * 0x9E3779B97F4A7C15 >> (64 - pow2(b)))
		}), ""},
		{"key modulo an odd size", newIndexed(7, func(k, b int) int { return int(uint64(k) % uint64(b)) }), ""},
		{"the low bits of a product", newIndexed(8, func(k, b int) int {
			return int(uint64(k) * 0x9E3779B97F4A7C15 & uint64(b-1))
		}), mixHint},
		{"growing 1,024 buckets at a time", API{New: func() HashSet {
			return &indexedBuckets{buckets: make([][]int, 1024), index: mixedModulo, step: 1024}
		}}, addHint},
	} {
		end, _ := kit.Perf(t, tc.impl, 5, "performance/patterned-keys")
		if got, want := end.Status == result.Pass, tc.hint == ""; got != want {
			t.Errorf("%s: passed = %v, want %v: %+v", tc.name, got, want, end.Failure)
		}
		if tc.hint != "" && end.Failure != nil && (end.Failure.Verdict != "time_limit_exceeded" || end.Failure.Hint != tc.hint) {
			t.Errorf("%s: want time_limit_exceeded with the hint %.40q..., got %+v", tc.name, tc.hint, end.Failure)
		}
	}
}

// TestSizeHint checks when patterned keys too slow are blamed on a table that does not grow:
// when the growth test saw lookups of random keys slow down too, proven or not, and not when it
// saw them flat or did not judge them (then the key's bits are the likelier cause).
func TestSizeHint(t *testing.T) {
	for _, tc := range []struct {
		name   string
		d      kgrowth.Decision
		judged bool
		blamed bool
	}{
		{"proven wrong", kgrowth.Decision{Status: kgrowth.Wrong, Growth: 14}, true, true},
		{"drifted within the memory layouts' bound", kgrowth.Decision{Status: kgrowth.Right, Growth: 8.5}, true, true},
		{"flat", kgrowth.Decision{Status: kgrowth.Right, Growth: 1.2}, true, false},
		{"not judged", kgrowth.Decision{}, false, false},
	} {
		h := sizeHintFor(tc.d, tc.judged)
		if blamed := strings.Contains(h, "never grows"); blamed != tc.blamed {
			t.Errorf("%s: hint %q, want it to blame the table's size: %v", tc.name, h, tc.blamed)
		}
	}
}
