// Package trie keeps each node's children in a slice sorted by letter and finds a child by
// binary search. Insert and the lookups are recursive.
package trie

import "sort"

type edge struct {
	letter byte
	to     *node
}

type node struct {
	edges []edge // sorted by letter
	end   bool
}

// Trie is a prefix tree.
type Trie struct {
	root *node
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{root: &node{}}
}

// index returns where letter is, or would be inserted, in n.edges.
func (n *node) index(letter byte) int {
	return sort.Search(len(n.edges), func(i int) bool { return n.edges[i].letter >= letter })
}

func (n *node) child(letter byte) *node {
	i := n.index(letter)
	if i < len(n.edges) && n.edges[i].letter == letter {
		return n.edges[i].to
	}
	return nil
}

func (n *node) insert(word string) {
	if word == "" {
		n.end = true
		return
	}
	next := n.child(word[0])
	if next == nil {
		next = &node{}
		i := n.index(word[0])
		n.edges = append(n.edges, edge{})
		copy(n.edges[i+1:], n.edges[i:])
		n.edges[i] = edge{letter: word[0], to: next}
	}
	next.insert(word[1:])
}

func (n *node) find(s string) *node {
	if n == nil || s == "" {
		return n
	}
	return n.child(s[0]).find(s[1:])
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) { t.root.insert(word) }

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	n := t.root.find(word)
	return n != nil && n.end
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool { return t.root.find(prefix) != nil }
