package hashset

import (
	"math"
	"testing"
)

// These are quick examples to read and extend; the judge (kata run hashset) runs many more.
// Like your package, they use no map.

// runOrSkip runs body and turns the stub's "not implemented" panic into a skipped test, so the
// examples stay quiet until you have written the code. Any other panic is a real failure.
func runOrSkip(t *testing.T, body func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			if r == "not implemented" {
				t.Skip("not implemented yet: run `kata run hashset` once you have written it")
			}
			panic(r)
		}
	}()
	body()
}

// TestWorkedExample replays the example from the package documentation.
func TestWorkedExample(t *testing.T) {
	runOrSkip(t, func() {
		s := New()
		s.Add(1)
		s.Add(2)
		if !s.Contains(1) {
			t.Error("Contains(1) = false after Add(1); want true")
		}
		if s.Contains(3) {
			t.Error("Contains(3) = true, but 3 was never added; want false")
		}
		s.Add(2)
		if !s.Contains(2) {
			t.Error("Contains(2) = false after Add(2); want true")
		}
		s.Remove(2)
		if s.Contains(2) {
			t.Error("Contains(2) = true after Remove(2); want false (a set holds each key once)")
		}
	})
}

// TestNegativeAndExtremeKeys checks keys a hash of the form key % size gets wrong.
func TestNegativeAndExtremeKeys(t *testing.T) {
	runOrSkip(t, func() {
		s := New()
		keys := []int{-1, -7, math.MinInt, math.MaxInt, 0, -1 << 40}
		for _, k := range keys {
			s.Add(k)
		}
		for _, k := range keys {
			if !s.Contains(k) {
				t.Errorf("Contains(%d) = false after Add(%d); want true", k, k)
			}
		}
		for _, k := range []int{1, 7, math.MinInt + 1, math.MaxInt - 1, 1 << 40} {
			if s.Contains(k) {
				t.Errorf("Contains(%d) = true, but %d was never added; want false", k, k)
			}
		}
		s.Remove(-7)
		s.Remove(-8) // absent: a no-op
		if s.Contains(-7) {
			t.Error("Contains(-7) = true after Remove(-7); want false")
		}
		if !s.Contains(-1) || !s.Contains(math.MinInt) {
			t.Error("removing -7 (and the absent -8) also removed another key")
		}
	})
}

// TestManyKeys adds enough keys to make the table grow, with a pattern (multiples of 1024)
// that a poor hash piles into few buckets, then removes every other one.
func TestManyKeys(t *testing.T) {
	runOrSkip(t, func() {
		const n = 20000
		s := New()
		for i := range n {
			s.Add(i * 1024)
			s.Add(-i*1024 - 1)
		}
		for i := range n {
			if !s.Contains(i*1024) || !s.Contains(-i*1024-1) {
				t.Fatalf("key %d or %d missing after adding %d keys", i*1024, -i*1024-1, 2*n)
			}
		}
		for i := 0; i < n; i += 2 {
			s.Remove(i * 1024)
		}
		for i := range n {
			if got, want := s.Contains(i*1024), i%2 == 1; got != want {
				t.Fatalf("Contains(%d) = %v after removing the even multiples; want %v",
					i*1024, got, want)
			}
			if !s.Contains(-i*1024 - 1) {
				t.Fatalf("Contains(%d) = false, but it was never removed; want true", -i*1024-1)
			}
		}
		if s.Contains(512) {
			t.Error("Contains(512) = true, but 512 was never added; want false")
		}
	})
}
