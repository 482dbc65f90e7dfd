package skiplist

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestLeetCodeExample(t *testing.T) {
	s := New()
	s.Add(1)
	s.Add(2)
	s.Add(3)
	if s.Search(0) {
		t.Error("Search(0) = true on {1,2,3}")
	}
	s.Add(4)
	if !s.Search(1) {
		t.Error("Search(1) = false on {1,2,3,4}")
	}
	if s.Erase(0) {
		t.Error("Erase(0) = true on {1,2,3,4}")
	}
	if !s.Erase(1) {
		t.Error("Erase(1) = false on {1,2,3,4}")
	}
	if s.Search(1) {
		t.Error("Search(1) = true after Erase(1)")
	}
}

func TestEmpty(t *testing.T) {
	s := New()
	for _, v := range []int{math.MinInt, -1, 0, 1, math.MaxInt} {
		if s.Search(v) || s.Erase(v) {
			t.Errorf("empty list reports %d as present", v)
		}
	}
}

func TestEdgeValues(t *testing.T) {
	edges := []int{math.MaxInt, math.MinInt, 0, -1, 1, math.MinInt + 1, math.MaxInt - 1}
	s := New()
	for _, v := range edges {
		s.Add(v)
	}
	checkInvariants(t, s, sortedCopy(edges))
	for _, v := range edges {
		if !s.Search(v) {
			t.Errorf("Search(%d) = false after Add", v)
		}
	}
	for _, v := range []int{2, -2, math.MaxInt - 2, math.MinInt + 2} {
		if s.Search(v) {
			t.Errorf("Search(%d) = true, never added", v)
		}
	}
	for _, v := range edges {
		if !s.Erase(v) {
			t.Errorf("Erase(%d) = false after Add", v)
		}
		if s.Search(v) {
			t.Errorf("Search(%d) = true after its only copy was erased", v)
		}
	}
	checkInvariants(t, s, nil)
}

func TestDuplicates(t *testing.T) {
	for _, v := range []int{7, 0, math.MinInt, math.MaxInt} {
		s := New()
		s.Add(v ^ 1) // a neighbour, so the copies are not alone
		for range 3 {
			s.Add(v)
		}
		for i := range 3 {
			if !s.Search(v) {
				t.Fatalf("value %d: Search = false with %d copies left", v, 3-i)
			}
			if !s.Erase(v) {
				t.Fatalf("value %d: Erase #%d = false, 3 copies were added", v, i+1)
			}
		}
		if s.Search(v) || s.Erase(v) {
			t.Fatalf("value %d: still present after erasing 3 of 3 copies", v)
		}
	}
}

// TestAgainstSortedSlice runs random operations on a small range of values, so
// that duplicates, erasing absent values and re-inserts are frequent, and
// compares every answer and, now and then, the whole structure with a sorted
// slice.
func TestAgainstSortedSlice(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := New()
	var model []int // sorted, duplicates kept
	for op := range 100_000 {
		v := rng.IntN(201) - 100
		switch rng.IntN(3) {
		case 0:
			s.Add(v)
			i, _ := slices.BinarySearch(model, v)
			model = slices.Insert(model, i, v)
		case 1:
			i, found := slices.BinarySearch(model, v)
			if found {
				model = slices.Delete(model, i, i+1)
			}
			if got := s.Erase(v); got != found {
				t.Fatalf("op %d: Erase(%d) = %v, want %v", op, v, got, found)
			}
		case 2:
			_, found := slices.BinarySearch(model, v)
			if got := s.Search(v); got != found {
				t.Fatalf("op %d: Search(%d) = %v, want %v", op, v, got, found)
			}
		}
		if op%1000 == 0 {
			checkInvariants(t, s, model)
		}
	}
	checkInvariants(t, s, model)
}

// checkInvariants checks that level 0 holds exactly want (sorted), every
// higher level is a sorted sublist of the level below, and no lane above
// s.level is used.
func checkInvariants(t *testing.T, s *Skiplist, want []int) {
	t.Helper()
	var got []int
	for x := s.head.next[0]; x != nil; x = x.next[0] {
		got = append(got, x.val)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("level 0 holds %v, want %v", got, want)
	}
	for i := 1; i < maxLevel; i++ {
		below := s.head.next[i-1]
		for x := s.head.next[i]; x != nil; x = x.next[i] {
			if i >= s.level {
				t.Fatalf("node %d on level %d, but s.level = %d", x.val, i, s.level)
			}
			if x.next[i] != nil && x.next[i].val < x.val {
				t.Fatalf("level %d out of order: %d before %d", i, x.val, x.next[i].val)
			}
			for below != nil && below != x {
				below = below.next[i-1]
			}
			if below == nil {
				t.Fatalf("node %d on level %d is missing from level %d", x.val, i, i-1)
			}
		}
	}
}

func sortedCopy(a []int) []int {
	a = slices.Clone(a)
	slices.Sort(a)
	return a
}

// TestHeights checks that node heights are geometric with p = 1/2: of 2^16
// nodes, about half reach level 2 and a quarter level 3. The bounds are 6
// standard deviations wide.
func TestHeights(t *testing.T) {
	const n = 1 << 16
	s := New()
	for i := range n {
		s.Add(i)
	}
	for lvl, p := range map[int]float64{1: 0.5, 2: 0.25, 3: 0.125} {
		count := 0
		for x := s.head.next[lvl]; x != nil; x = x.next[lvl] {
			count++
		}
		mean, sd := n*p, math.Sqrt(n*p*(1-p))
		if math.Abs(float64(count)-mean) > 6*sd {
			t.Errorf("%d of %d nodes reach level %d, want about %.0f", count, n, lvl+1, mean)
		}
	}
	if s.level > 40 {
		t.Errorf("s.level = %d for %d nodes", s.level, n)
	}
}
