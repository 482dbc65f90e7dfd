// Package skiplist_test benchmarks the kit's reference skip list, kata/solutions/skiplist,
// against github.com/huandu/skiplist, the library a Go programmer would otherwise pick.
package skiplist_test

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	huandu "github.com/huandu/skiplist"

	"kata/solutions/skiplist"
)

// The benchmarks run kata/solutions/skiplist and github.com/huandu/skiplist side by side
// on n = 10^5 random keys, as BenchmarkX/impl=kata and BenchmarkX/impl=huandu
// so that benchstat can pair them.

const benchN = 100_000

type sortedSet interface {
	add(int)
	search(int) bool
}

type kataList struct{ *skiplist.Skiplist }

func (k kataList) add(v int)         { k.Add(v) }
func (k kataList) search(v int) bool { return k.Search(v) }

type huanduList struct{ *huandu.SkipList }

func (h huanduList) add(v int)         { h.Set(v, nil) }
func (h huanduList) search(v int) bool { return h.Get(v) != nil }

var impls = []struct {
	name string
	new  func() sortedSet
}{
	{"kata", func() sortedSet { return kataList{skiplist.New()} }},
	{"huandu", func() sortedSet { return huanduList{huandu.New(huandu.Int)} }},
}

func randomKeys(seed uint64, n int) []int {
	rng := rand.New(rand.NewPCG(seed, 0))
	keys := make([]int, n)
	for i := range keys {
		keys[i] = int(rng.Uint64())
	}
	return keys
}

func filled(newSet func() sortedSet, keys []int) sortedSet {
	s := newSet()
	for _, k := range keys {
		s.add(k)
	}
	return s
}

// BenchmarkAdd inserts into a list that holds between n and 2n keys: every n
// insertions it starts again from a fresh list of n keys, off the clock.
func BenchmarkAdd(b *testing.B) {
	base, more := randomKeys(1, benchN), randomKeys(2, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			var s sortedSet
			i := 0
			for b.Loop() {
				if i%benchN == 0 {
					b.StopTimer()
					s = nil
					runtime.GC() // collect the last list off the clock
					s = filled(impl.new, base)
					b.StartTimer()
				}
				s.add(more[i%benchN])
				i++
			}
		})
	}
}

// BenchmarkSearch looks up the n keys present, in random order.
func BenchmarkSearch(b *testing.B) {
	keys := randomKeys(1, benchN)
	probe := slices.Clone(keys)
	rand.New(rand.NewPCG(3, 0)).Shuffle(len(probe), func(i, j int) { probe[i], probe[j] = probe[j], probe[i] })
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			s := filled(impl.new, keys)
			found, i := 0, 0
			for b.Loop() {
				if s.search(probe[i%benchN]) {
					found++
				}
				i++
			}
			if found != i {
				b.Fatalf("found %d of %d present keys", found, i)
			}
		})
	}
}
