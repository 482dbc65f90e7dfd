// Package trie has its structure and Insert written; the lookups are still the stubs.
package trie

type node struct {
	kids map[rune]*node
	end  bool
}

// Trie is a prefix tree.
type Trie struct {
	root *node
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{root: &node{kids: map[rune]*node{}}}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	n := t.root
	for _, r := range word {
		if n.kids[r] == nil {
			n.kids[r] = &node{kids: map[rune]*node{}}
		}
		n = n.kids[r]
	}
	n.end = true
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	panic("not implemented")
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool {
	panic("not implemented")
}
