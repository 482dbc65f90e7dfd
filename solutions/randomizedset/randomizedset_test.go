package randomizedset

import (
	"math"
	"math/rand"
	randv2 "math/rand/v2"
	"runtime"
	"testing"
)

func TestLeetCodeExample(t *testing.T) {
	s := New()
	steps := []struct {
		op   string
		val  int
		want bool
	}{
		{"Insert", 1, true},
		{"Remove", 2, false},
		{"Insert", 2, true},
		{"Insert", 1, false},
		{"Remove", 1, true},
		{"Insert", 2, false},
	}
	for _, st := range steps {
		var got bool
		if st.op == "Insert" {
			got = s.Insert(st.val)
		} else {
			got = s.Remove(st.val)
		}
		if got != st.want {
			t.Fatalf("%s(%d) = %v, want %v", st.op, st.val, got, st.want)
		}
	}
	for range 100 {
		if got := s.GetRandom(); got != 2 {
			t.Fatalf("GetRandom() = %d, only 2 is present", got)
		}
	}
}

func TestEdgeValues(t *testing.T) {
	edges := []int{math.MinInt, math.MaxInt, 0, -1, 1}
	s := New()
	for _, v := range edges {
		if s.Remove(v) {
			t.Errorf("Remove(%d) = true on an empty set", v)
		}
		if !s.Insert(v) {
			t.Errorf("Insert(%d) = false, first insert", v)
		}
		if s.Insert(v) {
			t.Errorf("Insert(%d) = true, already present", v)
		}
	}
	for i, v := range edges {
		if !s.Remove(v) {
			t.Errorf("Remove(%d) = false, present", v)
		}
		if s.Remove(v) {
			t.Errorf("Remove(%d) = true, already removed", v)
		}
		if i < len(edges)-1 {
			if got := s.GetRandom(); got == v {
				t.Errorf("GetRandom() = %d, removed", v)
			}
		}
	}
}

// TestAgainstMap runs random operations on a small range of values and
// compares every answer with a Go map; every GetRandom must be present.
func TestAgainstMap(t *testing.T) {
	rng := randv2.New(randv2.NewPCG(1, 2))
	s := New()
	model := map[int]bool{}
	for op := range 100_000 {
		v := rng.IntN(200) - 100
		switch rng.IntN(3) {
		case 0:
			if got := s.Insert(v); got == model[v] {
				t.Fatalf("op %d: Insert(%d) = %v, want %v", op, v, got, !model[v])
			}
			model[v] = true
		case 1:
			if got := s.Remove(v); got != model[v] {
				t.Fatalf("op %d: Remove(%d) = %v, want %v", op, v, got, model[v])
			}
			delete(model, v)
		case 2:
			if len(model) > 0 {
				if got := s.GetRandom(); !model[got] {
					t.Fatalf("op %d: GetRandom() = %d, not in the set", op, got)
				}
			}
		}
	}
	if len(s.vals) != len(model) || len(s.index) != len(model) {
		t.Fatalf("%d values, %d indexes, want %d", len(s.vals), len(s.index), len(model))
	}
	for i, v := range s.vals {
		if !model[v] || s.index[v] != i {
			t.Fatalf("vals[%d] = %d, index[%d] = %d", i, v, v, s.index[v])
		}
	}
}

// TestGetRandomUniform checks GetRandom with Pearson's chi-square test after
// inserts, removes and re-inserts have shuffled the slice. The statistic has
// about a chi-square law with df = K-1 degrees of freedom (100 expected draws
// per value), and the Laurent-Massart bound
//
//	P(X >= df + 2*sqrt(df*x) + 2*x) <= e^-x,  x = ln(10^6),
//
// puts the false-failure probability below 10^-6 (for df = 777 the threshold
// is 1011.8, where the exact tail is 2.4e-8).
func TestGetRandomUniform(t *testing.T) {
	s := New()
	for i := range 1000 {
		s.Insert(i*7919 - 500_000)
	}
	for i := 0; i < 1000; i += 3 {
		s.Remove(i*7919 - 500_000)
	}
	for i := 0; i < 1000; i += 9 {
		s.Insert(i*7919 - 500_000)
	}
	k := len(s.vals)
	if k != 778 {
		t.Fatalf("%d values, want 778", k)
	}

	const perValue = 100
	counts := map[int]int{}
	for range perValue * k {
		counts[s.GetRandom()]++
	}
	chi2 := 0.0
	for _, v := range s.vals {
		d := float64(counts[v] - perValue)
		chi2 += d * d / perValue
	}
	if len(counts) != k {
		t.Fatalf("GetRandom returned %d distinct values, %d are present", len(counts), k)
	}
	df, x := float64(k-1), math.Log(1e6)
	if limit := df + 2*math.Sqrt(df*x) + 2*x; chi2 > limit {
		t.Errorf("chi-square = %.1f over %d values, limit %.1f: GetRandom is not uniform", chi2, k, limit)
	}
}

// plainSet is the anchor of the benchmarks: the textbook map+slice solution,
// as a learner would write it with math/rand.
type plainSet struct {
	nums []int
	pos  map[int]int
}

func newPlainSet() *plainSet { return &plainSet{pos: make(map[int]int)} }

func (p *plainSet) Insert(val int) bool {
	if _, ok := p.pos[val]; ok {
		return false
	}
	p.pos[val] = len(p.nums)
	p.nums = append(p.nums, val)
	return true
}

func (p *plainSet) Remove(val int) bool {
	i, ok := p.pos[val]
	if !ok {
		return false
	}
	last := len(p.nums) - 1
	p.nums[i] = p.nums[last]
	p.pos[p.nums[i]] = i
	p.nums = p.nums[:last]
	delete(p.pos, val)
	return true
}

func (p *plainSet) GetRandom() int { return p.nums[rand.Intn(len(p.nums))] }

// The benchmarks run the reference and plainSet side by side on n = 10^5
// random values, as BenchmarkX/impl=kata and BenchmarkX/impl=plain.

const benchN = 100_000

type set interface {
	Insert(int) bool
	Remove(int) bool
	GetRandom() int
}

var impls = []struct {
	name string
	new  func() set
}{
	{"kata", func() set { return New() }},
	{"plain", func() set { return newPlainSet() }},
}

func randomValues(seed uint64, n int) []int {
	rng := randv2.New(randv2.NewPCG(seed, 0))
	vals := make([]int, n)
	for i := range vals {
		vals[i] = int(rng.Uint64())
	}
	return vals
}

func filled(newSet func() set, vals []int) set {
	s := newSet()
	for _, v := range vals {
		s.Insert(v)
	}
	return s
}

// BenchmarkInsert fills an empty set with n values, starting over off the
// clock every n insertions.
func BenchmarkInsert(b *testing.B) {
	vals := randomValues(1, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			var s set
			i, ok := 0, 0
			for b.Loop() {
				if i%benchN == 0 {
					b.StopTimer()
					s = nil
					runtime.GC() // collect the last set off the clock
					s = impl.new()
					b.StartTimer()
				}
				if s.Insert(vals[i%benchN]) {
					ok++
				}
				i++
			}
			if ok != i {
				b.Fatalf("%d of %d inserts succeeded", ok, i)
			}
		})
	}
}

// BenchmarkRemove empties a set of n values in random order, refilling it off
// the clock every n removals.
func BenchmarkRemove(b *testing.B) {
	vals := randomValues(1, benchN)
	order := randomValues(1, benchN)
	randv2.New(randv2.NewPCG(2, 0)).Shuffle(benchN, func(i, j int) { order[i], order[j] = order[j], order[i] })
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			var s set
			i, ok := 0, 0
			for b.Loop() {
				if i%benchN == 0 {
					b.StopTimer()
					s = nil
					runtime.GC()
					s = filled(impl.new, vals)
					b.StartTimer()
				}
				if s.Remove(order[i%benchN]) {
					ok++
				}
				i++
			}
			if ok != i {
				b.Fatalf("%d of %d removes succeeded", ok, i)
			}
		})
	}
}

var sink int

func BenchmarkGetRandom(b *testing.B) {
	vals := randomValues(1, benchN)
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			s := filled(impl.new, vals)
			sum := 0
			for b.Loop() {
				sum += s.GetRandom()
			}
			sink = sum
		})
	}
}
