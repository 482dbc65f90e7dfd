// Package trie is an array trie with one child slot too few: 'z' - 'a' is 25.
package trie

const alphabet = 25 // letters a to z

type node struct {
	child [alphabet]*node
	end   bool
}

// Trie is a prefix tree.
type Trie struct {
	root node
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	n := &t.root
	for i := 0; i < len(word); i++ {
		c := word[i] - 'a'
		if n.child[c] == nil {
			n.child[c] = &node{}
		}
		n = n.child[c]
	}
	n.end = true
}

func (t *Trie) search(s string) *node {
	n := &t.root
	for i := 0; i < len(s); i++ {
		if n = n.child[s[i]-'a']; n == nil {
			return nil
		}
	}
	return n
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	n := t.search(word)
	return n != nil && n.end
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool { return t.search(prefix) != nil }
