// Package trie is no tree at all: it keeps the inserted words in a slice, and Search compares
// the word with each of them (==) while StartsWith tries strings.HasPrefix on each. The answers
// are right, but every call looks at all n words stored: O(n·L) per call where a trie costs
// O(L) whatever the number of words.
package trie

import "strings"

type Trie struct {
	words []string
}

func New() *Trie {
	return &Trie{}
}

func (t *Trie) Insert(word string) {
	if !t.Search(word) {
		t.words = append(t.words, word)
	}
}

func (t *Trie) Search(word string) bool {
	for _, w := range t.words {
		if w == word {
			return true
		}
	}
	return false
}

func (t *Trie) StartsWith(prefix string) bool {
	for _, w := range t.words {
		if strings.HasPrefix(w, prefix) {
			return true
		}
	}
	return false
}
