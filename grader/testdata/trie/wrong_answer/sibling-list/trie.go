// Package trie keeps each node's children in a linked list sorted by letter (first child,
// next sibling). Adding a letter in the middle of the list forgets to link the rest of it
// behind the new node.
package trie

type node struct {
	letter      byte
	word        bool
	first, next *node
}

// Trie is a prefix tree.
type Trie struct {
	root node
}

// New returns an empty trie.
func New() *Trie { return &Trie{} }

// find returns n's child for letter, or nil.
func (n *node) find(letter byte) *node {
	for k := n.first; k != nil && k.letter <= letter; k = k.next {
		if k.letter == letter {
			return k
		}
	}
	return nil
}

// add returns n's child for letter, adding it in its place if it is missing.
func (n *node) add(letter byte) *node {
	if n.first == nil || letter < n.first.letter {
		n.first = &node{letter: letter, next: n.first}
		return n.first
	}
	k := n.first
	for k.next != nil && k.next.letter <= letter {
		k = k.next
	}
	if k.letter == letter {
		return k
	}
	k.next = &node{letter: letter}
	return k.next
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	n := &t.root
	for i := 0; i < len(word); i++ {
		n = n.add(word[i])
	}
	n.word = true
}

func (t *Trie) walk(s string) *node {
	n := &t.root
	for i := 0; i < len(s) && n != nil; i++ {
		n = n.find(s[i])
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
