// Package concurrentset_test benchmarks the kit's reference concurrent set,
// kata/solutions/concurrentset (a lazy skip list), against what a Go programmer would otherwise
// pick: github.com/tidwall/btree's BTreeG behind one sync.RWMutex.
package concurrentset_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/tidwall/btree"

	"kata/solutions/concurrentset"
)

// The benchmarks run both sets side by side as BenchmarkX/impl=kata and BenchmarkX/impl=btree,
// so that benchstat pairs them, on the contract's scaling workload: benchKeys keys, half
// present, and goroutines (b.SetParallelism over GOMAXPROCS) making 50% Contains, 25% Add and
// 25% Remove calls; or one kind of call alone.

const benchKeys = 1 << 16

type set interface {
	Add(int) bool
	Remove(int) bool
	Contains(int) bool
}

// locked is a B-tree behind one sync.RWMutex: Contains takes the read lock.
type locked struct {
	mu sync.RWMutex
	t  *btree.BTreeG[int]
}

func (l *locked) Add(k int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, replaced := l.t.Set(k)
	return !replaced
}

func (l *locked) Remove(k int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, deleted := l.t.Delete(k)
	return deleted
}

func (l *locked) Contains(k int) bool {
	l.mu.RLock()
	defer l.mu.RUnlock()
	_, found := l.t.Get(k)
	return found
}

var impls = []struct {
	name string
	new  func() set
}{
	{"kata", func() set { return concurrentset.New() }},
	{"btree", func() set {
		return &locked{t: btree.NewBTreeGOptions(func(a, b int) bool { return a < b }, btree.Options{NoLocks: true})}
	}},
}

// filled returns a set holding every other key of [0, benchKeys).
func filled(newSet func() set) set {
	s := newSet()
	for k := 0; k < benchKeys; k += 2 {
		s.Add(k)
	}
	return s
}

// run runs op on a set of each implementation from goroutines goroutines per GOMAXPROCS (0: one
// goroutine in all).
func run(b *testing.B, goroutines int, op func(s set, r *rand.Rand)) {
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			s := filled(impl.new)
			var seed uint64
			var mu sync.Mutex
			next := func() *rand.Rand {
				mu.Lock()
				defer mu.Unlock()
				seed++
				return rand.New(rand.NewPCG(seed, 9))
			}
			b.ResetTimer()
			if goroutines == 0 {
				r := next()
				for range b.N {
					op(s, r)
				}
				return
			}
			b.SetParallelism(goroutines)
			b.RunParallel(func(pb *testing.PB) {
				r := next()
				for pb.Next() {
					op(s, r)
				}
			})
		})
	}
}

// mixed is the contract's scaling workload: 50% Contains, 25% Add, 25% Remove.
func mixed(s set, r *rand.Rand) {
	k := r.IntN(benchKeys)
	switch r.IntN(4) {
	case 0:
		s.Add(k)
	case 1:
		s.Remove(k)
	default:
		s.Contains(k)
	}
}

func contains(s set, r *rand.Rand) { s.Contains(r.IntN(benchKeys)) }

func BenchmarkMixedOneGoroutine(b *testing.B)    { run(b, 0, mixed) }
func BenchmarkMixedParallel(b *testing.B)        { run(b, 1, mixed) }
func BenchmarkMixedOversubscribed(b *testing.B)  { run(b, 4, mixed) }
func BenchmarkContainsOneGoroutine(b *testing.B) { run(b, 0, contains) }
func BenchmarkContainsParallel(b *testing.B)     { run(b, 1, contains) }
