// Package trie is an array trie whose lookups forget that a missing child is nil.
package trie

type node struct {
	next  [26]*node
	isEnd bool
}

// Trie is a prefix tree.
type Trie struct {
	root *node
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{root: &node{}}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	p := t.root
	for i := 0; i < len(word); i++ {
		if p.next[word[i]-'a'] == nil {
			p.next[word[i]-'a'] = &node{}
		}
		p = p.next[word[i]-'a']
	}
	p.isEnd = true
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	p := t.root
	for i := 0; i < len(word); i++ {
		p = p.next[word[i]-'a']
	}
	return p.isEnd
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool {
	p := t.root
	for i := 0; i < len(prefix); i++ {
		p = p.next[prefix[i]-'a']
		if p == nil {
			return false
		}
	}
	return true
}
