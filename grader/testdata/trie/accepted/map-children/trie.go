// Package trie keeps each node's children in a map from letter to node, made only when the
// node gets its first child.
package trie

type node struct {
	children map[byte]*node
	isWord   bool
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
	cur := &t.root
	for i := 0; i < len(word); i++ {
		if cur.children == nil {
			cur.children = make(map[byte]*node)
		}
		next, ok := cur.children[word[i]]
		if !ok {
			next = &node{}
			cur.children[word[i]] = next
		}
		cur = next
	}
	cur.isWord = true
}

// find returns the node reached by s, or nil.
func (t *Trie) find(s string) *node {
	cur := &t.root
	for i := 0; i < len(s); i++ {
		cur = cur.children[s[i]]
		if cur == nil {
			return nil
		}
	}
	return cur
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	n := t.find(word)
	return n != nil && n.isWord
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool {
	return t.find(prefix) != nil
}
