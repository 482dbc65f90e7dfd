package lsm

import "bytes"

// The memtable: a skip list of entries sorted by key (bytes.Compare), one entry per key.

const maxLevel = 20 // enough for 4^20 entries with p = 1/4

type node struct {
	key  []byte
	val  []byte
	tomb bool
	next []*node
}

type memtable struct {
	head  *node
	level int    // levels in use, 1..maxLevel
	n     int    // entries
	size  int    // sum of len(key)+len(val) over the entries
	seed  uint64 // xorshift state for the levels
}

func newMemtable() *memtable {
	return &memtable{head: &node{next: make([]*node, maxLevel)}, level: 1, seed: 0x9E3779B97F4A7C15}
}

func (m *memtable) rand() uint64 {
	x := m.seed
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	m.seed = x
	return x
}

func (m *memtable) randomLevel() int {
	lvl := 1
	for lvl < maxLevel && m.rand()&3 == 0 {
		lvl++
	}
	return lvl
}

// find returns the entry of key, or nil.
func (m *memtable) find(key []byte) *node {
	x := m.head
	for i := m.level - 1; i >= 0; i-- {
		for x.next[i] != nil && bytes.Compare(x.next[i].key, key) < 0 {
			x = x.next[i]
		}
	}
	x = x.next[0]
	if x != nil && bytes.Equal(x.key, key) {
		return x
	}
	return nil
}

// set inserts or replaces the entry of key; key and val are already the memtable's own.
func (m *memtable) set(key, val []byte, tomb bool) {
	var update [maxLevel]*node
	x := m.head
	for i := m.level - 1; i >= 0; i-- {
		for x.next[i] != nil && bytes.Compare(x.next[i].key, key) < 0 {
			x = x.next[i]
		}
		update[i] = x
	}
	if y := x.next[0]; y != nil && bytes.Equal(y.key, key) {
		m.size += len(val) - len(y.val)
		y.val, y.tomb = val, tomb
		return
	}
	lvl := m.randomLevel()
	if lvl > m.level {
		for i := m.level; i < lvl; i++ {
			update[i] = m.head
		}
		m.level = lvl
	}
	nd := &node{key: key, val: val, tomb: tomb, next: make([]*node, lvl)}
	for i := 0; i < lvl; i++ {
		nd.next[i] = update[i].next[i]
		update[i].next[i] = nd
	}
	m.n++
	m.size += len(key) + len(val)
}

// first returns the smallest entry, or nil; follow next[0] for the rest in key order.
func (m *memtable) first() *node { return m.head.next[0] }
