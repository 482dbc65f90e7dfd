// Package trie is a radix (Patricia) tree: each edge carries a label of one or more letters, and
// a node has at most one edge per first letter. StartsWith accepts only prefixes that end at a
// node, not inside an edge's label: after Insert("pe"), StartsWith("p") is false.
package trie

type node struct {
	label    string // label of the edge leading into this node
	children [26]*node
	leaf     bool
}

type Trie struct{ root *node }

func New() *Trie { return &Trie{root: &node{}} }

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func (t *Trie) Insert(word string) {
	n := t.root
	for {
		if len(word) == 0 {
			n.leaf = true
			return
		}
		c := word[0] - 'a'
		child := n.children[c]
		if child == nil {
			// copy the rest so we do not pin the caller's whole string
			n.children[c] = &node{label: string([]byte(word)), leaf: true}
			return
		}
		p := commonPrefix(word, child.label)
		if p == len(child.label) {
			n = child
			word = word[p:]
			continue
		}
		// split child at p
		mid := &node{label: child.label[:p]}
		child.label = child.label[p:]
		mid.children[child.label[0]-'a'] = child
		n.children[c] = mid
		n = mid
		word = word[p:]
	}
}

// locate returns the node reached after consuming s, and whether s ended exactly at it.
func (t *Trie) locate(s string) (n *node, exact, ok bool) {
	n = t.root
	for len(s) > 0 {
		child := n.children[s[0]-'a']
		if child == nil {
			return nil, false, false
		}
		p := commonPrefix(s, child.label)
		if p == len(s) {
			return child, p == len(child.label), true
		}
		if p < len(child.label) {
			return nil, false, false
		}
		n = child
		s = s[p:]
	}
	return n, true, true
}

func (t *Trie) Search(word string) bool {
	n, exact, ok := t.locate(word)
	return ok && exact && n.leaf
}

func (t *Trie) StartsWith(prefix string) bool {
	_, exact, ok := t.locate(prefix)
	return ok && exact
}
