// Package trie gives every node a map made for 27 entries, the 26 letters and an end-of-word
// mark, as a common LeetCode answer does: O(L) per call with a large constant, and far more
// memory per node than an array of children.
package trie

const end = '{' // the letter after 'z' marks the end of a word

type node struct {
	next map[byte]*node
}

func newNode() *node {
	return &node{next: make(map[byte]*node, 27)}
}

// Trie is a prefix tree.
type Trie struct {
	root *node
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{root: newNode()}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	cur := t.root
	for i := 0; i < len(word); i++ {
		next, ok := cur.next[word[i]]
		if !ok {
			next = newNode()
			cur.next[word[i]] = next
		}
		cur = next
	}
	cur.next[end] = nil
}

// walk returns the node reached by s, or nil.
func (t *Trie) walk(s string) *node {
	cur := t.root
	for i := 0; i < len(s); i++ {
		cur = cur.next[s[i]]
		if cur == nil {
			return nil
		}
	}
	return cur
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	n := t.walk(word)
	if n == nil {
		return false
	}
	_, ok := n.next[end]
	return ok
}

// StartsWith reports whether some inserted word starts with prefix.
func (t *Trie) StartsWith(prefix string) bool {
	return t.walk(prefix) != nil
}
