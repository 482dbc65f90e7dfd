// Package trie keeps the inserted words in a sorted slice instead of a tree. Search and
// StartsWith binary-search it (a word starting with prefix, if any, is the first word not
// below prefix), which costs O(L·log n) string comparisons, nearly flat in n; but Insert puts
// each new word in place with slices.Insert, shifting every word after it (a memmove of n/2
// string headers on average): O(n) per Insert instead of O(L).
package trie

import (
	"slices"
	"strings"
)

type Trie struct {
	words []string // sorted, no duplicates
}

func New() *Trie {
	return &Trie{}
}

func (t *Trie) Insert(word string) {
	i, found := slices.BinarySearch(t.words, word)
	if !found {
		t.words = slices.Insert(t.words, i, word)
	}
}

func (t *Trie) Search(word string) bool {
	_, found := slices.BinarySearch(t.words, word)
	return found
}

func (t *Trie) StartsWith(prefix string) bool {
	i, _ := slices.BinarySearch(t.words, prefix)
	return i < len(t.words) && strings.HasPrefix(t.words[i], prefix)
}
