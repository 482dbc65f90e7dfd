// Package trie is half done: Insert and Search work, StartsWith is still the stub.
package trie

type node struct {
	children [26]*node
	end      bool
}

// Trie is a prefix tree.
type Trie struct {
	root *node
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{root: &node{}}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	n := t.root
	for _, c := range []byte(word) {
		if n.children[c-'a'] == nil {
			n.children[c-'a'] = &node{}
		}
		n = n.children[c-'a']
	}
	n.end = true
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	n := t.root
	for _, c := range []byte(word) {
		if n = n.children[c-'a']; n == nil {
			return false
		}
	}
	return n.end
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool {
	panic("not implemented")
}
