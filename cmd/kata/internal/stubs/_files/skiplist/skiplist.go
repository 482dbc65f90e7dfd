// Package skiplist is the exercise Design Skiplist (Hard, slug design-skiplist).
//
// Build a sorted collection of ints on a skip list: a linked list with express lanes, where
// [Skiplist.Search], [Skiplist.Add] and [Skiplist.Erase] all take O(log n) expected time, with no
// rotations and no rebalancing — coin flips do the balancing for you.
//
// # Example
//
//	s := skiplist.New()
//	s.Add(1)
//	s.Add(2)
//	s.Add(3)
//	s.Search(0) // false: 0 was never added
//	s.Add(4)
//	s.Search(1) // true
//	s.Erase(0)  // false: there is no 0 to erase
//	s.Erase(1)  // true: the only 1 is removed
//	s.Search(1) // false
//
// # Constraints
//
// Values are any int: negative numbers, 0, math.MinInt and math.MaxInt included. Duplicates are
// allowed: after Add(5) twice, two copies are stored, the first Erase(5) removes one of them and
// returns true, Search(5) is still true, and it takes a second Erase(5) to remove the last one.
//
// # Expected cost
//
// O(log n) expected time per Search, Add and Erase, where n is the number of copies stored. The
// judge measures how each operation grows; one that grows like n (a plain sorted list, say) is
// reported as time_limit_exceeded.
//
// # The idea
//
// In a sorted linked list, finding a value means walking node by node: O(n). A skip list keeps
// that list as its bottom lane (level 1, every node) and adds express lanes above it. Each new
// node gets a random height: flip a fair coin until it comes up tails; the node's height is one
// plus the number of heads. So a node reaches level 2 with probability 1/2, level 3 with
// probability 1/4, level i with probability 1/2^(i-1). A node of height h holds h forward
// pointers, one per lane it belongs to. Heights are geometric, so:
//
//   - a node holds 1 + 1/2 + 1/4 + … ≈ 2 pointers on average, so memory stays O(n);
//   - lane i holds about n/2^(i-1) nodes, so there are about log2 n busy lanes;
//   - each lane skips, on average, every other node of the lane below it.
//
// Cap the height at a fixed maximum (32 is plenty) so a long run of heads cannot make one node
// absurdly tall. math/rand/v2 gives you the coin flips.
//
// Searching rides the top lane first. Start at the head on the highest level and move right
// while the next node's value is less than the target. When the next value would overshoot (it
// is ≥ the target, or there is no next node), drop down one level and carry on. On the bottom
// level, the next node is the first one whose value is ≥ target: the target is present exactly
// when that node exists and holds it. In expectation you take about 2 steps per level, so about
// 2·log2 n steps in all.
//
// The update vector makes Add and Erase one pass. Do the same walk, and on each level remember
// the last node you stood on before dropping down: update[i] is the node whose level-i pointer
// has to change. (In code, levels count from 0: next[0] is the bottom lane.) Then:
//
//   - Add(num): choose the new node's height h, and for every level i < h splice it in:
//     node.next[i] = update[i].next[i], then update[i].next[i] = node.
//   - Erase(num): the candidate is update[0].next[0]. If it is missing or holds another value,
//     return false. Otherwise, on every level i where update[i].next[i] is that node, unlink it:
//     update[i].next[i] = node.next[i].
//
// Duplicates need no special handling: Add always creates a new node, even when the value is
// already there, and equal values simply sit next to each other. Erase unlinks one of them.
//
// A sentinel head node removes the special cases. It holds no value, has the maximum height
// and sits before every real node, so every node has a predecessor on each of its lanes and
// inserting into an empty list or at the front is the same code as anywhere else. Do not fake
// the sentinel with a value such as math.MinInt: here that is a value a caller may store.
//
// # How to check your work
//
// From the kit's root, run
//
//	go run ./cmd/kata run skiplist
//
// (or kata run skiplist if you installed kata) to have the judge grade your code, and
// kata hint skiplist when you want a hint. go test ./exercises/skiplist runs the quick examples
// in skiplist_test.go; they skip until you have written the code, and you are welcome to add
// your own. The judge grades the whole package, so you may split your work over more files.
package skiplist

// Skiplist is a sorted collection of ints that may hold several copies of a value.
// Create one with [New]; the zero value need not be usable.
type Skiplist struct {
	// your fields here
}

// New returns an empty skip list.
func New() *Skiplist {
	panic("not implemented")
}

// Search reports whether at least one copy of target is stored.
// Expected cost: O(log n).
func (s *Skiplist) Search(target int) bool {
	panic("not implemented")
}

// Add stores one more copy of num, whether or not num is already present.
// Expected cost: O(log n).
func (s *Skiplist) Add(num int) {
	panic("not implemented")
}

// Erase removes one copy of num and returns true, or returns false and changes nothing if no
// copy of num is stored. Expected cost: O(log n).
func (s *Skiplist) Erase(num int) bool {
	panic("not implemented")
}
