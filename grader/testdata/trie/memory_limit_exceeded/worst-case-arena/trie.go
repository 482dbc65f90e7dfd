// Package trie preallocates, in every New, a node table for the worst case of the usual online
// judge's limits: 30000 calls of 2000 letters each, 60 million nodes of 104 bytes (6 GiB).
package trie

const maxNodes = 30000*2000 + 1

// Trie is a prefix tree.
type Trie struct {
	next  [][26]int32
	end   []bool
	count int32
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{next: make([][26]int32, maxNodes), end: make([]bool, maxNodes), count: 1}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	v := int32(0)
	for i := range len(word) {
		c := word[i] - 'a'
		if t.next[v][c] == 0 {
			t.next[v][c] = t.count
			t.count++
		}
		v = t.next[v][c]
	}
	t.end[v] = true
}

func (t *Trie) walk(s string) int32 {
	v := int32(0)
	for i := range len(s) {
		if v = t.next[v][s[i]-'a']; v == 0 {
			return -1
		}
	}
	return v
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	v := t.walk(word)
	return v >= 0 && t.end[v]
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool { return t.walk(prefix) >= 0 }
