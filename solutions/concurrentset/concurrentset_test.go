package concurrentset

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// TestSequential compares the set with a map on random calls over a small key space.
func TestSequential(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s, model := New(), map[int]bool{}
	for i := range 20000 {
		k := rng.IntN(64) - 32
		switch rng.IntN(4) {
		case 0:
			if got, want := s.Add(k), !model[k]; got != want {
				t.Fatalf("call %d: Add(%d) = %v, want %v", i, k, got, want)
			}
			model[k] = true
		case 1:
			if got, want := s.Remove(k), model[k]; got != want {
				t.Fatalf("call %d: Remove(%d) = %v, want %v", i, k, got, want)
			}
			delete(model, k)
		case 2:
			if got, want := s.Contains(k), model[k]; got != want {
				t.Fatalf("call %d: Contains(%d) = %v, want %v", i, k, got, want)
			}
		default:
			lo, hi := rng.IntN(80)-40, rng.IntN(80)-40
			var want []int
			for key := range model {
				if lo <= key && key <= hi {
					want = append(want, key)
				}
			}
			slices.Sort(want)
			if got := slices.Collect(s.Range(lo, hi)); !slices.Equal(got, want) {
				t.Fatalf("call %d: Range(%d, %d) = %v, want %v", i, lo, hi, got, want)
			}
		}
		if s.Len() != len(model) {
			t.Fatalf("call %d: Len() = %d, want %d", i, s.Len(), len(model))
		}
	}
}

// TestExtremes checks math.MinInt and math.MaxInt as keys and as Range bounds.
func TestExtremes(t *testing.T) {
	s := New()
	for _, k := range []int{math.MaxInt, 0, math.MinInt} {
		if !s.Add(k) || s.Add(k) || !s.Contains(k) {
			t.Fatalf("Add(%d) twice or Contains(%d) went wrong", k, k)
		}
	}
	if got := slices.Collect(s.Range(math.MinInt, math.MaxInt)); !slices.Equal(got, []int{math.MinInt, 0, math.MaxInt}) {
		t.Fatalf("Range(MinInt, MaxInt) = %v", got)
	}
	if got := slices.Collect(s.Range(1, 0)); got != nil {
		t.Fatalf("Range(1, 0) = %v, want nothing", got)
	}
	if !s.Remove(math.MaxInt) || s.Contains(math.MaxInt) || s.Len() != 2 {
		t.Fatal("Remove(MaxInt) went wrong")
	}
}

// TestRangeBreakAndMutate stops a Range early and changes the set from its loop body.
func TestRangeBreakAndMutate(t *testing.T) {
	s := New()
	for k := range 10 {
		s.Add(k)
	}
	var seen []int
	for k := range s.Range(0, 9) {
		seen = append(seen, k)
		s.Remove(k + 1)
		s.Add(k + 100)
		if k == 6 {
			break
		}
	}
	if !slices.Equal(seen, []int{0, 2, 4, 6}) {
		t.Fatalf("Range while removing the next key yielded %v, want [0 2 4 6]", seen)
	}
}

// TestConcurrentDisjoint has goroutines add and remove keys of their own: at the end each
// goroutine's last answer for each key is the set's.
func TestConcurrentDisjoint(t *testing.T) {
	const workers, keys = 4, 500
	s := New()
	var wg sync.WaitGroup
	finals := make([]map[int]bool, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			mine := map[int]bool{}
			for range 20000 {
				k := rng.IntN(keys)*workers + w
				if rng.IntN(2) == 0 {
					if s.Add(k) == mine[k] {
						t.Errorf("Add(%d) disagrees with its only writer", k)
					}
					mine[k] = true
				} else {
					if s.Remove(k) != mine[k] {
						t.Errorf("Remove(%d) disagrees with its only writer", k)
					}
					delete(mine, k)
				}
			}
			finals[w] = mine
		}()
	}
	wg.Wait()
	var want []int
	for _, m := range finals {
		for k := range m {
			want = append(want, k)
		}
	}
	slices.Sort(want)
	if got := slices.Collect(s.Range(math.MinInt, math.MaxInt)); !slices.Equal(got, want) {
		t.Fatalf("after the goroutines: %d keys, want %d", len(got), len(want))
	}
	if s.Len() != len(want) {
		t.Fatalf("Len() = %d, want %d", s.Len(), len(want))
	}
}

// TestConcurrentContended has goroutines fight over a few keys: every successful Add of a key is
// matched by a successful Remove or by the key's presence at the end.
func TestConcurrentContended(t *testing.T) {
	const workers, keys = 4, 8
	s := New()
	var adds, removes [workers][keys]int
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 11))
			for range 20000 {
				k := rng.IntN(keys)
				switch rng.IntN(3) {
				case 0:
					if s.Add(k) {
						adds[w][k]++
					}
				case 1:
					if s.Remove(k) {
						removes[w][k]++
					}
				default:
					s.Contains(k)
				}
			}
		}()
	}
	wg.Wait()
	for k := range keys {
		net := 0
		for w := range workers {
			net += adds[w][k] - removes[w][k]
		}
		present := 0
		if s.Contains(k) {
			present = 1
		}
		if net != present {
			t.Errorf("key %d: successful adds minus removes = %d, present = %d", k, net, present)
		}
	}
}

// TestRangeUnderChange runs Ranges while writers change keys that are not the stable ones: the
// stable keys are always yielded, in strictly ascending order, and nothing outside [lo, hi].
func TestRangeUnderChange(t *testing.T) {
	s := New()
	for k := 0; k < 1000; k += 2 {
		s.Add(k) // even keys stay
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 3))
			for {
				select {
				case <-stop:
					return
				default:
				}
				k := 2*rng.IntN(510) - 11 // odd keys, some outside [0, 999]
				if rng.IntN(2) == 0 {
					s.Add(k)
				} else {
					s.Remove(k)
				}
			}
		}()
	}
	for range 300 {
		prev, evens := -1, 0
		for k := range s.Range(0, 999) {
			if k <= prev || k > 999 {
				t.Fatalf("Range(0, 999) yielded %d after %d", k, prev)
			}
			prev = k
			if k%2 == 0 {
				evens++
			}
		}
		if evens != 500 {
			t.Fatalf("Range(0, 999) yielded %d of the 500 keys that stayed", evens)
		}
	}
	close(stop)
	wg.Wait()
}
