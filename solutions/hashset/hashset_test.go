package hashset

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"
)

func TestLeetCodeExample(t *testing.T) {
	s := New()
	s.Add(1)
	s.Add(2)
	if !s.Contains(1) {
		t.Error("Contains(1) = false after Add(1)")
	}
	if s.Contains(3) {
		t.Error("Contains(3) = true, never added")
	}
	s.Add(2)
	if !s.Contains(2) {
		t.Error("Contains(2) = false after Add(2) twice")
	}
	s.Remove(2)
	if s.Contains(2) {
		t.Error("Contains(2) = true after Remove(2): a set holds one copy")
	}
}

func TestEdgeValues(t *testing.T) {
	edges := []int{0, math.MinInt, math.MaxInt, -1, 1, math.MinInt + 1, math.MaxInt - 1}
	s := New()
	for _, k := range edges {
		if s.Contains(k) {
			t.Errorf("empty set contains %d", k)
		}
		s.Remove(k) // absent: a no-op
	}
	for _, k := range edges {
		s.Add(k)
	}
	for _, k := range edges {
		if !s.Contains(k) {
			t.Errorf("Contains(%d) = false after Add", k)
		}
	}
	for _, k := range edges {
		s.Remove(k)
		if s.Contains(k) {
			t.Errorf("Contains(%d) = true after Remove", k)
		}
	}
	checkTable(t, s, nil)
}

// TestAgainstMap runs random operations on a small range of keys, so re-adds,
// removing absent keys and growing through many removals all happen, and
// compares every answer with a Go map.
func TestAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := New()
	model := map[int]bool{}
	for op := range 100_000 {
		k := rng.IntN(2000) - 1000
		if op > 50_000 {
			k *= 1 << 40 // same pattern, keys far apart
		}
		switch rng.IntN(3) {
		case 0:
			s.Add(k)
			model[k] = true
		case 1:
			s.Remove(k)
			delete(model, k)
		case 2:
			if got := s.Contains(k); got != model[k] {
				t.Fatalf("op %d: Contains(%d) = %v, want %v", op, k, got, model[k])
			}
		}
		if op%5000 == 0 {
			checkTable(t, s, model)
		}
	}
	checkTable(t, s, model)
}

// checkTable checks the table against the model: the count, the load, and
// that every key can be found from its home slot without crossing a free slot.
func checkTable(t *testing.T, s *HashSet, model map[int]bool) {
	t.Helper()
	if s.hasZero != model[0] {
		t.Fatalf("hasZero = %v, want %v", s.hasZero, model[0])
	}
	want := len(model)
	if model[0] {
		want--
	}
	if s.count != want {
		t.Fatalf("count = %d, want %d", s.count, want)
	}
	if 2*s.count > len(s.slots) {
		t.Fatalf("%d keys in %d slots: load above 1/2", s.count, len(s.slots))
	}
	mask := uint64(len(s.slots) - 1)
	used := 0
	for i, key := range s.slots {
		if key == 0 {
			continue
		}
		used++
		if !model[key] {
			t.Fatalf("slot %d holds %d, not in the set", i, key)
		}
		for j := hash(key) & mask; j != uint64(i); j = (j + 1) & mask {
			if s.slots[j] == 0 {
				t.Fatalf("key %d in slot %d is cut off from its home by free slot %d", key, i, j)
			}
		}
	}
	if used != s.count {
		t.Fatalf("%d used slots, want %d", used, s.count)
	}
}

// TestAdversarialKeys fills the set with key patterns that defeat a weak hash
// (key mod size): multiples of 2^20, runs, negatives, high bits only. A good
// hash keeps the probes short: at load <= 1/2 a key sits on average less than
// one slot past its home. The bounds leave a wide margin over random hashing.
func TestAdversarialKeys(t *testing.T) {
	const n = 100_000
	patterns := map[string]func(i int) int{
		"multiples of 2^20": func(i int) int { return i << 20 },
		"multiples of 2^32": func(i int) int { return i << 32 },
		"sequential":        func(i int) int { return i },
		"negative":          func(i int) int { return -i },
		"high bits":         func(i int) int { return int(uint64(i) << 47) },
		"around MinInt":     func(i int) int { return math.MinInt + i },
	}
	for name, key := range patterns {
		t.Run(name, func(t *testing.T) {
			s := New()
			for i := range n {
				s.Add(key(i))
			}
			if !s.Contains(key(0)) || !s.Contains(key(n-1)) {
				t.Fatal("first or last key missing")
			}
			mask := uint64(len(s.slots) - 1)
			total, longest := uint64(0), uint64(0)
			for i, k := range s.slots {
				if k != 0 {
					d := (uint64(i) - hash(k)) & mask
					total += d
					longest = max(longest, d)
				}
			}
			if mean := float64(total) / float64(s.count); mean > 1.5 || longest > 100 {
				t.Errorf("keys sit %.2f slots past home on average, %d at most", mean, longest)
			}
			for i := range n {
				s.Remove(key(i))
			}
			checkTable(t, s, nil)
		})
	}
}

// TestNoMap enforces the exercise's rule on the reference itself: no map type
// and no sync import in the package's non-test files.
func TestNoMap(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "hashset.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path == "sync" || path == "reflect" {
			t.Errorf("hashset.go imports %s", path)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if m, ok := n.(*ast.MapType); ok {
			t.Errorf("%v: map type in hashset.go", fset.Position(m.Pos()))
		}
		return true
	})
}

// The benchmarks run this package and Go's map[int]struct{} side by side at
// 10^6 random keys, as BenchmarkX/impl=kata and BenchmarkX/impl=map.

const benchN = 1_000_000

type intSet interface {
	add(int)
	remove(int)
	contains(int) bool
}

type kataSet struct{ *HashSet }

func (k kataSet) add(v int)           { k.Add(v) }
func (k kataSet) remove(v int)        { k.Remove(v) }
func (k kataSet) contains(v int) bool { return k.Contains(v) }

type mapSet map[int]struct{}

func (m mapSet) add(v int)           { m[v] = struct{}{} }
func (m mapSet) remove(v int)        { delete(m, v) }
func (m mapSet) contains(v int) bool { _, ok := m[v]; return ok }

var impls = []struct {
	name string
	new  func() intSet
}{
	{"kata", func() intSet { return kataSet{New()} }},
	{"map", func() intSet { return mapSet{} }},
}

func randomKeys(seed uint64, n int) []int {
	rng := rand.New(rand.NewPCG(seed, 0))
	keys := make([]int, n)
	for i := range keys {
		keys[i] = int(rng.Uint64())
	}
	return keys
}

func filled(newSet func() intSet, keys []int) intSet {
	s := newSet()
	for _, k := range keys {
		s.add(k)
	}
	return s
}

// BenchmarkAdd fills an empty set with n keys, growth included, starting over
// off the clock every n insertions.
func BenchmarkAdd(b *testing.B) {
	keys := randomKeys(1, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			var s intSet
			i := 0
			for b.Loop() {
				if i%benchN == 0 {
					b.StopTimer()
					s = nil
					runtime.GC() // collect the last set off the clock
					s = impl.new()
					b.StartTimer()
				}
				s.add(keys[i%benchN])
				i++
			}
		})
	}
}

func benchmarkContains(b *testing.B, present bool) {
	keys := randomKeys(1, benchN)
	probe := keys
	if !present {
		probe = randomKeys(2, benchN)
	}
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			s := filled(impl.new, keys)
			hits, i := 0, 0
			for b.Loop() {
				if s.contains(probe[i%benchN]) {
					hits++
				}
				i++
			}
			if present && hits != i || !present && hits != 0 {
				b.Fatalf("%d hits of %d probes (present keys: %v)", hits, i, present)
			}
		})
	}
}

func BenchmarkContainsHit(b *testing.B)  { benchmarkContains(b, true) }
func BenchmarkContainsMiss(b *testing.B) { benchmarkContains(b, false) }

// BenchmarkRemove empties a set of n keys, refilling it off the clock every n
// removals.
func BenchmarkRemove(b *testing.B) {
	keys := randomKeys(1, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			var s intSet
			i := 0
			for b.Loop() {
				if i%benchN == 0 {
					b.StopTimer()
					s = nil
					runtime.GC()
					s = filled(impl.new, keys)
					b.StartTimer()
				}
				s.remove(keys[i%benchN])
				i++
			}
		})
	}
}
