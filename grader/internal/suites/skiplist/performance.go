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

// duplicates measures Add, Erase and Search against the reference on lists that hold n copies
// of one value, and fails when one grows faster than O(log n), n counting every copy. Its axis is
// called "copies", apart from the growth test's n, so that each test's measurements keep their
// own rows. Two ladders over the same sizes:
//
//   - the copies put in by Adds alone: an Add that walks the run of the value's copies costs
//     Θ(n);
//   - the copies put in by Adds and Erases in turn, and at each size a Search for a larger
//     value, which crosses the whole run (see churn).
func duplicates(learner, reference API) harness.Test {
	return harness.Test{Name: "performance/duplicates", Kind: harness.Performance, Run: func(t *harness.T) {
		v := harness.DistinctInts(t, 1)[0]
		values := slices.Repeat([]int{v}, CopySizes[len(CopySizes)-1])
		harness.JudgeGrowth(t, func(m *harness.Meter) []*growth.Series {
			k := harness.Keyed[Skiplist]{
				Insert: func(s Skiplist, v int) { s.Add(v) },
				InsertSeries: growthOf("Add", "copies",
					"Add walks the run of the value's copies on level 0: search top-down on every "+
						"lane, as for a new value, and link the copy in where the search stops (before "+
						"the other copies, or after them), so that Add stays O(log n) however many "+
						"copies there are"),
			}
			return k.Ladder(CopySizes, values, learner.New, reference.New).Measure(m)
		}, func(m *harness.Meter) []*growth.Series {
			return churn(v, learner, reference).Measure(m)
		})
	}}
}

// churn is the ladder of a list of copies of the value v that grows by Adds and Erases in turn:
// each window of k copies is 4k Adds of v, then 3k Erases. Its Erase series times the windows, by
// the copy, and its query is a Search for v+1, above every copy (v is even, and far below the
// largest int), which crosses the run of copies on every lane.
//
// An Erase that walks the run to the copy it removes costs Θ(n). An Erase that strips the run of
// its upper lanes leaves every later walk across it Θ(n): the usual LeetCode answer unlinks the
// first copy met on each lane, which on the upper lanes is often another copy than the one
// leaving level 0, so each Erase takes an upper-lane node from another tower; a list that removes
// the tallest copy whole leaves only the short towers. Three Erases for four Adds drain the upper
// lanes faster than the Adds fill them, whether the list adds its copies before the others or
// after them and whatever its towers' odds (1/2 or 1/4): in a side-by-side run, such lists took
// 4 to 10 µs a Search at 3,125 copies and 130 to 250 µs at 50,000, the reference 14 to 39 ns, and
// a right list that removes one copy's whole tower 21 to 84 ns. Adds and Erases alternating
// one by one left a list with towers of odds 1/2 that adds its copies after the others within a
// few times the reference (22 to 339 ns), short of any proof.
func churn(v int, learner, reference API) *harness.Ladder[Skiplist] {
	return &harness.Ladder[Skiplist]{
		Sizes: CopySizes, New: learner.New, Ref: reference.New,
		Grow: harness.Grower[Skiplist]{
			Series: growthOf("Erase", "copies", "Erase walks the run of the value's copies, or strips it of its "+
				"upper lanes so that the Adds after it walk it (the test adds four copies of one value and "+
				"erases three, again and again): "+wholeCopy),
			Calls: "a batch of Add and Erase calls",
			Run: func(s Skiplist, from, to int) {
				for range 4 * (to - from) {
					s.Add(v)
				}
				for range 3 * (to - from) {
					s.Erase(v)
				}
			},
		},
		Queries: []harness.Query[Skiplist]{{
			Series: growthOf("Search", "copies", "after copies of one value were added and erased in turn, a "+
				"Search for a larger value walks their run on level 0: "+wholeCopy),
			Batch: harness.KeyedBatch,
			Run: func(s Skiplist, _, count, _ int) {
				for range count {
					s.Search(v + 1)
				}
			},
		}},
	}
}

// wholeCopy is how an Erase keeps a run of copies its upper lanes.
const wholeCopy = "Erase must take one copy out whole, on every level of its tower (the node after " +
	"update[i] on each level where that is the node found on level 0; with down pointers, the nodes " +
	"below the one unlinked on its top level), found by the top-down search with <, not by walking the " +
	"run. Unlinking the first copy met on each lane, as the usual LeetCode answer does, takes upper-lane " +
	"nodes of other copies, and removing the tallest copy leaves only short towers: either way the run " +
	"loses its upper lanes, and every walk across it costs O(copies)"

// growthOf declares the growth series of an operation along an axis (see harness.SeriesOf): its
// hint is said when the operation grows wrongly, slowHint when it grows right but far too slowly.
var growthOf = harness.SeriesOf(ex, slowHint)

// slowHint is said when an operation grows as it should but is far slower than the reference.
const slowHint = "the growth is right but each call is far slower than the reference: the usual design " +
	"keeps a node's forward pointers in the node (one allocation per Add) and draws levels from a fast random source"
