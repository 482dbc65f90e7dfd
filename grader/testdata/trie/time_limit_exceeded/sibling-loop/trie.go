// Package trie keeps each node's children in a linked list of siblings. Appending to the list
// restarts from the first sibling's successor instead of moving on, so adding a fourth child to
// a node loops forever.
package trie

type node struct {
	ch          byte
	word        bool
	child, next *node
}

// Trie is a prefix tree.
type Trie struct {
	root node
}

// New returns an empty trie.
func New() *Trie { return &Trie{} }

func (n *node) get(ch byte) *node {
	for k := n.child; k != nil; k = k.next {
		if k.ch == ch {
			return k
		}
	}
	return nil
}

func (n *node) put(ch byte) *node {
	k := &node{ch: ch}
	if n.child == nil {
		n.child = k
		return k
	}
	last := n.child
	for last.next != nil {
		last = n.child.next
	}
	last.next = k
	return k
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	n := &t.root
	for i := 0; i < len(word); i++ {
		k := n.get(word[i])
		if k == nil {
			k = n.put(word[i])
		}
		n = k
	}
	n.word = true
}

func (t *Trie) walk(s string) *node {
	n := &t.root
	for i := 0; i < len(s) && n != nil; i++ {
		n = n.get(s[i])
	}
	return n
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	n := t.walk(word)
	return n != nil && n.word
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool { return t.walk(prefix) != nil }
