// Package trie is an array trie whose root lives in a package-level variable, so every trie
// made by New shares the same words.
package trie

type node struct {
	kids [26]*node
	end  bool
}

var root = &node{}

// Trie is a prefix tree.
type Trie struct {
	root *node
}

// New returns a trie.
func New() *Trie {
	return &Trie{root: root}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	n := t.root
	for i := range len(word) {
		c := word[i] - 'a'
		if n.kids[c] == nil {
			n.kids[c] = &node{}
		}
		n = n.kids[c]
	}
	n.end = true
}

func (t *Trie) walk(s string) *node {
	n := t.root
	for i := 0; i < len(s) && n != nil; i++ {
		n = n.kids[s[i]-'a']
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
