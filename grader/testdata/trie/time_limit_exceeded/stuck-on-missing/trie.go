// Package trie walks a prefix with an index loop that does not move on when a letter has no
// child: StartsWith of an absent prefix never returns.
package trie

type node struct {
	children [26]*node
	terminal bool
}

// Trie is a prefix tree.
type Trie struct {
	root *node
}

// New returns an empty trie.
func New() *Trie { return &Trie{root: &node{}} }

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	cur := t.root
	for i := 0; i < len(word); i++ {
		idx := word[i] - 'a'
		if cur.children[idx] == nil {
			cur.children[idx] = &node{}
		}
		cur = cur.children[idx]
	}
	cur.terminal = true
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	cur := t.root
	for i := 0; i < len(word); i++ {
		cur = cur.children[word[i]-'a']
		if cur == nil {
			return false
		}
	}
	return cur.terminal
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool {
	cur := t.root
	i := 0
	found := true
	for i < len(prefix) {
		next := cur.children[prefix[i]-'a']
		if next == nil {
			found = false
			continue
		}
		cur = next
		i++
	}
	return found
}
