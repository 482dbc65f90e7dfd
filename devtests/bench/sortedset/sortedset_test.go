// Package sortedset_test benchmarks the kit's reference sorted set, kata/solutions/sortedset,
// against what a Go programmer would otherwise build a leaderboard on:
//
//   - github.com/tidwall/btree: the ordered library that can answer "who is at position i"
//     (its B-tree counts the items under each node: GetAt, DeleteAt in O(log n)), beside a map
//     from name to score. It has no "position of this key", so Rank is a binary search over
//     positions with GetAt, O(log² n). huandu/skiplist and google/btree keep no counts: every
//     Rank and RangeByRank there is a walk, O(n).
//   - a sorted slice of members and a map, by binary search: the simplest thing that works,
//     O(log n) queries and an O(n) shift per update.
//
// Each benchmark runs the three side by side on n = 10^5 members, as BenchmarkX/impl=kata,
// impl=tidwall and impl=slice, so that benchstat can pair them.
package sortedset_test

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tidwall/btree"

	"kata/solutions/sortedset"
)

const (
	benchN = 100_000
	window = 10 // members per range
)

type member = sortedset.Member

// set is what each benchmark drives.
type set interface {
	add(name string, score float64) bool
	rank(name string) (int, bool)
	rangeByRank(start, stop int) []member
	rangeByScore(min, max float64) []member
}

type kataSet struct{ *sortedset.SortedSet }

func (k kataSet) add(name string, score float64) bool  { return k.Add(name, score) }
func (k kataSet) rank(name string) (int, bool)         { return k.Rank(name) }
func (k kataSet) rangeByRank(start, stop int) []member { return k.RangeByRank(start, stop) }
func (k kataSet) rangeByScore(lo, hi float64) []member { return k.RangeByScore(lo, hi) }

func less(a, b member) bool { return a.Score < b.Score || a.Score == b.Score && a.Name < b.Name }

// tidwallSet is a counted B-tree ordered by (score, name) beside a map from name to score.
type tidwallSet struct {
	tree   *btree.BTreeG[member]
	scores map[string]float64
}

func newTidwall() set {
	return &tidwallSet{tree: btree.NewBTreeGOptions(less, btree.Options{NoLocks: true}), scores: map[string]float64{}}
}

func (t *tidwallSet) add(name string, score float64) bool {
	old, ok := t.scores[name]
	if ok {
		t.tree.Delete(member{Name: name, Score: old})
	}
	t.scores[name] = score
	t.tree.Set(member{Name: name, Score: score})
	return !ok
}

func (t *tidwallSet) rank(name string) (int, bool) {
	score, ok := t.scores[name]
	if !ok {
		return 0, false
	}
	key := member{Name: name, Score: score}
	lo, hi := 0, t.tree.Len()
	for lo < hi { // the first position whose member is not before key: O(log n) GetAt calls
		mid := int(uint(lo+hi) >> 1)
		if m, _ := t.tree.GetAt(mid); less(m, key) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, true
}

func (t *tidwallSet) rangeByRank(start, stop int) []member {
	first, ok := t.tree.GetAt(start)
	if !ok || stop < start {
		return nil
	}
	out := make([]member, 0, stop-start+1)
	t.tree.Ascend(first, func(m member) bool {
		out = append(out, m)
		return len(out) < stop-start+1
	})
	return out
}

func (t *tidwallSet) rangeByScore(lo, hi float64) []member {
	var out []member
	t.tree.Ascend(member{Score: lo}, func(m member) bool {
		if m.Score > hi {
			return false
		}
		out = append(out, m)
		return true
	})
	return out
}

// sliceSet is a slice of members kept sorted, beside a map from name to score.
type sliceSet struct {
	order  []member
	scores map[string]float64
}

func newSlice() set { return &sliceSet{scores: map[string]float64{}} }

func compare(a, b member) int {
	if c := cmp.Compare(a.Score, b.Score); c != 0 {
		return c
	}
	return strings.Compare(a.Name, b.Name)
}

func (s *sliceSet) index(m member) int {
	i, _ := slices.BinarySearchFunc(s.order, m, compare)
	return i
}

func (s *sliceSet) add(name string, score float64) bool {
	old, ok := s.scores[name]
	if ok {
		i := s.index(member{Name: name, Score: old})
		s.order = slices.Delete(s.order, i, i+1)
	}
	s.scores[name] = score
	m := member{Name: name, Score: score}
	s.order = slices.Insert(s.order, s.index(m), m)
	return !ok
}

func (s *sliceSet) rank(name string) (int, bool) {
	score, ok := s.scores[name]
	if !ok {
		return 0, false
	}
	return s.index(member{Name: name, Score: score}), true
}

func (s *sliceSet) rangeByRank(start, stop int) []member {
	return slices.Clone(s.order[start : stop+1])
}

func (s *sliceSet) rangeByScore(lo, hi float64) []member {
	i := s.index(member{Score: lo})
	j := i
	for j < len(s.order) && s.order[j].Score <= hi {
		j++
	}
	return slices.Clone(s.order[i:j])
}

var impls = []struct {
	name string
	new  func() set
}{
	{"kata", func() set { return kataSet{sortedset.New()} }},
	{"tidwall", newTidwall},
	{"slice", newSlice},
}

// leaderboard returns benchN distinct names and their scores: whole numbers below benchN/4, so
// that about four members share each score.
func leaderboard(seed uint64) ([]string, []float64) {
	rng := rand.New(rand.NewPCG(seed, 0))
	names, scores := make([]string, benchN), make([]float64, benchN)
	seen := map[string]bool{}
	for i := range names {
		for {
			b := make([]byte, 10)
			for j := range b {
				b[j] = 'a' + byte(rng.IntN(26))
			}
			if !seen[string(b)] {
				seen[string(b)] = true
				names[i] = string(b)
				break
			}
		}
		scores[i] = float64(rng.IntN(benchN / 4))
	}
	return names, scores
}

func filled(newSet func() set, names []string, scores []float64) set {
	s := newSet()
	for i, name := range names {
		s.add(name, scores[i])
	}
	return s
}

// BenchmarkAdd changes the score of a present member to a new random one: a leaderboard's
// update, which moves the member in the order.
func BenchmarkAdd(b *testing.B) {
	names, scores := leaderboard(1)
	rng := rand.New(rand.NewPCG(2, 0))
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			s := filled(impl.new, names, scores)
			i := 0
			for b.Loop() {
				s.add(names[i%benchN], float64(rng.IntN(benchN/4)))
				i++
			}
		})
	}
}

// BenchmarkRank asks the position of every member, in random order.
func BenchmarkRank(b *testing.B) {
	names, scores := leaderboard(1)
	probe := slices.Clone(names)
	rand.New(rand.NewPCG(3, 0)).Shuffle(len(probe), func(i, j int) { probe[i], probe[j] = probe[j], probe[i] })
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			s := filled(impl.new, names, scores)
			i := 0
			for b.Loop() {
				if _, ok := s.rank(probe[i%benchN]); !ok {
					b.Fatal("a present member has no rank")
				}
				i++
			}
		})
	}
}

// BenchmarkRangeByRank reads pages of window members at random positions.
func BenchmarkRangeByRank(b *testing.B) {
	names, scores := leaderboard(1)
	rng := rand.New(rand.NewPCG(4, 0))
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			s := filled(impl.new, names, scores)
			for b.Loop() {
				start := rng.IntN(benchN - window)
				if got := s.rangeByRank(start, start+window-1); len(got) != window {
					b.Fatalf("%d members, want %d", len(got), window)
				}
			}
		})
	}
}

// BenchmarkRangeByScore reads the members of three consecutive scores (about a dozen) at
// random.
func BenchmarkRangeByScore(b *testing.B) {
	names, scores := leaderboard(1)
	rng := rand.New(rand.NewPCG(5, 0))
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			s := filled(impl.new, names, scores)
			for b.Loop() {
				lo := float64(rng.IntN(benchN/4 - 3))
				s.rangeByScore(lo, lo+2)
			}
		})
	}
}

// TestImplsAgree checks that the three sets answer alike, so that the benchmarks compare equals.
func TestImplsAgree(t *testing.T) {
	names, scores := leaderboard(7)
	names, scores = names[:3000], scores[:3000]
	var sets []set
	for _, impl := range impls {
		sets = append(sets, filled(impl.new, names, scores))
	}
	rng := rand.New(rand.NewPCG(8, 0))
	for range 2000 {
		name := names[rng.IntN(len(names))]
		sc := float64(rng.IntN(benchN / 4))
		start := rng.IntN(len(names) - window)
		lo := float64(rng.IntN(benchN / 4))
		var first []any
		for k, s := range sets {
			s.add(name, sc)
			r, _ := s.rank(name)
			got := []any{r, s.rangeByRank(start, start+window-1), s.rangeByScore(lo, lo+50)}
			if k == 0 {
				first = got
				continue
			}
			if r != first[0] || !slices.Equal(got[1].([]member), first[1].([]member)) ||
				!slices.Equal(got[2].([]member), first[2].([]member)) {
				t.Fatalf("%s disagrees with kata after Add(%q, %v)", impls[k].name, name, sc)
			}
		}
	}
}
