// Package trie is a radix trie whose StartsWith accepts a prefix that ends inside an edge's
// label without comparing the label's letters up to there: after Insert("ab"), StartsWith("az")
// is true.
package trie

// Compressed (radix) trie: each edge carries a string label.
type node struct {
	label string // label of the edge into this node
	kids  []*node
	end   bool
}

type Trie struct{ root *node }

func New() *Trie { return &Trie{root: &node{}} }

func common(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

func (x *node) kid(c byte) int {
	for i, k := range x.kids {
		if k.label[0] == c {
			return i
		}
	}
	return -1
}

func (t *Trie) Insert(word string) {
	x := t.root
	for len(word) > 0 {
		i := x.kid(word[0])
		if i < 0 {
			x.kids = append(x.kids, &node{label: word, end: true})
			return
		}
		k := x.kids[i]
		p := common(k.label, word)
		if p < len(k.label) {
			// split k at p
			mid := &node{label: k.label[:p], kids: []*node{k}}
			k.label = k.label[p:]
			x.kids[i] = mid
			k = mid
		}
		word = word[p:]
		x = k
	}
	x.end = true
}

// locate returns the node reached and how much of its label is left unmatched.
func (t *Trie) locate(s string) (*node, int, bool) {
	x := t.root
	for len(s) > 0 {
		i := x.kid(s[0])
		if i < 0 {
			return nil, 0, false
		}
		k := x.kids[i]
		p := common(k.label, s)
		if p < len(k.label) {
			// the prefix ends inside this edge
			return k, len(k.label) - p, true
		}
		s = s[p:]
		x = k
	}
	return x, 0, true
}

func (t *Trie) Search(word string) bool {
	n, rest, ok := t.locate(word)
	return ok && rest == 0 && n.end
}

func (t *Trie) StartsWith(prefix string) bool {
	_, _, ok := t.locate(prefix)
	return ok
}
