// Package concurrentset is the exercise Concurrent skip list (Hard, slug concurrent-skiplist).
//
// Build a sorted set of ints that any number of goroutines use at once, with no locking by the
// caller: [Set.Add], [Set.Remove] and [Set.Contains] in O(log n), [Set.Len], and [Set.Range]
// over the keys between two bounds. Skip lists run production concurrent maps (Java's
// ConcurrentSkipListMap and ConcurrentSkipListSet) for one reason: a balanced tree rotates, and
// a rotation touches nodes far apart that every other goroutine must then keep away from; a skip
// list changes only the few links next to one key, so goroutines working on different keys do
// not need to wait for each other.
//
// # Example
//
//	s := concurrentset.New()
//	var wg sync.WaitGroup
//	for g := range 4 {
//		wg.Add(1)
//		go func() {
//			defer wg.Done()
//			for k := g; k < 100; k += 4 {
//				s.Add(k) // true each time: every key is added once
//			}
//		}()
//	}
//	wg.Wait()
//	s.Len()          // 100
//	s.Add(7)         // false: 7 is there already
//	s.Remove(7)      // true
//	s.Contains(7)    // false
//	for k := range s.Range(5, 9) {
//		fmt.Print(k, " ") // 5 6 8 9
//	}
//
// # Constraints
//
// Keys are any int, math.MinInt and math.MaxInt included. New makes a set; the zero Set is not
// used. Every method is safe for any number of goroutines at once and has no data race: the
// judge runs its hidden tests under Go's race detector where the machine can build with it (cgo
// and a C compiler), all but the growth and scaling measurements, which run without it; a race
// it reports is runtime_error, naming both accesses at their lines in your files.
//
// Add, Remove and Contains are linearizable: each takes effect at one instant between its call
// and its return. Every concurrent history is then explained by some one-at-a-time history of a
// plain set that keeps the order of calls that did not overlap. If Add(5) returned before
// Contains(5) was called, Contains(5) must be true unless a Remove(5) came in between; two
// overlapping Add(5) on a set without 5 return true once and false once.
//
// Len returns the number of keys, exactly whenever no Add or Remove runs alongside.
//
// Range(lo, hi) returns an iter.Seq of the keys k with lo <= k <= hi, ascending. It is weakly
// consistent, as Java's iterators are. Range itself reads nothing; each run of the sequence
// walks the set, and while it runs it yields keys in strictly ascending order, each at most
// once, only keys in [lo, hi]; it yields every key that is in the set for the whole run and no
// key that is absent for the whole run; a key added or removed meanwhile may or may not be
// yielded. lo > hi yields nothing. It never panics under concurrent Adds and Removes, never
// makes them wait for the whole run, and stops at once when the loop breaks. The loop body may
// call any method of the same set (Remove the key just yielded, say). A Range of a set nobody
// changes meanwhile is exact.
//
// No call blocks or spins for ever, whatever the interleaving.
//
// The rule: the set is yours to write, so your package imports only the standard library (sync,
// sync/atomic, math/rand/v2, iter, ...), and nothing of the kit's own. The judge reports any
// other import as rule_violation.
//
// # Expected cost
//
// O(log n) expected per Add, Remove and Contains; O(1) per Len; O(log n + r) per Range that
// yields r keys. The judge measures each as n grows, on one goroutine, against the reference.
//
// And the set must scale: goroutines must be able to work at once. The judge runs 50% Contains,
// 25% Add and 25% Remove over 2^16 keys, half of them present, in at least 5 paired rounds of one
// goroutine and then two, for your set and the reference in the same run, and takes each one's
// median ratio (two goroutines' operations per second over one's). Your set is refused
// (time_limit_exceeded, "does not scale") when its median is below 1.0 and below 0.75 times the
// reference's, and only when the machine was otherwise idle and the reference reached 1.2;
// otherwise the row says "not judged" and why. On an idle 2-core machine a lazy skip list
// measures about 1.15 to 1.5, a set behind one sync.Mutex about 0.4.
//
// # Why one lock is correct but does not scale
//
// Take the skip list of the skiplist exercise (without duplicates) and put one sync.Mutex in the
// Set: every method locks it first and unlocks it on return. That set is right: each call takes
// effect while it holds the lock, so it is linearizable, and the lock orders every access, so
// there is no race. But only one goroutine works at a time; the others wait, and handing the
// lock from core to core moves its cache line and the nodes' with it. Two goroutines then do
// less than one alone. A sync.RWMutex lets Contains calls run together, but every Add or Remove
// still stops everyone, and the reader count itself is one cache line all readers write. Write
// the one-lock version first if you like: it is a good model to test against. Then make the lock
// many small ones.
//
// # The idea: the lazy skip list
//
// Herlihy, Lev, Luchangco and Shavit, "A Simple Optimistic Skiplist Algorithm" (2007). Each node
// holds its key, its tower of forward links, its own sync.Mutex and two flags:
//
//   - marked: the key has been removed. Setting it is the instant Remove takes effect; the node
//     is unlinked afterwards.
//   - fullyLinked: the node is linked on every level of its tower. Setting it is the instant Add
//     takes effect.
//
// A node is in the set exactly when it is reachable, fullyLinked and not marked. A sentinel head
// with the tallest tower sits before every key; the end of a level is nil (or a tail sentinel
// told apart by a flag, never by a key: math.MinInt and math.MaxInt are keys).
//
// find(key) searches as the sequential skip list does, with no lock, and records on every level
// the last node before key (preds[i]) and the first node at or after it (succs[i]).
//
// Contains(key): find, and answer whether a node of key was found, fullyLinked and not marked.
// It takes no lock and never retries: it is wait-free.
//
// Add(key), in a loop:
//
//  1. find. If a node of key is there and not marked, wait until it is fullyLinked (its Add is
//     about to return true) and return false. If it is marked, it is on its way out: retry.
//  2. Draw the new tower's height h. Lock preds[0], preds[1], ... preds[h-1] from the bottom up,
//     each distinct node once (one node is often the predecessor on several levels).
//  3. Validate: every locked pred is not marked, its succ is not marked, and pred.next[i] is
//     still succs[i]. Another goroutine may have changed any of that between find and the
//     locks. If validation fails, unlock everything and go back to 1.
//  4. Build the node with next[i] = succs[i], link it bottom up (preds[i].next[i] = node), set
//     fullyLinked, unlock, return true.
//
// Remove(key), in a loop:
//
//  1. find. If no node of key is there, or it is not fullyLinked, or it was not found on its own
//     top level, or it is marked, return false.
//  2. Lock the victim. If someone marked it meanwhile, unlock and return false. Else mark it:
//     the key is now gone, whatever happens next. Keep the victim locked.
//  3. Lock its preds bottom up and validate: each pred is not marked and pred.next[i] is still
//     the victim. If not, unlock the preds (keep the victim, keep it marked), find again and
//     repeat 3.
//  4. Unlink it top down (preds[i].next[i] = victim.next[i]), unlock all, return true.
//
// Why no deadlock: every goroutine takes locks in the same order, from higher keys to lower
// ones (bottom-up predecessors come in descending key order, and Remove's victim is above its
// predecessors), so no two goroutines can each hold a lock the other wants.
//
// Why the walk without locks is safe: a node's links change only under its lock, a marked
// node's links never change again (no one links after a marked pred), and links always point to
// greater keys. A search standing on a node that was just removed walks on to keys that are
// still correctly ordered.
//
// Len: an atomic.Int64 counter, +1 where Add sets fullyLinked, -1 where Remove marks. Range: find
// the last node before lo with the top-down walk (O(log n)), then walk level 0 up to hi with
// atomic loads, yielding each node that is fullyLinked and not marked when reached, and hold no
// lock while yield runs: the loop body may call Add or Remove on the same set.
//
// # Go's memory model and sync/atomic
//
// Two goroutines that touch the same variable, at least one writing, without a happens-before
// order between them (a lock, a channel, an atomic), race. In Go a racing program has no
// promises at all: a reader may see a link before the node's fields it points to, a field torn
// in two, or never see a flag change in a loop. A lock-free read is legal only through
// sync/atomic: atomic.Pointer[node] for each link, atomic.Bool for marked and fullyLinked,
// atomic.Int64 for the count. An atomic store happens before the atomic load that reads it, and
// everything written before the store is visible after the load: so fill the new node's links
// before the store that publishes it. Fields written once before the node is published (its key,
// the length of its tower) need no atomics. Plain bool flags "because they are only bools" race.
//
// # The lock-free variant, in a sketch
//
// Fraser's and Java's skip lists take no lock at all. Each link and the removed mark live in one
// word updated by compare-and-swap (Java marks a link with a special node; in Go an
// atomic.Pointer to a small immutable {next, marked} record does it). Remove marks the victim's
// links top down with CAS, and the bottom mark is its linearization point; any search that meets
// a marked node helps unlink it with a CAS on its predecessor; Add links bottom up with CAS and
// starts over when a CAS fails. It is harder to get right and not faster here; the judge accepts
// it as any right set.
//
// # The mistakes the judge knows
//
//   - One lock around everything: right, but does not scale (time_limit_exceeded, "does not
//     scale", on an idle machine).
//   - Flags or links read without sync/atomic: a data race (runtime_error naming both accesses).
//   - Contains that ignores marked or fullyLinked, or Add that skips validation: a history no
//     one-at-a-time set explains (wrong_answer, with the smallest such history goroutine by
//     goroutine).
//   - Locks taken in different orders by Add and Remove, a lock not released on a return path,
//     or a Range that holds a lock while yield runs: a deadlock (runtime_error, naming what each
//     goroutine waits on).
//   - A retry loop that never gives way: a livelock (time_limit_exceeded).
//   - A Len that walks the list, or a Range that walks from the head: growth (time_limit_exceeded).
//   - math.MinInt or math.MaxInt used as the sentinels' keys: wrong_answer.
//
// A concurrent interleaving cannot be replayed exactly: the judge gives the seed of the calls it
// drew, and the history that failed, which it recorded.
//
// # How to check your work
//
// From the kit's root, run
//
//	go run ./cmd/kata run concurrentset
//
// (or kata run concurrentset if you installed kata) to have the judge grade your code, and
// kata hint concurrentset when you want a hint. go test -race ./exercises/concurrentset runs the
// quick examples in concurrentset_test.go under the race detector; they skip until you have
// written the code, and you are welcome to add your own. The judge grades the whole package, so
// you may split your work over more files.
package concurrentset

import "iter"

// Set is a sorted set of ints that any number of goroutines may use at once.
// Create one with [New]; the zero value is not used.
type Set struct {
	// your fields here
}

// New returns an empty set.
func New() *Set {
	panic("not implemented")
}

// Add adds key and reports whether it was absent. Expected cost: O(log n).
func (s *Set) Add(key int) bool {
	panic("not implemented")
}

// Remove removes key and reports whether it was present. Expected cost: O(log n).
func (s *Set) Remove(key int) bool {
	panic("not implemented")
}

// Contains reports whether key is in the set. Expected cost: O(log n).
func (s *Set) Contains(key int) bool {
	panic("not implemented")
}

// Len returns the number of keys, exact whenever no Add or Remove runs alongside.
// Expected cost: O(1).
func (s *Set) Len() int {
	panic("not implemented")
}

// Range returns the keys k with lo <= k <= hi in ascending order, weakly consistent under
// concurrent changes (see the package documentation). Expected cost: O(log n + r) per run of
// the sequence that yields r keys.
func (s *Set) Range(lo, hi int) iter.Seq[int] {
	panic("not implemented")
}
