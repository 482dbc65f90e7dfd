// Package trie is the exercise Implement Trie (Prefix Tree) (Medium, slug
// implement-trie-prefix-tree).
//
// Build a dictionary of words that answers two questions in time proportional to the length of
// the question, however many words it holds: was exactly this word inserted ([Trie.Search]),
// and does any inserted word start with this prefix ([Trie.StartsWith])?
//
// # Example
//
//	t := trie.New()
//	t.Insert("apple")
//	t.Search("apple")   // true
//	t.Search("app")     // false: "app" was never inserted as a word
//	t.StartsWith("app") // true: "apple" starts with it
//	t.Insert("app")
//	t.Search("app")     // true
//
// # Constraints
//
// Words and prefixes are 1 to 2000 bytes long and made of the lowercase ASCII letters a to z
// only. A word is a prefix of itself, so StartsWith(w) is true for every inserted word w.
// Inserting a word that is already there changes nothing.
//
// # Expected cost
//
// O(L) per Insert, Search and StartsWith, where L is the length of the argument, whatever the
// number of words stored. The judge measures how each operation grows; one that also grows with
// the number of words is reported as time_limit_exceeded.
//
// # The idea
//
// A trie (say "try", from retrieval) stores words letter by letter as paths in a tree. There is
// one node per distinct prefix of the inserted words: the root stands for the empty prefix, and
// an edge labelled with a letter c leads from the node of a prefix p to the node of p+c.
// Inserting "apple" walks from the root along a, p, p, l, e, creating each missing node on the
// way. Inserting "app" afterwards creates nothing: its path is already there. Words that share a
// prefix share its nodes.
//
// Each node needs its children by letter. With only the 26 letters a to z, the simplest and
// fastest choice is an array of 26 child pointers indexed by c - 'a'; a small map or a sorted
// slice of (letter, child) pairs uses less memory when most nodes have few children.
//
// Walking a path only shows that some inserted word starts with that string. To know which
// prefixes are whole words, put an end-of-word marker (a bool) on the node where each inserted
// word ends. Then:
//
//   - StartsWith(prefix) walks the prefix from the root and is true if every edge exists.
//   - Search(word) walks the word the same way and is true only if every edge exists and the
//     node it ends on is marked.
//
// That marker is exactly why, after inserting only "apple", Search("app") is false while
// StartsWith("app") is true: the node for "app" exists but is not marked. Inserting "app" marks
// it.
//
// Each operation follows one edge per letter, so it costs O(L) no matter how many words are
// stored. Compare a map from word to bool: Search is fast, but StartsWith would have to scan
// every word, or Insert would have to store every prefix too, which costs O(L²) per word.
//
// # How to check your work
//
// From the kit's root, run
//
//	go run ./cmd/kata run trie
//
// (or kata run trie if you installed kata) to have the judge grade your code, and
// kata hint trie when you want a hint. go test ./exercises/trie runs the quick examples in
// trie_test.go; they skip until you have written the code, and you are welcome to add your own.
// The judge grades the whole package, so you may split your work over more files.
package trie

// Trie is a prefix tree of words over the letters a to z.
// Create one with [New]; the zero value need not be usable.
type Trie struct {
	// your fields here
}

// New returns an empty trie.
func New() *Trie {
	panic("not implemented")
}

// Insert adds word (1 to 2000 letters a-z) to the trie; inserting it again changes nothing.
// Expected cost: O(L), L = len(word).
func (t *Trie) Insert(word string) {
	panic("not implemented")
}

// Search reports whether exactly word (1 to 2000 letters a-z) was inserted; a word that is only
// a prefix of inserted words does not count. Expected cost: O(L), L = len(word).
func (t *Trie) Search(word string) bool {
	panic("not implemented")
}

// StartsWith reports whether some inserted word begins with prefix (1 to 2000 letters a-z); a
// word counts as beginning with itself. Expected cost: O(L), L = len(prefix).
func (t *Trie) StartsWith(prefix string) bool {
	panic("not implemented")
}
