package lsm

import (
	"bytes"
	"container/heap"
)

// iterator walks one table's entries in key order, reading one block at a time.
type iterator struct {
	d     Disk
	t     *table
	block int    // the next block to read
	r     reader // what is left of the current block
	cur   entry
	age   int // the table's position, newest 0: which entry wins between equal keys
	err   error
}

// next moves to the following entry; it returns false at the end or on an error (it.err).
func (it *iterator) next() bool {
	for len(it.r.b) == 0 {
		if it.block == len(it.t.blocks) {
			return false
		}
		b, err := it.t.readBlock(it.d, it.block)
		if err != nil {
			it.err = err
			return false
		}
		it.block++
		it.r = reader{b: b}
	}
	it.cur = it.r.entry()
	if it.r.err {
		it.err = errCorrupt
		return false
	}
	return true
}

// merger is a min-heap of iterators by their current key, the newest table first among equal
// keys: the k-way merge of compaction.
type merger []*iterator

func (m merger) Len() int { return len(m) }
func (m merger) Less(i, j int) bool {
	if c := bytes.Compare(m[i].cur.key, m[j].cur.key); c != 0 {
		return c < 0
	}
	return m[i].age < m[j].age
}
func (m merger) Swap(i, j int) { m[i], m[j] = m[j], m[i] }
func (m *merger) Push(x any)   { *m = append(*m, x.(*iterator)) }
func (m *merger) Pop() any {
	old := *m
	it := old[len(old)-1]
	*m = old[:len(old)-1]
	return it
}

// merge calls yield with each key's newest entry over tables, oldest first, in key order:
// O(N log T) for N entries in T tables.
func merge(d Disk, tables []*table, yield func(*entry)) error {
	h := make(merger, 0, len(tables))
	for i, t := range tables {
		it := &iterator{d: d, t: t, age: len(tables) - 1 - i}
		if it.next() {
			h = append(h, it)
		} else if it.err != nil {
			return it.err
		}
	}
	heap.Init(&h)
	var last []byte
	for len(h) > 0 {
		it := h[0]
		if last == nil || !bytes.Equal(it.cur.key, last) {
			yield(&it.cur)
			last = it.cur.key
		}
		if it.next() {
			heap.Fix(&h, 0)
		} else {
			if it.err != nil {
				return it.err
			}
			heap.Pop(&h)
		}
	}
	return nil
}
