// Package trie stores its nodes in one growing slice and links them by index, the way a
// competitive programmer writes a trie: node 0 is the root, and a child index of 0 means
// "no child" since the root is nobody's child.
package trie

// Trie is a prefix tree.
type Trie struct {
	next [][26]int32
	end  []bool
}

// New returns an empty trie.
func New() *Trie {
	return &Trie{next: make([][26]int32, 1), end: make([]bool, 1)}
}

// Insert adds word to the trie.
func (t *Trie) Insert(word string) {
	v := int32(0)
	for _, r := range word {
		c := r - 'a'
		if t.next[v][c] == 0 {
			t.next = append(t.next, [26]int32{})
			t.end = append(t.end, false)
			t.next[v][c] = int32(len(t.next) - 1)
		}
		v = t.next[v][c]
	}
	t.end[v] = true
}

// walk returns the node s leads to, or -1.
func (t *Trie) walk(s string) int32 {
	v := int32(0)
	for _, r := range s {
		v = t.next[v][r-'a']
		if v == 0 {
			return -1
		}
	}
	return v
}

// Search reports whether word was inserted.
func (t *Trie) Search(word string) bool {
	v := t.walk(word)
	return v >= 0 && t.end[v]
}

// StartsWith reports whether some inserted word begins with prefix.
func (t *Trie) StartsWith(prefix string) bool { return t.walk(prefix) >= 0 }
