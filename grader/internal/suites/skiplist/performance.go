package skiplist

import (
	"slices"

	"kata/grader/internal/growth"
	"kata/grader/internal/harness"
)

// PerfSizes are the list sizes the performance test measures at: doubling from 3,125 to
// 200,000, a span of 64.
var PerfSizes = harness.Sizes(3125, 200_000, 2)

// performance measures Add (while the list grows), Search and Erase against the reference, and
// fails when one grows faster than O(log n).
func performance(learner, reference API) harness.Test {
	return harness.KeyedGrowth(PerfSizes, learner.New, reference.New, func() harness.Keyed[Skiplist] {
		return harness.Keyed[Skiplist]{
			Insert: func(s Skiplist, v int) { s.Add(v) },
			Lookup: func(s Skiplist, v int) { s.Search(v) },
			Delete: func(s Skiplist, v int) { s.Erase(v) },
			InsertSeries: growthOf("Add", "n",
				"Add visits a number of nodes that grows with n: it walks the bottom level (or "+
					"shifts a slice) to find its place, or "+fewLanes+". Search from the top lane as "+
					"Search does, remembering the last node on each level (the update vector), and "+
					"splice the new node in there"),
			LookupSeries: growthOf("Search", "n",
				"Search visits a number of nodes that grows with n: your search never leaves "+
					"level 1, or "+fewLanes+". Ride the upper lanes until the next key would "+
					"overshoot, then drop a level (and check that your coin ever comes up heads: if "+
					"every tower has height 1 there are no upper lanes)"),
			DeleteSeries: growthOf("Erase", "n",
				"Erase visits a number of nodes that grows with n: it walks the bottom level "+
					"(or shifts a slice), or "+fewLanes+". Find the node with the same top-down "+
					"search, keeping the update vector, and unlink it on every level it reaches"),
		}
	})
}

// fewLanes names the other cause of a walk that grows with n: towers too low, whether the
// levels are capped too low or the heights are drawn with one coin flip (towers of 1 or 2). The
// growth alone cannot tell these apart, so it names both.
const fewLanes = "there are too few lanes for n: the towers must reach about log2(n) levels, so " +
	"draw each height by flipping the coin again while it comes up heads (a loop, not one flip), " +
	"and cap the levels no lower than log2(n) (a cap of 32 serves any size); with the levels capped " +
	"at 4, or towers only 1 or 2 high, the top lane still holds n/8 nodes or more"

// CopySizes are the list sizes the duplicates test measures at: doubling from 3,125 to 50,000
// stored copies, a span of 16. Beyond it, a right list that erases its oldest copy (one that
// adds copies after the others) pays a cache miss on each Erase that the reference, erasing the
// copy it added last, does not: a few nanoseconds become a hundred, like a wrong growth.
var CopySizes = harness.Sizes(3125, 50_000, 2)

// duplicates measures Add and Erase against the reference on a list that holds n copies of one
// value, and fails when one grows faster than O(log n), n counting every copy: an Add or Erase
// that walks the run of the value's copies costs Θ(n). The axis is called "copies", apart from
// the growth test's n, so that each test's measurements keep their own rows.
//
// One value, not a few, and erased copies put back after each batch: a list whose Erase
// unlinks, lane by lane, the first copy on each lane (the usual LeetCode answer) removes
// upper-lane nodes of other copies than the one it removes from level 0, so a run of copies
// erased from and added to again and again loses its upper lanes, and walking across it (to
// reach the next value, or the end of the run) costs Θ(copies). Within these bounds that answer
// keeps its lanes.
func duplicates(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/duplicates", Kind: harness.Performance, Run: func(t *harness.T) {
		values := slices.Repeat(harness.DistinctInts(t, 1), CopySizes[len(CopySizes)-1])
		harness.JudgeGrowth(t, func(m *harness.Meter) []*growth.Series {
			k := harness.Keyed[Skiplist]{
				Insert: func(s Skiplist, v int) { s.Add(v) },
				Delete: func(s Skiplist, v int) { s.Erase(v) },
				InsertSeries: growthOf("Add", "copies",
					"Add walks the run of the value's copies on level 0: search top-down on every "+
						"lane, as for a new value, and link the copy in where the search stops (before "+
						"the other copies, or after them), so that Add stays O(log n) however many "+
						"copies there are"),
				DeleteSeries: growthOf("Erase", "copies",
					"Erase walks the run of the value's copies on level 0: remove the first copy, "+
						"the node right after update[0] that the top-down search with < finds, and "+
						"update[i] points to it on each of its levels, so that Erase stays O(log n) "+
						"however many copies there are"),
			}
			return k.Ladder(CopySizes, values, learner.New, reference.New).Measure(m)
		})
	}}
}

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual design " +
	"keeps a node's forward pointers in the node (one allocation per Add) and draws levels from a fast random source"
