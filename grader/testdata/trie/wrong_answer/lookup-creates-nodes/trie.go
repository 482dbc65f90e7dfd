// Package trie creates the missing nodes along the path of Search and StartsWith too (all but
// the last letter's): after Search("aa") on an empty trie, StartsWith("a") is true.
package trie

type node struct {
	child [26]*node
	end   bool
}

type Trie struct{ root *node }

func New() *Trie { return &Trie{root: &node{}} }

func (t *Trie) Insert(word string) {
	x := t.root
	for i := 0; i < len(word); i++ {
		c := word[i] - 'a'
		if x.child[c] == nil {
			x.child[c] = &node{}
		}
		x = x.child[c]
	}
	x.end = true
}

func (t *Trie) walk(s string) *node {
	x := t.root
	for i := 0; i < len(s); i++ {
		c := s[i] - 'a'
		if x.child[c] == nil {
			if i == len(s)-1 {
				return nil
			}
			x.child[c] = &node{} // reuse the insert path
		}
		x = x.child[c]
	}
	return x
}

func (t *Trie) Search(word string) bool {
	x := t.walk(word)
	return x != nil && x.end
}

func (t *Trie) StartsWith(prefix string) bool { return t.walk(prefix) != nil }
