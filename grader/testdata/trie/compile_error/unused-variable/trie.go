// Package trie is an array trie with a leftover variable in Search.
package trie

type node struct {
	next [26]*node
	word bool
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
		if n.next[c] == nil {
			n.next[c] = new(node)
		}
		n = n.next[c]
	}
	n.word = true
}

func (t *Trie) find(s string) *node {
	n := &t.root
	for i := 0; i < len(s) && n != nil; i++ {
		n = n.next[s[i]-'a']
	}
	return n
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	depth := len(word)
	n := t.find(word)
	return n != nil && n.word
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool { return t.find(prefix) != nil }
