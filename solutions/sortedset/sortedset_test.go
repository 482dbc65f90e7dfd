package sortedset

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// model is a plain sorted set: a map and a sort per query.
type model map[string]float64

func (m model) order() []Member {
	out := make([]Member, 0, len(m))
	for name, score := range m {
		out = append(out, Member{name, score})
	}
	slices.SortFunc(out, func(a, b Member) int {
		if c := cmp.Compare(a.Score, b.Score); c != 0 { // -0 and 0 compare equal
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
	return out
}

func (m model) rangeByRank(start, stop int) []Member {
	all := m.order()
	n := len(all)
	if start < 0 {
		start += n
	}
	if stop < 0 {
		stop += n
	}
	start, stop = max(start, 0), min(stop, n-1)
	if start > stop || start >= n {
		return nil
	}
	return all[start : stop+1]
}

func (m model) rangeByScore(lo, hi float64) []Member {
	var out []Member
	for _, x := range m.order() {
		if lo <= x.Score && x.Score <= hi {
			out = append(out, x)
		}
	}
	return out
}

func equal(a, b []Member) bool {
	return slices.EqualFunc(a, b, func(x, y Member) bool { return x.Name == y.Name && x.Score == y.Score })
}

func TestExample(t *testing.T) {
	s := New()
	if !s.Add("ann", 30) || !s.Add("bob", 10) || !s.Add("cat", 20) || !s.Add("dan", 20) {
		t.Fatal("Add of a new name returned false")
	}
	if s.Add("bob", 25) {
		t.Fatal("Add of a present name returned true")
	}
	want := []Member{{"cat", 20}, {"dan", 20}, {"bob", 25}, {"ann", 30}}
	if got := s.RangeByRank(0, -1); !equal(got, want) {
		t.Fatalf("RangeByRank(0, -1) = %v, want %v", got, want)
	}
	if r, ok := s.Rank("bob"); r != 2 || !ok {
		t.Errorf("Rank(bob) = %d, %v, want 2, true", r, ok)
	}
	if got := s.RangeByScore(20, 25); !equal(got, want[:3]) {
		t.Errorf("RangeByScore(20, 25) = %v", got)
	}
	if sc, ok := s.Score("zed"); sc != 0 || ok {
		t.Errorf("Score(zed) = %v, %v", sc, ok)
	}
}

func TestClipping(t *testing.T) {
	s := New()
	for i, name := range []string{"a", "b", "c", "d", "e"} {
		s.Add(name, float64(i))
	}
	for _, c := range []struct{ start, stop, from, to int }{
		{0, 4, 0, 5}, {0, 100, 0, 5}, {-100, 100, 0, 5}, {-1, -1, 4, 5}, {-2, -1, 3, 5}, {5, 10, 0, 0},
		{0, -6, 0, 0}, {3, 2, 0, 0}, {-6, 0, 0, 1}, {2, -3, 2, 3}, {4, 4, 4, 5},
	} {
		want := []Member{{"a", 0}, {"b", 1}, {"c", 2}, {"d", 3}, {"e", 4}}[c.from:c.to]
		if got := s.RangeByRank(c.start, c.stop); !equal(got, want) {
			t.Errorf("RangeByRank(%d, %d) = %v, want %v", c.start, c.stop, got, want)
		}
	}
	if got := s.RangeByScore(3, 1); len(got) != 0 {
		t.Errorf("RangeByScore(3, 1) = %v", got)
	}
	if got := s.RangeByScore(math.NaN(), 3); len(got) != 0 {
		t.Errorf("RangeByScore(NaN, 3) = %v", got)
	}
}

func TestNaNPanicsAndChangesNothing(t *testing.T) {
	s := New()
	s.Add("a", 1)
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Add with NaN did not panic")
			}
		}()
		s.Add("a", math.NaN())
	}()
	if sc, ok := s.Score("a"); sc != 1 || !ok || s.Len() != 1 {
		t.Errorf("after Add(a, NaN): Score = %v, %v, Len = %d", sc, ok, s.Len())
	}
}

func TestNegativeZero(t *testing.T) {
	s := New()
	s.Add("b", math.Copysign(0, -1))
	s.Add("a", 0)
	if got := s.RangeByRank(0, -1); !equal(got, []Member{{"a", 0}, {"b", 0}}) {
		t.Errorf("order of -0 and 0 = %v, want by name", got)
	}
	if got := s.RangeByScore(0, 0); len(got) != 2 {
		t.Errorf("RangeByScore(0, 0) = %v", got)
	}
}

func TestAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s, m := New(), model{}
	names := []string{"", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}
	scores := []float64{math.Inf(-1), -1, math.Copysign(0, -1), 0, 1, 2, math.Inf(1)}
	for i := range 50_000 {
		name, score := names[rng.IntN(len(names))], scores[rng.IntN(len(scores))]
		switch rng.IntN(6) {
		case 0, 1:
			_, had := m[name]
			if got := s.Add(name, score); got == had {
				t.Fatalf("%d: Add(%q, %v) = %v", i, name, score, got)
			}
			m[name] = score
		case 2:
			_, had := m[name]
			if got := s.Remove(name); got != had {
				t.Fatalf("%d: Remove(%q) = %v", i, name, got)
			}
			delete(m, name)
		case 3:
			order := m.order()
			want, ok := slices.IndexFunc(order, func(x Member) bool { return x.Name == name }), true
			if want < 0 {
				want, ok = 0, false
			}
			if got, gotOK := s.Rank(name); got != want || gotOK != ok {
				t.Fatalf("%d: Rank(%q) = %d, %v, want %d, %v", i, name, got, gotOK, want, ok)
			}
		case 4:
			a, b := rng.IntN(30)-15, rng.IntN(30)-15
			if got, want := s.RangeByRank(a, b), m.rangeByRank(a, b); !equal(got, want) {
				t.Fatalf("%d: RangeByRank(%d, %d) = %v, want %v", i, a, b, got, want)
			}
		case 5:
			a, b := scores[rng.IntN(len(scores))], scores[rng.IntN(len(scores))]
			if got, want := s.RangeByScore(a, b), m.rangeByScore(a, b); !equal(got, want) {
				t.Fatalf("%d: RangeByScore(%v, %v) = %v, want %v", i, a, b, got, want)
			}
		}
		if s.Len() != len(m) {
			t.Fatalf("%d: Len = %d, want %d", i, s.Len(), len(m))
		}
	}
}

func TestReturnedSliceIsTheCallers(t *testing.T) {
	s := New()
	s.Add("a", 1)
	s.Add("b", 2)
	got := s.RangeByRank(0, -1)
	got[0] = Member{"zzz", 99}
	if again := s.RangeByScore(1, 2); again[0].Name != "a" {
		t.Errorf("changing a returned slice changed the set: %v", again)
	}
}
