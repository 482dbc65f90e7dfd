// Package trie keeps the words in a map for Search and in a list for StartsWith, which stops
// at the first word with the prefix: quick for a prefix that is there, a read of every word for
// one that is not.
package trie

import "strings"

// Trie is a dictionary of words over the letters a to z.
type Trie struct {
	words map[string]struct{}
	list  []string
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{words: make(map[string]struct{})}
}

// Insert adds word; inserting it again changes nothing.
func (t *Trie) Insert(word string) {
	if _, ok := t.words[word]; ok {
		return
	}
	t.words[word] = struct{}{}
	t.list = append(t.list, word)
}

// Search reports whether exactly word was inserted.
func (t *Trie) Search(word string) bool {
	_, ok := t.words[word]
	return ok
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool {
	if _, ok := t.words[prefix]; ok {
		return true
	}
	for _, w := range t.list {
		if strings.HasPrefix(w, prefix) {
			return true
		}
	}
	return false
}
