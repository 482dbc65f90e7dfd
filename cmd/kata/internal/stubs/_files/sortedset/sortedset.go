// Package sortedset is the exercise Sorted set (Hard, slug sorted-set).
//
// Build Redis's sorted set (ZADD, ZREM, ZSCORE, ZRANK, ZRANGE, ZRANGEBYSCORE): a set of names,
// each with a score, kept in order. Besides adding, removing and looking up a score, it answers
// "what position is this name at?" ([SortedSet.Rank]) and "who is at positions 10 to 19?"
// ([SortedSet.RangeByRank]) or "who scored between 50 and 60?" ([SortedSet.RangeByScore]), each
// in O(log n) plus the members returned. Redis does it with a skip list whose forward links know
// how many members they jump, beside a map from name to score; so will you.
//
// # Example: a leaderboard
//
//	s := sortedset.New()
//	s.Add("ann", 30)       // true: ann is new
//	s.Add("bob", 10)       // true
//	s.Add("cat", 20)       // true
//	s.Add("dan", 20)       // true: cat and dan tie, and sort by name
//	s.Add("bob", 25)       // false: bob was there; his score is now 25
//	s.Len()                // 4
//	s.Score("bob")         // 25, true
//	s.Score("eve")         // 0, false: absent
//	s.Rank("cat")          // 0, true: the first, 0-based
//	s.Rank("ann")          // 3, true: the last
//	s.RangeByRank(0, 1)    // [{cat 20} {dan 20}]
//	s.RangeByRank(-2, -1)  // [{bob 25} {ann 30}]: negative positions count from the end
//	s.RangeByScore(20, 25) // [{cat 20} {dan 20} {bob 25}]: both bounds included
//	s.Remove("cat")        // true
//	s.Rank("dan")          // 0, true
//
// # Constraints
//
// The order is by score ascending, then by name bytewise (as < compares strings). Scores are any
// float64 but NaN: -0 and 0 are the same score (so two members scored -0 and 0 tie, and sort by
// name), and math.Inf(-1) and math.Inf(1) are scores like any other. Names are any string, the
// empty one included. Add with a NaN score panics and changes nothing.
//
// RangeByRank(start, stop) follows ZRANGE exactly: a negative position p means Len()+p (-1 is the
// last member); then a start below 0 becomes 0 and a stop at or past Len() becomes Len()-1; the
// result is empty when start > stop or start >= Len(). On 5 members, (0, -1) is all of them,
// (-100, 100) too, and (5, 10) and (0, -6) are empty. RangeByScore(min, max) returns every member
// with min <= score <= max, and nothing when min > max or either bound is NaN. An empty result is
// a slice of length 0 (nil is fine). A returned slice is the caller's: changing it must not change
// the set, nor what later calls return. Score and Rank of an absent name return 0, false.
//
// The rule: the set is yours to write, so your package imports only the standard library (a
// built-in map is welcome), and nothing of the kit's own. The judge reports any other import as
// rule_violation.
//
// # Expected cost
//
// O(log n) expected per Add, Remove and Rank; O(1) expected per Score and Len; O(log n + r) per
// RangeByRank and RangeByScore, where r is the number of members returned. The judge measures
// each operation as n grows (with r small) and each range as r grows (with n fixed); one that
// grows like n (a Rank that walks the members one by one, a range that sorts the whole set, an
// Add that shifts a slice) is reported as time_limit_exceeded.
//
// # The idea
//
// Two structures side by side. A map from name to score (or to the member's node) answers Score
// in O(1) and tells Add whether the name is new. A skip list ordered by (score, name) keeps the
// order: compare two members by score with < and ==, and by name when the scores are equal.
//
// A plain skip list (see the skiplist exercise) finds a member in O(log n), but not its position:
// for that you would walk the bottom level, counting, O(n). The trick is to give every forward
// link a span: how many members it jumps over on the bottom level (1 for every bottom link; a
// link from the head straight to the member at position 5 has span 6). Then:
//
//   - Rank(name): search for the member top-down as usual, adding up the spans of the links you
//     follow. The sum when you stop just before the member is its 0-based position.
//   - RangeByRank(start, stop): after turning negative positions into Len()+p and clipping, walk
//     top-down to position start, following a link whenever the steps so far plus its span stay
//     within start+1: O(log n). Then walk the bottom level for the stop-start+1 members.
//   - RangeByScore(min, max): walk top-down to the last member scored below min, then along the
//     bottom level while the score is at most max. Counting both ends by spans first gives the
//     result's exact length, for a single allocation.
//
// Add and Remove keep the spans right with the update vector of the skiplist exercise plus one
// more array: on the way down, rank[i] is the position reached on level i when you drop from it,
// so rank[0] - rank[i] is how far update[i] lies behind the new member's place. A new node of
// height h, on each level i < h, takes over the part of update[i]'s link past the new place:
// node.span[i] = update[i].span[i] - (rank[0] - rank[i]), and update[i].span[i] = rank[0] -
// rank[i] + 1. On the levels from h up, the links that jump over the new node just count it:
// update[i].span[i]++. Remove does the opposite: where update[i] links to the node, update[i]
// takes over its link and span (span += node.span - 1); on the levels above, the link that jumped
// over it counts one less. When the head's links on a new top level are first used, set their
// span to the number of members, so that the formula holds there too.
//
// Updating a score is a Remove and an Add of the same name. Redis does better when the new score
// keeps the member between its neighbours: it changes the score in place, and the order, the
// links and the spans stay as they are.
//
// # Mistakes the judge knows
//
//   - Ranks off by one: positions are 0-based, the first member has rank 0.
//   - Ties not ordered by name: members with equal scores sort by name, not by when they came.
//   - -0 against 0: they are one score. Compare with < and ==; math.Float64bits(-0.0) differs from
//     math.Float64bits(0), so neither a key made of the bits nor math.Signbit may order them.
//   - A negative stop in RangeByRank: -1 is the last member, so (0, -1) is the whole set.
//   - A stop past the end: clip it to Len()-1, or the last member's next link is nil.
//   - Returning a slice the set keeps (a cache, a backing array): the caller may change it.
//   - An Add of a name already present that adds a second entry instead of moving the first.
//   - Sorting the whole set per query, or an O(n) Rank that walks the bottom level counting:
//     right answers, wrong growth.
//
// # How to check your work
//
// From the kit's root, run
//
//	go run ./cmd/kata run sortedset
//
// (or kata run sortedset if you installed kata) to have the judge grade your code, and
// kata hint sortedset when you want a hint. go test ./exercises/sortedset runs the quick examples
// in sortedset_test.go; they skip until you have written the code, and you are welcome to add
// your own. The judge grades the whole package, so you may split your work over more files.
package sortedset

// Member is one element of the set: a name and its score.
type Member struct {
	Name  string
	Score float64
}

// SortedSet is a set of names, each with a score, kept in order of score, then name.
// Create one with [New]; the zero value need not be usable.
type SortedSet struct {
	// your fields here
}

// New returns an empty sorted set.
func New() *SortedSet {
	panic("not implemented")
}

// Add adds name with score and returns true, or, when name is already present, changes its
// score and returns false. It panics if score is NaN, and then changes nothing.
// Expected cost: O(log n).
func (s *SortedSet) Add(name string, score float64) bool {
	panic("not implemented")
}

// Remove removes name and returns true, or returns false if name is absent.
// Expected cost: O(log n).
func (s *SortedSet) Remove(name string) bool {
	panic("not implemented")
}

// Score returns the score of name and true, or 0, false if name is absent.
// Expected cost: O(1).
func (s *SortedSet) Score(name string) (float64, bool) {
	panic("not implemented")
}

// Rank returns the 0-based position of name in the order and true, or 0, false if name is
// absent. Expected cost: O(log n).
func (s *SortedSet) Rank(name string) (int, bool) {
	panic("not implemented")
}

// Len returns the number of members. Expected cost: O(1).
func (s *SortedSet) Len() int {
	panic("not implemented")
}

// RangeByRank returns the members at positions start..stop inclusive, in order, as ZRANGE: a
// negative position p means Len()+p, then start is raised to 0 and stop lowered to Len()-1; the
// result is empty when start > stop or start >= Len(). The slice is the caller's.
// Expected cost: O(log n + r) for r members returned.
func (s *SortedSet) RangeByRank(start, stop int) []Member {
	panic("not implemented")
}

// RangeByScore returns the members with min <= score <= max, in order; none when min > max or a
// bound is NaN. The slice is the caller's. Expected cost: O(log n + r) for r members returned.
func (s *SortedSet) RangeByScore(min, max float64) []Member {
	panic("not implemented")
}
