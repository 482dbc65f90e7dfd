// A recursive walk that forgets its base case when the word is exhausted at a node without
// children: endless recursion, a fatal stack overflow that no recover can catch.
package trie

type node struct {
	children [26]*node
	end      bool
}

type Trie struct{ root node }

func New() *Trie { return &Trie{} }

func (t *Trie) Insert(word string) {
	x := &t.root
	for i := 0; i < len(word); i++ {
		c := word[i] - 'a'
		if x.children[c] == nil {
			x.children[c] = &node{}
		}
		x = x.children[c]
	}
	x.end = true
}

// find recurses down the word; on a word longer than any path it keeps calling itself with
// the same arguments.
func find(x *node, s string) *node {
	if x == nil {
		return nil
	}
	if len(s) == 0 {
		return x
	}
	var path [64]*node // where the walk has been: a big frame, so the stack fills fast
	path[0] = x
	next := path[0].children[s[0]-'a']
	if next == nil {
		return find(x, s) // should return nil
	}
	return find(next, s[1:])
}

func (t *Trie) Search(word string) bool {
	x := find(&t.root, word)
	return x != nil && x.end
}

func (t *Trie) StartsWith(prefix string) bool { return find(&t.root, prefix) != nil }
