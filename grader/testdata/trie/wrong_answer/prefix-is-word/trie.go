// Package trie is a first attempt: it stores the paths of the words but not where each word
// ends, so Search cannot tell a word from a prefix of a longer one.
package trie

type node struct {
	children [26]*node
}

// Trie is a prefix tree.
type Trie struct {
	root *node
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{root: new(node)}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	cur := t.root
	for _, ch := range word {
		if cur.children[ch-'a'] == nil {
			cur.children[ch-'a'] = new(node)
		}
		cur = cur.children[ch-'a']
	}
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	return t.StartsWith(word)
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool {
	cur := t.root
	for _, ch := range prefix {
		if cur.children[ch-'a'] == nil {
			return false
		}
		cur = cur.children[ch-'a']
	}
	return true
}
