// Package randomizedset is the exercise Insert Delete GetRandom O(1) (Medium, slug
// insert-delete-getrandom-o1).
//
// Build a set of ints where [RandomizedSet.Insert], [RandomizedSet.Remove] and
// [RandomizedSet.GetRandom] all take O(1) average time, and GetRandom returns each element
// present with the same probability.
//
// # Example
//
//	s := randomizedset.New()
//	s.Insert(1)   // true: the set is {1}
//	s.Remove(2)   // false: 2 is not in the set
//	s.Insert(2)   // true: the set is {1, 2}
//	s.GetRandom() // 1 or 2, each half the time
//	s.Remove(1)   // true: the set is {2}
//	s.Insert(2)   // false: 2 is already there
//	s.GetRandom() // 2, the only element
//
// # Constraints
//
// Values are any int: negative numbers, 0, math.MinInt and math.MaxInt included. GetRandom is
// only called when the set is not empty. The built-in map is allowed here.
//
// # Expected cost
//
// O(1) on average for each of Insert, Remove and GetRandom. The judge measures how each
// operation grows; one that grows like n is reported as time_limit_exceeded. Uniformity is part
// of the contract too: a GetRandom that favours some elements is wrong even if every answer it
// gives is a member.
//
// # The idea
//
// Neither of the obvious structures does all three:
//
//   - A map alone gives O(1) Insert and Remove, but no O(1) way to pick a uniform random key.
//     Ranging over a map and taking the first key is not uniform, and stepping a random
//     number of keys into the iteration costs O(n).
//   - A slice alone gives O(1) GetRandom — pick a uniform index, vals[rand.IntN(len(vals))] —
//     but Remove must first find the value (O(n)) and then shift the tail left (O(n) again).
//
// Use both, each for what it is good at. A slice vals holds the elements, each exactly once, in
// no particular order; a map index takes each value to its position in vals.
//
//   - Insert(val): if val is in index, return false. Otherwise record index[val] = len(vals)
//     and append val to vals.
//   - Remove(val): if val is not in index, return false. Otherwise let i = index[val] and last
//     be the final element of vals. Move last into the hole (vals[i] = last), fix the moved
//     element's position (index[last] = i), then shrink the slice by one and delete val from
//     index. The order of vals does not matter, so swapping with the last element replaces an
//     O(n) shift with O(1) work. Check the case where val is itself the last element: the steps
//     above, in this order, still leave it removed.
//   - GetRandom(): return vals[rand.IntN(len(vals))], using math/rand/v2. Every element sits in
//     exactly one slot, so a uniform index gives a uniform element.
//
// # How to check your work
//
// From the kit's root, run
//
//	go run ./cmd/kata run randomizedset
//
// (or kata run randomizedset if you installed kata) to have the judge grade your code, and
// kata hint randomizedset when you want a hint. go test ./exercises/randomizedset runs the quick
// examples in randomizedset_test.go; they skip until you have written the code, and you are
// welcome to add your own. The judge grades the whole package, so you may split your work over
// more files.
package randomizedset

// RandomizedSet is a set of ints that can also return one of its elements uniformly at random.
// Create one with [New]; the zero value need not be usable.
type RandomizedSet struct {
	// your fields here
}

// New returns an empty set.
func New() *RandomizedSet {
	panic("not implemented")
}

// Insert adds val to the set and returns true, or returns false and changes nothing if val is
// already present. Expected cost: O(1) on average.
func (s *RandomizedSet) Insert(val int) bool {
	panic("not implemented")
}

// Remove takes val out of the set and returns true, or returns false and changes nothing if val
// is absent. Expected cost: O(1) on average.
func (s *RandomizedSet) Remove(val int) bool {
	panic("not implemented")
}

// GetRandom returns an element of the set, each element present with equal probability. It is
// only called when the set is not empty. Expected cost: O(1) on average.
func (s *RandomizedSet) GetRandom() int {
	panic("not implemented")
}
