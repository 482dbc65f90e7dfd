package lsm

import (
	"bytes"
	"math/bits"
	"math/rand/v2"
)

// maxLevel bounds a skip-list node's height: 32 lanes are enough for 2^32 entries.
const maxLevel = 32

// entry is one key's latest write: a value, or a deletion (a tombstone).
type entry struct {
	key, value []byte
	deleted    bool
}

// size is what the entry counts towards the memtable's size: its key and its value.
func (e *entry) size() int { return len(e.key) + len(e.value) }

// node is a skip-list node holding one entry.
type node struct {
	entry
	next []*node // next[i] is the following node on level i
}

// memtable is the sorted in-memory part of the store: a skip list of one entry per key.
type memtable struct {
	head  node // sentinel before every key, as tall as maxLevel
	level int  // lanes in use
	n     int  // entries
	bytes int  // the sum of the entries' sizes
	rng   rand.PCG
}

func newMemtable() *memtable {
	m := &memtable{level: 1}
	m.head.next = make([]*node, maxLevel)
	m.rng.Seed(rand.Uint64(), rand.Uint64())
	return m
}

// find fills update[i] with the last node on level i whose key is below key, and returns the
// node holding key, or nil.
func (m *memtable) find(key []byte, update *[maxLevel]*node) *node {
	x := &m.head
	for i := m.level - 1; i >= 0; i-- {
		for x.next[i] != nil && bytes.Compare(x.next[i].key, key) < 0 {
			x = x.next[i]
		}
		if update != nil {
			update[i] = x
		}
	}
	if x = x.next[0]; x != nil && bytes.Equal(x.key, key) {
		return x
	}
	return nil
}

// get returns the entry of key, or nil.
func (m *memtable) get(key []byte) *entry {
	if x := m.find(key, nil); x != nil {
		return &x.entry
	}
	return nil
}

// set makes e the entry of its key, replacing an earlier one. e's slices are the memtable's.
func (m *memtable) set(e entry) {
	var update [maxLevel]*node
	if x := m.find(e.key, &update); x != nil {
		m.bytes += e.size() - x.size()
		x.value, x.deleted = e.value, e.deleted
		return
	}
	h := 1 + bits.TrailingZeros64(m.rng.Uint64()|1<<(maxLevel-1))
	for ; m.level < h; m.level++ {
		update[m.level] = &m.head
	}
	x := &node{entry: e, next: make([]*node, h)}
	for i := range h {
		x.next[i] = update[i].next[i]
		update[i].next[i] = x
	}
	m.n++
	m.bytes += e.size()
}

// all calls yield with every entry in key order.
func (m *memtable) all(yield func(*entry)) {
	for x := m.head.next[0]; x != nil; x = x.next[0] {
		yield(&x.entry)
	}
}
