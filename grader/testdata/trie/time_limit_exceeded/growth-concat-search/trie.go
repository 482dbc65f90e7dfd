// Package trie walks an array trie, but its Search rebuilds the matched prefix letter by letter,
// copying it at every step: O(L²) bytes copied per Search, hidden up to the contract's lengths
// behind the cost of one allocation per letter.
package trie

type node struct {
	next [26]*node
	end  bool
}

type Trie struct{ root *node }

func New() *Trie { return &Trie{root: &node{}} }

func (t *Trie) Insert(word string) {
	cur := t.root
	for i := 0; i < len(word); i++ {
		c := word[i] - 'a'
		if cur.next[c] == nil {
			cur.next[c] = &node{}
		}
		cur = cur.next[c]
	}
	cur.end = true
}

// Search rebuilds the matched prefix letter by letter and checks it at the end.
func (t *Trie) Search(word string) bool {
	cur := t.root
	prefix := ""
	for i := 0; i < len(word); i++ {
		cur = cur.next[word[i]-'a']
		if cur == nil {
			return false
		}
		prefix += string(word[i])
	}
	return cur.end && prefix == word
}

func (t *Trie) StartsWith(prefix string) bool {
	cur := t.root
	for i := 0; i < len(prefix); i++ {
		cur = cur.next[prefix[i]-'a']
		if cur == nil {
			return false
		}
	}
	return true
}
