// Package trie is a right trie of 26 children a node but for StartsWith, which walks the prefix
// and then searches depth first below it for a node that ends a word ("a prefix only counts if
// some word is really below it"): every node on a path already is, so the search costs the
// depth of the nearest word below, which a short prefix of long words makes thousands of steps.
package trie

type node struct {
	kids [26]*node
	end  bool
}

type Trie struct{ root node }

func New() *Trie { return &Trie{} }

func (t *Trie) Insert(word string) {
	n := &t.root
	for i := 0; i < len(word); i++ {
		c := word[i] - 'a'
		if n.kids[c] == nil {
			n.kids[c] = &node{}
		}
		n = n.kids[c]
	}
	n.end = true
}

func (t *Trie) walk(s string) *node {
	n := &t.root
	for i := 0; i < len(s) && n != nil; i++ {
		n = n.kids[s[i]-'a']
	}
	return n
}

func (t *Trie) Search(word string) bool {
	n := t.walk(word)
	return n != nil && n.end
}

// StartsWith is true if some word ends at or below the prefix's node.
func (t *Trie) StartsWith(prefix string) bool {
	n := t.walk(prefix)
	if n == nil {
		return false
	}
	stack := []*node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.end {
			return true
		}
		for _, k := range x.kids {
			if k != nil {
				stack = append(stack, k)
			}
		}
	}
	return false
}
