package lsm

import (
	"bytes"
	"slices"
)

// entry is one key's latest write: a value, or a deletion (a tombstone).
type entry struct {
	key, value []byte
	deleted    bool
}

// size is what the entry counts towards the memtable's size: its key and its value.
func (e *entry) size() int { return len(e.key) + len(e.value) }

// memtable is the in-memory part of the store: its entries in the order they came, sorted only
// when it is flushed.
type memtable struct {
	entries []entry
	n       int
	bytes   int
}

func newMemtable() *memtable { return &memtable{} }

// find returns the position of key's entry, or -1.
func (m *memtable) find(key []byte) int {
	for i := range m.entries {
		if bytes.Equal(m.entries[i].key, key) {
			return i
		}
	}
	return -1
}

// get returns the entry of key, or nil.
func (m *memtable) get(key []byte) *entry {
	if i := m.find(key); i >= 0 {
		return &m.entries[i]
	}
	return nil
}

// set makes e the entry of its key, replacing an earlier one.
func (m *memtable) set(e entry) {
	if i := m.find(e.key); i >= 0 {
		m.bytes += e.size() - m.entries[i].size()
		m.entries[i] = e
		return
	}
	m.entries = append(m.entries, e)
	m.n++
	m.bytes += e.size()
}

// all calls yield with every entry in key order.
func (m *memtable) all(yield func(*entry)) {
	slices.SortFunc(m.entries, func(a, b entry) int { return bytes.Compare(a.key, b.key) })
	for i := range m.entries {
		yield(&m.entries[i])
	}
}
